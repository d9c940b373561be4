-- Fixture cases of enum-column. Format: test-support/rule-fixtures.ts.

-- matches: 2
CREATE TABLE task (id BIGINT PRIMARY KEY, state ENUM('open', 'done') NOT NULL, kind ENUM('bug', 'feature'));

-- matches: 1
ALTER TABLE orders MODIFY COLUMN o_orderstatus ENUM('O', 'F', 'P') NOT NULL;

-- matches: 0
CREATE TABLE task (id BIGINT PRIMARY KEY, state_id TINYINT NOT NULL);

-- matches: 0
CREATE TABLE task (id BIGINT PRIMARY KEY, state VARCHAR(10) DEFAULT 'enum');
