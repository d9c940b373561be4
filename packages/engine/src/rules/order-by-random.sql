-- Fixture cases of order-by-random. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT 1 FROM t ORDER BY RAND() LIMIT 1;

-- dialect: postgresql
-- matches: 1
SELECT 1 FROM t ORDER BY random() LIMIT 1;

-- matches: 0
SELECT 1 FROM t ORDER BY a LIMIT 1;
