-- Fixture cases of or-always-true. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT c_name FROM customer WHERE c_custkey = 42 OR 1 = 1;

-- dialect: postgresql
-- matches: 1
SELECT 1 FROM t WHERE b = 2 AND (a = 1 OR 'x' = 'x');

-- matches: 1
UPDATE customer SET c_acctbal = 0 WHERE c_name = 'x' OR 2 > 1;

-- matches: 0
SELECT 1 FROM t WHERE 1 = 1 AND a = 5;

-- The usual OR-builder seed `1 = 0 OR ...` is harmless.
-- matches: 0
SELECT 1 FROM t WHERE 1 = 0 OR a = 1 OR a = 2;

-- matches: 0
SELECT 1 FROM t WHERE a = 1 OR 'x' = 'X';

-- matches: 0
SELECT CASE WHEN a = 1 OR 1 = 1 THEN 1 END FROM t;
