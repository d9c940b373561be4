-- Fixture cases of coalesce-on-not-null. Format: test-support/rule-fixtures.ts.

-- schema: example
-- matches: 1
SELECT o_orderkey FROM orders WHERE COALESCE(o_totalprice, 0) > 1000;
-- after:
SELECT o_orderkey FROM orders WHERE o_totalprice > 1000;

-- dialect: postgresql
-- schema: example
-- matches: 2
SELECT o_orderkey FROM orders o JOIN customer c ON COALESCE(c.c_custkey, NULL, 0) = o.o_custkey WHERE coalesce(o_orderstatus, 'x') = 'F';
-- after:
SELECT o_orderkey FROM orders o JOIN customer c ON c.c_custkey = o.o_custkey WHERE o_orderstatus = 'F';

-- schema: example
-- matches: 1
SELECT l_orderkey FROM lineitem WHERE IFNULL(l_linenumber, 1) = 1 AND l_quantity > 5;
-- after:
SELECT l_orderkey FROM lineitem WHERE l_linenumber = 1 AND l_quantity > 5;

-- A decimal default makes an integer expression decimal (`/ 2` would stop truncating in PostgreSQL).
-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT l_orderkey FROM lineitem WHERE COALESCE(l_linenumber, 1.0) / 2 = 1;

-- schema: example
-- matches: 1
SELECT 1 FROM orders WHERE COALESCE(o_orderdate, '2000-01-01') > '1999-01-01';

-- A nullable column, the NULL-extended side of an outer join, the select list, no table structure.
-- schema: example
-- matches: 0
SELECT 1 FROM orders WHERE COALESCE(o_clerk, 'x') = 'y';

-- schema: example
-- matches: 0
SELECT 1 FROM customer c LEFT JOIN orders o ON o.o_custkey = c.c_custkey WHERE COALESCE(o.o_totalprice, 0) = 0;

-- schema: example
-- matches: 0
SELECT COALESCE(o_totalprice, 0) FROM orders;

-- matches: 0
SELECT 1 FROM orders WHERE COALESCE(o_totalprice, 0) > 1;

-- IFNULL is MySQL's; in PostgreSQL it would be a user function.
-- dialect: postgresql
-- schema: example
-- matches: 0
SELECT 1 FROM lineitem WHERE IFNULL(l_linenumber, 1) = 1;

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).

-- dialect: mysql postgresql
-- verify: only
SELECT o_orderkey FROM orders WHERE COALESCE(o_totalprice, 0) > 300000;

-- dialect: postgresql
-- verify: only
SELECT n.n_name, r.r_name FROM nation n JOIN region r ON COALESCE(r.r_regionkey, 0) = n.n_regionkey;

-- dialect: postgresql
-- verify: only
SELECT c_custkey FROM customer WHERE COALESCE(c_mktsegment, 'NONE') = 'BUILDING';

-- grp may be NULL (its COALESCE stays); flag may not.
-- dialect: mysql postgresql
-- verify: only
SELECT id FROM events WHERE COALESCE(flag, 0) > 3 AND COALESCE(grp, 0) = 0;

-- dialect: postgresql
-- verify: only
SELECT e.id, n.n_name FROM events e LEFT JOIN nation n ON n.n_nationkey = e.grp WHERE COALESCE(e.flag, 0) > 2;

-- dialect: mysql
-- verify: only
SELECT n.n_name, r.r_name FROM nation n JOIN region r ON IFNULL(r.r_regionkey, 0) = n.n_regionkey;

-- dialect: mysql
-- verify: only
SELECT c_custkey FROM customer WHERE COALESCE(c_mktsegment, 'NONE') = 'building';
