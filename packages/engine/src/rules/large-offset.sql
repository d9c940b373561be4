-- Fixture cases of large-offset. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT a FROM t ORDER BY a LIMIT 10 OFFSET 50000;

-- matches: 1
SELECT a FROM t ORDER BY a LIMIT 50000, 10;

-- matches: 0
SELECT a FROM t ORDER BY a LIMIT 10 OFFSET 20;
