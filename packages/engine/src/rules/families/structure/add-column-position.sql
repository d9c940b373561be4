-- Fixture cases of add-column-position. Format: test-support/rule-fixtures.ts.

-- matches: 1
ALTER TABLE orders ADD COLUMN o_channel VARCHAR(20) FIRST;

-- matches: 2
ALTER TABLE orders ADD COLUMN o_a INT AFTER o_custkey, ADD COLUMN o_b INT AFTER o_a;

-- matches: 0
ALTER TABLE orders ADD COLUMN o_channel VARCHAR(20) NULL;

-- matches: 0
ALTER TABLE orders ADD INDEX idx_date (o_orderdate);
