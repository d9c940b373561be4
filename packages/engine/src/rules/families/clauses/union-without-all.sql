-- Fixture cases of union-without-all. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT a FROM t UNION SELECT b FROM u;

-- dialect: postgresql
-- matches: 1
SELECT a FROM t UNION ALL SELECT b FROM u UNION SELECT c FROM v;

-- matches: 0
SELECT a FROM t UNION ALL SELECT b FROM u;

-- An explicit UNION DISTINCT asks for de-duplication.
-- matches: 0
SELECT a FROM t UNION DISTINCT SELECT b FROM u;

-- dialect: postgresql
-- matches: 0
SELECT a FROM t INTERSECT SELECT b FROM u;

-- In a recursive CTE, UNION's de-duplication is what stops the recursion on cycles.
-- dialect: postgresql
-- matches: 0
WITH RECURSIVE r(n) AS (SELECT 1 UNION SELECT n FROM r) SELECT n FROM r;

-- matches: 1
WITH RECURSIVE r(n) AS (SELECT 1 UNION SELECT n FROM r) SELECT n FROM r UNION SELECT 5;
