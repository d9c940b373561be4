-- Fixture cases of alter-column-type-rewrite. Format: test-support/rule-fixtures.ts.

-- dialect: postgresql
-- matches: 1
ALTER TABLE orders ALTER COLUMN o_custkey TYPE BIGINT;

-- Without the table structure the old type is unknown, and PostgreSQL's TYPE clause always means a change.
-- dialect: postgresql
-- matches: 2
ALTER TABLE orders ALTER COLUMN o_comment SET DATA TYPE TEXT, ALTER COLUMN o_clerk TYPE VARCHAR(30);

-- schema: example
-- matches: 1
ALTER TABLE orders MODIFY COLUMN o_custkey BIGINT;

-- schema: example
-- matches: 1
ALTER TABLE orders CHANGE COLUMN o_comment o_note TEXT;

-- VARCHAR to a longer VARCHAR or to TEXT is binary compatible in PostgreSQL.
-- dialect: postgresql
-- schema: example
-- matches: 0
ALTER TABLE orders ALTER COLUMN o_comment TYPE TEXT;

-- dialect: postgresql
-- matches: 0
ALTER TABLE orders ALTER COLUMN o_comment SET NOT NULL;

-- MySQL's MODIFY also changes comments and nullability: without the old type the rule stays silent.
-- matches: 0
ALTER TABLE orders MODIFY COLUMN o_custkey BIGINT;

-- schema: example
-- matches: 0
ALTER TABLE orders MODIFY COLUMN o_comment VARCHAR(200) NOT NULL;
