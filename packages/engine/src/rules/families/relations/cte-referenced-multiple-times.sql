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
