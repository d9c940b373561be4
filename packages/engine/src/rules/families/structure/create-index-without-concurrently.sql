-- Fixture cases of create-index-without-concurrently. Format: test-support/rule-fixtures.ts.

-- dialect: postgresql
-- matches: 1
CREATE UNIQUE INDEX uk_name ON customer (c_name);

-- dialect: postgresql
-- matches: 1
CREATE INDEX ON customer (lower(c_name));

-- dialect: postgresql
-- matches: 0
CREATE INDEX CONCURRENTLY idx_name ON customer (c_name);

-- MySQL builds secondary indexes online (ALGORITHM=INPLACE, LOCK=NONE) by default.
-- matches: 0
CREATE INDEX idx_name ON customer (c_name);
