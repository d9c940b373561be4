-- Fixture cases of utf8mb3-charset. Format: test-support/rule-fixtures.ts.

-- matches: 1
CREATE TABLE post (id BIGINT PRIMARY KEY, body TEXT) DEFAULT CHARACTER SET = utf8 DEFAULT COLLATE utf8_unicode_ci;

-- matches: 2
CREATE TABLE post (id BIGINT PRIMARY KEY, title VARCHAR(100) CHARACTER SET utf8mb3, slug VARCHAR(100) COLLATE utf8_bin);

-- matches: 1
ALTER TABLE orders CHARSET=utf8;

-- matches: 1
CREATE DATABASE shop CHARACTER SET utf8;

-- matches: 0
CREATE TABLE post (id BIGINT PRIMARY KEY, body TEXT) DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;

-- matches: 0
CREATE TABLE post (id BIGINT PRIMARY KEY, code VARCHAR(10) CHARACTER SET ascii, body TEXT);
