-- Fixture cases of leading-wildcard-like. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT 1 FROM customer WHERE c_name LIKE '%Smith';

-- matches: 0
SELECT 1 FROM customer WHERE c_name LIKE 'Smith%';

-- dialect: postgresql
-- matches: 1
SELECT 1 FROM t WHERE a ILIKE '_x';

-- A pattern built around a parameter (MyBatis: LIKE concat('%', #{name}, '%')).
-- matches: 1
SELECT 1 FROM customer WHERE c_name LIKE concat('%', ?, '%');

-- matches: 0
SELECT 1 FROM customer WHERE c_name LIKE concat(?, '%');

-- dialect: postgresql
-- matches: 1
SELECT 1 FROM customer WHERE c_name LIKE '%' || $1 || '%';

-- dialect: postgresql
-- matches: 0
SELECT 1 FROM customer WHERE c_name LIKE $1 || '%';
