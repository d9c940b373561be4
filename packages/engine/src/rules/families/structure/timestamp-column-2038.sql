-- Fixture cases of timestamp-column-2038. Format: test-support/rule-fixtures.ts.

-- matches: 2
CREATE TABLE session (id BIGINT PRIMARY KEY, created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP, expires_at TIMESTAMP(3) NULL);

-- matches: 1
ALTER TABLE orders ADD COLUMN o_paid_at TIMESTAMP NULL;

-- matches: 0
CREATE TABLE session (id BIGINT PRIMARY KEY, created_at DATETIME(3));

-- PostgreSQL's timestamp is 8 bytes and reaches year 294276.
-- dialect: postgresql
-- matches: 0
CREATE TABLE user_session (id BIGINT PRIMARY KEY, created_at TIMESTAMP);
