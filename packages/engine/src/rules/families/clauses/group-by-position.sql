-- Fixture cases of group-by-position. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT o_custkey, COUNT(*) FROM orders GROUP BY 1;

-- dialect: postgresql
-- matches: 2
SELECT a, b, COUNT(*) FROM t GROUP BY 1, 2;

-- matches: 0
SELECT o_custkey, COUNT(*) FROM orders GROUP BY o_custkey;

-- matches: 0
SELECT a, COUNT(*) FROM t GROUP BY a ORDER BY 1;
