-- Fixture cases of year-to-range. Format: test-support/rule-fixtures.ts.

-- schema: orders-customer
-- matches: 1
SELECT 1 FROM orders WHERE YEAR(o_orderdate) = 1995 AND o_custkey = 7;
-- after:
SELECT 1 FROM orders WHERE o_orderdate >= '1995-01-01' AND o_orderdate < '1996-01-01' AND o_custkey = 7;

-- schema: orders-customer
-- matches: 1
SELECT 1 FROM orders WHERE o_custkey = 7 OR 1995 < YEAR(o_orderdate);
-- after:
SELECT 1 FROM orders WHERE o_custkey = 7 OR o_orderdate >= '1996-01-01';

-- schema: orders-customer
-- matches: 1
SELECT 1 FROM orders WHERE o_custkey = 7 OR YEAR(o_orderdate) = 1995;
-- after:
SELECT 1 FROM orders WHERE o_custkey = 7 OR (o_orderdate >= '1995-01-01' AND o_orderdate < '1996-01-01');

-- dialect: postgresql
-- schema: orders-customer
-- matches: 1
SELECT 1 FROM orders WHERE EXTRACT(YEAR FROM o_orderdate) <= 1995;
-- after:
SELECT 1 FROM orders WHERE o_orderdate < '1996-01-01';

-- A string column that merely holds dates compares differently: reported, never rewritten.
-- schema: orders-customer
-- matches: 1
SELECT 1 FROM orders WHERE YEAR(o_clerk) = 1995;

-- schema: orders-customer
-- matches: 0
SELECT 1 FROM orders WHERE o_orderdate = 1995;

-- A CTE named like a table shadows it: o_orderdate is then the CTE's column, the table's VARCHAR o_note.
-- schema: shadowed-orders
-- matches: 1
WITH orders AS (SELECT o_orderkey, o_note AS o_orderdate FROM orders) SELECT o_orderkey FROM orders WHERE YEAR(o_orderdate) = 2024;

-- schema: shadowed-orders
-- matches: 1
SELECT o_orderkey FROM orders WHERE YEAR(o_orderdate) = 2024;
-- after:
SELECT o_orderkey FROM orders WHERE o_orderdate >= '2024-01-01' AND o_orderdate < '2025-01-01';

-- A CTE of another name passes the table's DATE column through: still a date, still no index on the CTE.
-- schema: shadowed-orders
-- matches: 1
WITH recent AS (SELECT o_orderkey, o_orderdate FROM orders) SELECT o_orderkey FROM recent WHERE YEAR(o_orderdate) = 2024;

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).

-- dialect: postgresql
-- verify: only
SELECT o_orderkey, o_orderdate FROM orders WHERE EXTRACT(YEAR FROM o_orderdate) = 1995;

-- dialect: postgresql
-- verify: only
SELECT count(*) FROM lineitem WHERE l_returnflag = 'R' OR EXTRACT(YEAR FROM l_shipdate) = 1993;

-- dialect: postgresql
-- verify: only
SELECT l_orderkey, l_linenumber FROM lineitem WHERE 1996 < EXTRACT(YEAR FROM l_shipdate);

-- dialect: postgresql
-- verify: only
SELECT o_orderkey FROM orders WHERE date_part('year', o_orderdate) <= 1993;

-- dialect: mysql
-- verify: only
SELECT o_orderkey, o_orderdate FROM orders WHERE YEAR(o_orderdate) = 1995;
