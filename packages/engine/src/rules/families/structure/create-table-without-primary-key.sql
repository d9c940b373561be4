-- Fixture cases of create-table-without-primary-key. Format: test-support/rule-fixtures.ts.

-- matches: 1
CREATE TABLE audit (at DATETIME, what VARCHAR(100));

-- dialect: postgresql
-- matches: 1
CREATE TABLE audit (logged_at TIMESTAMPTZ, what TEXT, UNIQUE (logged_at));

-- CREATE TABLE ... AS SELECT copies rows, not keys.
-- matches: 1
CREATE TABLE big_orders AS SELECT * FROM orders WHERE o_totalprice > 100000;

-- matches: 0
CREATE TABLE audit (id BIGINT PRIMARY KEY, at DATETIME);

-- dialect: postgresql
-- matches: 0
CREATE TABLE audit (id BIGINT, logged_at TIMESTAMPTZ, PRIMARY KEY (id, logged_at));

-- matches: 0
CREATE TEMPORARY TABLE scratch (n INT);

-- matches: 0
CREATE TABLE orders_copy LIKE orders;

-- A table of the table structure is the schema check's business (schema-missing-primary-key).
-- tables: CREATE TABLE audit (at DATETIME, what VARCHAR(100));
-- matches: 0
CREATE TABLE audit (at DATETIME, what VARCHAR(100));
