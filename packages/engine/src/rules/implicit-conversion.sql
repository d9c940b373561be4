-- Fixture cases of implicit-conversion. Format: test-support/rule-fixtures.ts.

-- schema: orders-customer
-- matches: 1
SELECT 1 FROM customer WHERE c_phone = 123;

-- schema: orders-customer
-- matches: 0
SELECT 1 FROM customer WHERE c_phone = '123';

-- Every text spelling is text (NCHAR was missing from one of the engine's old lists).
-- tables: CREATE TABLE codes (code NCHAR(10), n INT)
-- matches: 1
SELECT 1 FROM codes WHERE code = 123;

-- tables: CREATE TABLE codes (code NCHAR(10), n INT)
-- matches: 0
SELECT 1 FROM codes WHERE n = 123;

-- schema: orders-customer
-- matches: 0
SELECT 1 FROM customer WHERE c_custkey = 123;
