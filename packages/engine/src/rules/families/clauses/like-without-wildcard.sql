-- Fixture cases of like-without-wildcard. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT 1 FROM customer WHERE c_name LIKE 'Bob';

-- dialect: postgresql
-- matches: 1
SELECT 1 FROM t WHERE a NOT LIKE 'x';

-- matches: 0
SELECT 1 FROM customer WHERE c_name LIKE 'Bob%';

-- matches: 0
SELECT 1 FROM customer WHERE c_name LIKE 'B_b';

-- matches: 0
SELECT 1 FROM customer WHERE c_name LIKE ?;

-- matches: 0
SELECT 1 FROM t WHERE a LIKE 'x|y' ESCAPE '|';

-- ILIKE is case-insensitive, which = is not.
-- dialect: postgresql
-- matches: 0
SELECT 1 FROM t WHERE a ILIKE 'abc';
