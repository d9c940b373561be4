-- Fixture cases of cte-unused. Format: test-support/rule-fixtures.ts.

-- matches: 1
WITH recent AS (SELECT o_orderkey FROM orders) SELECT o_orderkey FROM orders;

-- dialect: postgresql
-- matches: 1
WITH a AS (SELECT 1 AS x), b AS (SELECT 2 AS y) SELECT x FROM a;

-- Read by another CTE, or in a subquery.
-- matches: 0
WITH a AS (SELECT 1 AS x), b AS (SELECT x FROM a) SELECT x FROM b;

-- dialect: postgresql
-- matches: 0
WITH big AS (SELECT o_custkey FROM orders WHERE o_totalprice > 1000) SELECT c_name FROM customer WHERE c_custkey IN (SELECT o_custkey FROM big);

-- matches: 0
WITH a AS (SELECT 1 AS x) SELECT 2 AS x UNION SELECT x FROM a;

-- A CTE of the same name in a subquery shadows this one: its read is not a read of the outer CTE.
-- dialect: postgresql
-- matches: 1
WITH a AS (SELECT 1 AS x) SELECT x FROM (WITH a AS (SELECT 2 AS x) SELECT x FROM a) d;

-- A recursive CTE that only reads itself is read by nobody.
-- dialect: postgresql
-- matches: 1
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 5) SELECT 1 AS one;

-- dialect: postgresql
-- matches: 0
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 5) SELECT n FROM seq;
