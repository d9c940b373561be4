-- Fixture cases of add-not-null-column-without-default. Format: test-support/rule-fixtures.ts.

-- matches: 1
ALTER TABLE orders ADD COLUMN o_channel VARCHAR(20) NOT NULL;

-- dialect: postgresql
-- matches: 1
ALTER TABLE orders ADD COLUMN o_channel TEXT NOT NULL, ADD COLUMN o_note TEXT;

-- matches: 0
ALTER TABLE orders ADD COLUMN o_channel VARCHAR(20) NOT NULL DEFAULT 'web';

-- matches: 0
ALTER TABLE orders ADD COLUMN o_seq BIGINT NOT NULL AUTO_INCREMENT UNIQUE;

-- dialect: postgresql
-- matches: 0
ALTER TABLE orders ADD COLUMN o_seq BIGSERIAL NOT NULL;

-- CREATE TABLE has no existing rows.
-- matches: 0
CREATE TABLE t (id BIGINT PRIMARY KEY, a INT NOT NULL);
