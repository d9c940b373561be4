-- Fixture cases of or-to-union-all. Format: test-support/rule-fixtures.ts.

-- schema: example
-- matches: 1
SELECT o_orderkey, o_totalprice FROM orders WHERE o_orderkey = 7 OR o_custkey = 42;
-- after:
SELECT o_orderkey, o_totalprice FROM orders WHERE o_orderkey = 7 UNION ALL SELECT o_orderkey, o_totalprice FROM orders WHERE o_custkey = 42 AND (o_orderkey = 7) IS NOT TRUE;

-- Sides on one column stay together; the other conditions go into both branches; ORDER BY by name and position.
-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT o_orderkey AS k, o_totalprice FROM orders o WHERE o.o_totalprice > 10 AND (o_orderkey IN (1, 2) OR o.o_custkey IS NULL OR o_orderkey BETWEEN 5 AND 6) AND (o_comment LIKE '%x%' OR o_clerk = 'a') ORDER BY k DESC, 2;
-- after:
SELECT o_orderkey AS k, o_totalprice FROM orders o WHERE o.o_totalprice > 10 AND (o_comment LIKE '%x%' OR o_clerk = 'a') AND (o_orderkey IN (1, 2) OR o_orderkey BETWEEN 5 AND 6) UNION ALL SELECT o_orderkey AS k, o_totalprice FROM orders o WHERE o.o_totalprice > 10 AND (o_comment LIKE '%x%' OR o_clerk = 'a') AND o.o_custkey IS NULL AND (o_orderkey IN (1, 2) OR o_orderkey BETWEEN 5 AND 6) IS NOT TRUE ORDER BY k DESC, 2;

-- schema: example
-- matches: 1
SELECT l_orderkey, l_linenumber FROM lineitem WHERE l_shipdate >= '1998-01-01' OR l_orderkey < 100;
-- after:
SELECT l_orderkey, l_linenumber FROM lineitem WHERE l_shipdate >= '1998-01-01' UNION ALL SELECT l_orderkey, l_linenumber FROM lineitem WHERE l_orderkey < 100 AND (l_shipdate >= '1998-01-01') IS NOT TRUE;

-- Advice: a side without an index, LIMIT, no table structure, an ORDER BY on a non-output column,
-- a text column compared with a number (MySQL converts every value), a random value.
-- schema: example
-- matches: 1
SELECT o_orderkey FROM orders WHERE o_orderkey = 7 OR o_orderstatus = 'F';

-- schema: example
-- matches: 1
SELECT o_orderkey FROM orders WHERE o_orderkey = 7 OR o_custkey = 42 ORDER BY o_orderkey LIMIT 5;

-- matches: 1
SELECT o_orderkey FROM orders WHERE o_orderkey = 7 OR o_custkey = 42;

-- schema: example
-- matches: 1
SELECT o_orderkey FROM orders WHERE o_orderkey = 7 OR o_custkey = 42 ORDER BY o_totalprice;

-- schema: example
-- tables: CREATE INDEX idx_customer_name ON customer (c_name);
-- matches: 1
SELECT c_custkey FROM customer WHERE c_custkey = 7 OR c_name = 42;

-- schema: example
-- matches: 1
SELECT o_orderkey FROM orders WHERE (o_orderkey = 7 OR o_custkey = 42) AND o_totalprice > RAND();

-- schema: example
-- matches: 1
SELECT o_orderkey FROM orders WHERE o_orderkey = ? OR o_custkey = ?;

-- Not this rule: one column only, a join, a side no index can serve.
-- schema: example
-- matches: 0
SELECT o_orderkey FROM orders WHERE o_orderkey = 7 OR o_orderkey = 9;

-- schema: example
-- matches: 0
SELECT o_orderkey FROM orders JOIN customer ON c_custkey = o_custkey WHERE o_orderkey = 7 OR c_custkey = 42;

-- schema: example
-- matches: 0
SELECT o_orderkey FROM orders WHERE o_orderkey <> 7 OR o_custkey = 42;

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).
-- It needs two indexed columns of one table: `events` (id, grp, label; NULLs in grp and label) on both
-- databases, and on MySQL also lineitem, whose foreign keys InnoDB indexes.

-- dialect: mysql postgresql
-- verify: only
SELECT id, grp, label FROM events WHERE id < 4 OR grp = 3;

-- dialect: mysql postgresql
-- verify: only
SELECT id, grp FROM events WHERE flag > 0 AND (grp = 1 OR label = 'b');

-- dialect: mysql
-- verify: only
SELECT l_orderkey, l_linenumber, l_quantity FROM lineitem WHERE l_orderkey < 3826000 OR l_partkey < 2000;

-- dialect: mysql
-- verify: only
SELECT l_orderkey AS k, l_linenumber, l_partkey FROM lineitem WHERE l_quantity > 20 AND (l_orderkey IN (3825665, 3825666, 3826048) OR l_partkey BETWEEN 1000 AND 5000 OR l_orderkey > 5283000) ORDER BY k, 2;
