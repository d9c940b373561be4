-- Fixture cases of mixed-case-identifier. Format: test-support/rule-fixtures.ts.

-- dialect: postgresql
-- matches: 3
CREATE TABLE "Customer" (id BIGINT PRIMARY KEY, "firstName" TEXT, "lastName" TEXT);

-- dialect: postgresql
-- matches: 1
ALTER TABLE customer ADD COLUMN "Nickname" TEXT;

-- dialect: postgresql
-- matches: 1
CREATE INDEX "IdxName" ON customer (c_name);

-- Unquoted capitals fold to lower case; quoted lower case is harmless.
-- dialect: postgresql
-- matches: 0
CREATE TABLE Customer (id BIGINT PRIMARY KEY, FirstName TEXT, "last_name" TEXT);

-- Only DDL: a query quoting existing names is not where the name is chosen.
-- dialect: postgresql
-- matches: 0
SELECT "firstName" FROM "Customer";
