-- Fixture cases of drop-table. Format: test-support/rule-fixtures.ts.

-- matches: 1
DROP TABLE orders;

-- matches: 1
DROP TABLE IF EXISTS orders, lineitem;

-- matches: 1
DROP DATABASE shop;

-- dialect: postgresql
-- matches: 1
DROP TABLE orders CASCADE;

-- Dropping an index or a view loses no data.
-- matches: 0
DROP INDEX idx_orders_custkey ON orders;

-- matches: 0
DROP VIEW recent_orders;

-- dialect: postgresql
-- matches: 0
DROP INDEX idx_orders_custkey;
