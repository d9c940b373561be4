-- Fixture cases of reserved-word-identifier. Format: test-support/rule-fixtures.ts.

-- matches: 3
CREATE TABLE `order` (id BIGINT PRIMARY KEY, `key` VARCHAR(40), `groups` INT, status INT);

-- matches: 1
ALTER TABLE orders ADD COLUMN `desc` VARCHAR(200);

-- `user` is reserved in PostgreSQL, not in MySQL; the parser even lets it through unquoted.
-- dialect: postgresql
-- matches: 2
CREATE TABLE audit (id BIGINT PRIMARY KEY, user VARCHAR(40), "offset" INT);

-- matches: 0
CREATE TABLE audit (id BIGINT PRIMARY KEY, user VARCHAR(40));

-- dialect: postgresql
-- matches: 0
CREATE TABLE audit (id BIGINT PRIMARY KEY, status INT, name TEXT, type INT);
