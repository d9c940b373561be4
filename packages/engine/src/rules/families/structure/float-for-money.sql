-- Fixture cases of float-for-money. Format: test-support/rule-fixtures.ts.

-- matches: 2
CREATE TABLE product (id BIGINT PRIMARY KEY, unitPrice FLOAT, shipping_fee DOUBLE(10,2), weight DOUBLE);

-- matches: 1
ALTER TABLE customer ADD COLUMN c_balance_usd DOUBLE;

-- dialect: postgresql
-- matches: 3
CREATE TABLE product (id BIGINT PRIMARY KEY, price REAL, total_cost DOUBLE PRECISION, balance FLOAT8);

-- matches: 0
CREATE TABLE product (id BIGINT PRIMARY KEY, price DECIMAL(12,2), weight DOUBLE, tax_rate FLOAT);

-- dialect: postgresql
-- matches: 0
CREATE TABLE product (id BIGINT PRIMARY KEY, price NUMERIC(12,2), latitude DOUBLE PRECISION);
