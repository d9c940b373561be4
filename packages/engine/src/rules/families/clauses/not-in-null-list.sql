-- Fixture cases of not-in-null-list. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT 1 FROM orders WHERE o_orderstatus NOT IN ('F', NULL);

-- dialect: postgresql
-- matches: 1
SELECT 1 FROM t WHERE a NOT IN (NULL, 1, 2);

-- matches: 0
SELECT 1 FROM orders WHERE o_orderstatus NOT IN ('F', 'O');

-- In an IN list a NULL is merely useless, not fatal.
-- matches: 0
SELECT 1 FROM orders WHERE o_orderstatus IN ('F', NULL);

-- matches: 0
SELECT 1 FROM orders WHERE o_custkey NOT IN (SELECT c_custkey FROM customer);
