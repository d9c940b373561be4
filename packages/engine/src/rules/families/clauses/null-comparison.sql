-- Fixture cases of null-comparison. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT 1 FROM orders WHERE o_clerk = NULL;

-- matches: 2
SELECT 1 FROM orders WHERE o_clerk <> NULL OR NULL != o_custkey;

-- dialect: postgresql
-- matches: 1
SELECT 1 FROM t WHERE a = NULL;

-- matches: 1
SELECT CASE WHEN a = NULL THEN 1 END FROM t;

-- matches: 0
SELECT 1 FROM orders WHERE o_clerk IS NULL OR o_custkey IS NOT NULL;

-- An assignment is not a comparison.
-- matches: 0
UPDATE orders SET o_clerk = NULL WHERE o_orderkey = 1;

-- dialect: postgresql
-- matches: 0
SELECT 1 FROM t WHERE a IS NOT NULL;
