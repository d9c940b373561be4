-- Fixture cases of deep-nesting. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT 1 FROM t WHERE a IN (SELECT b FROM u WHERE b IN (SELECT c FROM v WHERE c IN (SELECT d FROM w WHERE d IN (SELECT e FROM z))));

-- dialect: postgresql
-- matches: 1
SELECT 1 FROM (SELECT * FROM (SELECT * FROM (SELECT * FROM (SELECT 1 AS x FROM t) a) b) c) d;

-- matches: 0
SELECT 1 FROM t WHERE a IN (SELECT b FROM u WHERE b IN (SELECT c FROM v WHERE c IN (SELECT d FROM w)));

-- UNION branches and CTE bodies are side by side, not nested.
-- dialect: postgresql
-- matches: 0
WITH x AS (SELECT k FROM t WHERE k IN (SELECT k FROM u WHERE k IN (SELECT k FROM v))) SELECT k FROM x WHERE k IN (SELECT k FROM w UNION SELECT k FROM z);
