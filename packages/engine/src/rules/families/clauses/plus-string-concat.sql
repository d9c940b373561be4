-- Fixture cases of plus-string-concat. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT c_name + ' ' + c_phone FROM customer;

-- matches: 1
SELECT 1 FROM t WHERE name = 'Mr ' + last_name;

-- matches: 1
SELECT 'a' + 'b';

-- matches: 0
SELECT a + '1' FROM t;

-- matches: 0
SELECT a + ' 2.5e3 ' FROM t;

-- Date arithmetic does accept a string.
-- matches: 0
SELECT '2024-01-01' + INTERVAL 1 DAY;

-- matches: 0
SELECT CONCAT(c_name, ' ', c_phone) FROM customer;
