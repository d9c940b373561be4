-- Fixture cases of update-without-where. Format: test-support/rule-fixtures.ts.

-- matches: 1
UPDATE orders SET o_clerk = NULL;

-- matches: 0
UPDATE orders SET o_clerk = NULL WHERE o_orderkey = 1;
