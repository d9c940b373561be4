-- Fixture cases of update-with-limit-without-order. Format: test-support/rule-fixtures.ts.

-- matches: 1
UPDATE orders SET o_orderstatus = 'P' WHERE o_orderstatus = 'O' LIMIT 100;

-- matches: 0
UPDATE orders SET o_orderstatus = 'P' WHERE o_orderstatus = 'O' ORDER BY o_orderkey LIMIT 100;

-- matches: 0
UPDATE orders SET o_orderstatus = 'P' WHERE o_orderkey = 1;
