-- Fixture cases of for-update-without-where. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT o_orderkey FROM orders FOR UPDATE;

-- matches: 1
SELECT o_orderkey FROM orders LOCK IN SHARE MODE;

-- matches: 0
SELECT o_orderkey FROM orders WHERE o_orderkey = 1 FOR UPDATE;

-- The queue pattern: one row, skipping locked ones.
-- matches: 0
SELECT o_orderkey FROM orders ORDER BY o_orderkey LIMIT 1 FOR UPDATE SKIP LOCKED;

-- matches: 0
SELECT o_orderkey FROM orders;

-- matches: 1
SELECT o_orderkey FROM orders FOR SHARE;

-- dialect: postgresql
-- matches: 1
SELECT o_orderkey FROM orders FOR NO KEY UPDATE NOWAIT;

-- dialect: postgresql
-- matches: 0
SELECT o_orderkey FROM orders WHERE o_orderkey = 1 FOR UPDATE OF orders SKIP LOCKED;
