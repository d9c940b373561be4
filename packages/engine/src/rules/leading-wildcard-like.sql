-- Fixture cases of leading-wildcard-like. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT 1 FROM customer WHERE c_name LIKE '%Smith';

-- matches: 0
SELECT 1 FROM customer WHERE c_name LIKE 'Smith%';

-- dialect: postgresql
-- matches: 1
SELECT 1 FROM t WHERE a ILIKE '_x';
