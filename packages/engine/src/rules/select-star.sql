-- Fixture cases of select-star. Format: test-support/rule-fixtures.ts.

-- Without the table structure, * cannot be spelled out.
-- matches: 1
SELECT * FROM orders;

-- matches: 1
SELECT o.* FROM orders o;

-- schema: example
-- matches: 1
SELECT * FROM region WHERE r_regionkey = 1;
-- after:
SELECT r_regionkey, r_name, r_comment FROM region WHERE r_regionkey = 1;

-- schema: example
-- matches: 1
SELECT n.*, r_name FROM nation n JOIN region r ON r.r_regionkey = n.n_regionkey;
-- after:
SELECT n.n_nationkey, n.n_name, n.n_regionkey, n.n_comment, r_name FROM nation n JOIN region r ON r.r_regionkey = n.n_regionkey;

-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT DISTINCT * FROM region r, nation WHERE r.r_regionkey = n_regionkey ORDER BY 1;
-- after:
SELECT DISTINCT r.r_regionkey, r.r_name, r.r_comment, nation.n_nationkey, nation.n_name, nation.n_regionkey, nation.n_comment FROM region r, nation WHERE r.r_regionkey = n_regionkey ORDER BY 1;

-- Names that need quoting are quoted as the dialect reads them.
-- tables: CREATE TABLE t (a INT, `order` INT, `my col` INT);
-- matches: 1
SELECT * FROM t;
-- after:
SELECT a, `order`, `my col` FROM t;

-- Not expanded: USING merges columns, a subquery or an unknown table has no known columns, a CTE shadows
-- the table, a PostgreSQL mixed-case name may or may not have been quoted in the DDL.
-- schema: example
-- matches: 1
SELECT * FROM nation JOIN region USING (r_regionkey);

-- schema: example
-- matches: 1
SELECT * FROM (SELECT 1 AS a) x;

-- schema: example
-- matches: 1
SELECT * FROM region, t;

-- dialect: postgresql
-- schema: example
-- matches: 1
WITH region AS (SELECT 1 AS k) SELECT * FROM region;

-- dialect: postgresql
-- tables: CREATE TABLE t (a INT, "Mixed" INT);
-- matches: 1
SELECT * FROM t;

-- matches: 0
SELECT o_orderkey FROM orders WHERE EXISTS (SELECT * FROM customer);

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).

-- dialect: mysql postgresql
-- verify: only
SELECT * FROM nation WHERE n_regionkey = 1;

-- dialect: postgresql
-- verify: only
SELECT n.*, r_name FROM nation n JOIN region r ON r.r_regionkey = n.n_regionkey;

-- dialect: postgresql
-- verify: only
SELECT * FROM events;

-- dialect: mysql
-- verify: only
SELECT e.*, n_name FROM events e, nation WHERE n_nationkey = e.grp;

-- A CTE shadows a table only where SQL makes it visible: one defined inside a subquery leaves the main query's
-- table of the same name a table, so its * is spelled out.
-- schema: example
-- matches: 1
SELECT * FROM region WHERE r_regionkey IN (WITH region AS (SELECT 1 AS k) SELECT k FROM region);
-- after:
SELECT r_regionkey, r_name, r_comment FROM region WHERE r_regionkey IN (WITH region AS (SELECT 1 AS k) SELECT k FROM region);
