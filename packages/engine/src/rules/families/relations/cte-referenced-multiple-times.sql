-- Fixture cases of cte-referenced-multiple-times. Format: test-support/rule-fixtures.ts.

-- dialect: postgresql
-- matches: 1
WITH totals AS (SELECT o_custkey, SUM(o_totalprice) AS total FROM orders GROUP BY o_custkey) SELECT a.o_custkey FROM totals a JOIN totals b ON b.total = a.total;

-- dialect: postgresql
-- matches: 1
WITH t AS (SELECT 1 AS x) SELECT x FROM t WHERE x IN (SELECT x FROM t);

-- dialect: postgresql
-- matches: 0
WITH t AS (SELECT 1 AS x) SELECT x FROM t;

-- A recursive CTE reads itself: always materialized, not this rule's point.
-- dialect: postgresql
-- matches: 0
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 5) SELECT n FROM seq;

-- Named like the table its body reads (not recursive: the body's orders is the table), read twice.
-- dialect: postgresql
-- matches: 1
WITH orders AS (SELECT o_orderkey, o_custkey FROM orders WHERE o_totalprice > 10) SELECT a.o_orderkey FROM orders a JOIN orders b ON a.o_custkey = b.o_custkey;

-- The subquery's t is its own CTE: the outer t is read once.
-- dialect: postgresql
-- matches: 0
WITH t AS (SELECT 1 AS x) SELECT x FROM t WHERE x IN (WITH t AS (SELECT 2 AS x) SELECT x FROM t);
