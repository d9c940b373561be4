import type { RuleCase } from '../../fixtures/case.ts';
import { exampleSchema as schema } from '../../fixtures/schema.ts';

/** A CREATE TABLE of `columns` columns besides its primary key. */
function tableOfColumns(columns: number): string {
  const list = Array.from({ length: columns }, (_, i) => `c${i + 1} INT`).join(', ');
  return `CREATE TABLE wide (id BIGINT PRIMARY KEY, ${list})`;
}

/** Table structure with TEXT, BLOB and JSON columns, for the index rules on ALTER TABLE and CREATE INDEX. */
const documentSchema =
  'CREATE TABLE document (id BIGINT PRIMARY KEY, title VARCHAR(200) NOT NULL, body TEXT, raw BLOB, meta JSON, price INT, created_at DATETIME)';

/** Positive and negative cases of this family's rules. */
export const structureCases: RuleCase[] = [
  // drop-table
  { rule: 'drop-table', sql: 'DROP TABLE orders', matches: 1 },
  { rule: 'drop-table', sql: 'DROP TABLE IF EXISTS orders, lineitem', matches: 1 },
  { rule: 'drop-table', sql: 'DROP DATABASE shop', matches: 1 },
  { rule: 'drop-table', sql: 'DROP TABLE orders CASCADE', dialect: 'postgresql', matches: 1 },
  // Dropping an index or a view loses no data.
  { rule: 'drop-table', sql: 'DROP INDEX idx_orders_custkey ON orders', matches: 0 },
  { rule: 'drop-table', sql: 'DROP VIEW recent_orders', matches: 0 },
  { rule: 'drop-table', sql: 'DROP INDEX idx_orders_custkey', dialect: 'postgresql', matches: 0 },

  // truncate-table
  { rule: 'truncate-table', sql: 'TRUNCATE TABLE lineitem', matches: 1 },
  { rule: 'truncate-table', sql: 'TRUNCATE lineitem', matches: 1 },
  {
    rule: 'truncate-table',
    sql: 'TRUNCATE orders, lineitem RESTART IDENTITY CASCADE',
    dialect: 'postgresql',
    matches: 1,
  },
  { rule: 'truncate-table', sql: "SELECT COUNT(*) FROM lineitem WHERE l_shipdate < '1992-06-01'", matches: 0 },
  {
    rule: 'truncate-table',
    sql: "UPDATE lineitem SET l_comment = 'truncate' WHERE l_orderkey = 1",
    dialect: 'postgresql',
    matches: 0,
  },

  // grant-all-privileges
  { rule: 'grant-all-privileges', sql: "GRANT ALL ON *.* TO 'app'@'%' WITH GRANT OPTION", matches: 1 },
  { rule: 'grant-all-privileges', sql: 'GRANT ALL ON shop.* TO app', matches: 1 },
  {
    rule: 'grant-all-privileges',
    sql: 'GRANT ALL PRIVILEGES ON ALL TABLES IN SCHEMA public TO app',
    dialect: 'postgresql',
    matches: 1,
  },
  { rule: 'grant-all-privileges', sql: 'GRANT ALL ON orders TO app', dialect: 'postgresql', matches: 1 },
  { rule: 'grant-all-privileges', sql: "GRANT SELECT, INSERT, UPDATE ON shop.* TO 'app'@'10.0.%'", matches: 0 },
  { rule: 'grant-all-privileges', sql: 'GRANT SELECT ON orders TO reporting', dialect: 'postgresql', matches: 0 },

  // create-table-without-primary-key
  { rule: 'create-table-without-primary-key', sql: 'CREATE TABLE audit (at DATETIME, what VARCHAR(100))', matches: 1 },
  {
    rule: 'create-table-without-primary-key',
    sql: 'CREATE TABLE audit (logged_at TIMESTAMPTZ, what TEXT, UNIQUE (logged_at))',
    dialect: 'postgresql',
    matches: 1,
  },
  // CREATE TABLE ... AS SELECT copies rows, not keys.
  {
    rule: 'create-table-without-primary-key',
    sql: 'CREATE TABLE big_orders AS SELECT * FROM orders WHERE o_totalprice > 100000',
    matches: 1,
  },
  {
    rule: 'create-table-without-primary-key',
    sql: 'CREATE TABLE audit (id BIGINT PRIMARY KEY, at DATETIME)',
    matches: 0,
  },
  {
    rule: 'create-table-without-primary-key',
    sql: 'CREATE TABLE audit (id BIGINT, logged_at TIMESTAMPTZ, PRIMARY KEY (id, logged_at))',
    dialect: 'postgresql',
    matches: 0,
  },
  { rule: 'create-table-without-primary-key', sql: 'CREATE TEMPORARY TABLE scratch (n INT)', matches: 0 },
  { rule: 'create-table-without-primary-key', sql: 'CREATE TABLE orders_copy LIKE orders', matches: 0 },
  // A table of the table structure is the schema check's business (schema-missing-primary-key).
  {
    rule: 'create-table-without-primary-key',
    sql: 'CREATE TABLE audit (at DATETIME, what VARCHAR(100))',
    schema: 'CREATE TABLE audit (at DATETIME, what VARCHAR(100));',
    matches: 0,
  },

  // text-blob-index-without-prefix
  {
    rule: 'text-blob-index-without-prefix',
    sql: 'CREATE TABLE note (id BIGINT PRIMARY KEY, body TEXT, digest BLOB, KEY idx_body (body), UNIQUE KEY uk_digest (digest))',
    matches: 2,
  },
  {
    rule: 'text-blob-index-without-prefix',
    sql: 'CREATE INDEX idx_body ON document (body)',
    schema: documentSchema,
    matches: 1,
  },
  {
    rule: 'text-blob-index-without-prefix',
    sql: 'CREATE INDEX idx_meta ON document (meta)',
    schema: documentSchema,
    matches: 1,
  },
  // The column added by the same ALTER TABLE is known too.
  {
    rule: 'text-blob-index-without-prefix',
    sql: 'ALTER TABLE document ADD COLUMN summary MEDIUMTEXT, ADD INDEX idx_summary (title, summary)',
    schema: documentSchema,
    matches: 1,
  },
  {
    rule: 'text-blob-index-without-prefix',
    sql: 'CREATE TABLE note (id BIGINT PRIMARY KEY, body TEXT, KEY idx_body (body(64)), FULLTEXT KEY ft_body (body))',
    matches: 0,
  },
  {
    rule: 'text-blob-index-without-prefix',
    sql: 'CREATE INDEX idx_body ON document (body(100), created_at)',
    schema: documentSchema,
    matches: 0,
  },
  {
    rule: 'text-blob-index-without-prefix',
    sql: 'CREATE INDEX idx_title ON document (title)',
    schema: documentSchema,
    matches: 0,
  },
  // Unknown column types: silent.
  { rule: 'text-blob-index-without-prefix', sql: 'CREATE INDEX idx_body ON document (body)', matches: 0 },

  // index-too-many-columns
  {
    rule: 'index-too-many-columns',
    sql: 'CREATE INDEX idx_wide ON lineitem (l_orderkey, l_partkey, l_suppkey, l_linenumber, l_quantity, l_discount)',
    matches: 1,
  },
  {
    rule: 'index-too-many-columns',
    sql: 'CREATE TABLE t (a INT, b INT, c INT, d INT, e INT, f INT, PRIMARY KEY (a, b, c, d, e, f), KEY k (f, e, d, c, b, a))',
    matches: 2,
  },
  {
    rule: 'index-too-many-columns',
    sql: 'CREATE INDEX CONCURRENTLY idx_wide ON lineitem (l_orderkey, l_partkey, l_suppkey, l_linenumber, l_quantity, l_discount)',
    dialect: 'postgresql',
    matches: 1,
  },
  {
    rule: 'index-too-many-columns',
    sql: 'ALTER TABLE lineitem ADD INDEX idx_five (l_orderkey, l_partkey, l_suppkey, l_linenumber, l_quantity)',
    matches: 0,
  },
  {
    rule: 'index-too-many-columns',
    sql: 'CREATE INDEX CONCURRENTLY idx_ship ON lineitem (l_shipdate, l_shipmode)',
    dialect: 'postgresql',
    matches: 0,
  },

  // float-for-money
  {
    rule: 'float-for-money',
    sql: 'CREATE TABLE product (id BIGINT PRIMARY KEY, unitPrice FLOAT, shipping_fee DOUBLE(10,2), weight DOUBLE)',
    matches: 2,
  },
  { rule: 'float-for-money', sql: 'ALTER TABLE customer ADD COLUMN c_balance_usd DOUBLE', matches: 1 },
  {
    rule: 'float-for-money',
    sql: 'CREATE TABLE product (id BIGINT PRIMARY KEY, price REAL, total_cost DOUBLE PRECISION, balance FLOAT8)',
    dialect: 'postgresql',
    matches: 3,
  },
  {
    rule: 'float-for-money',
    sql: 'CREATE TABLE product (id BIGINT PRIMARY KEY, price DECIMAL(12,2), weight DOUBLE, tax_rate FLOAT)',
    matches: 0,
  },
  {
    rule: 'float-for-money',
    sql: 'CREATE TABLE product (id BIGINT PRIMARY KEY, price NUMERIC(12,2), latitude DOUBLE PRECISION)',
    dialect: 'postgresql',
    matches: 0,
  },

  // auto-increment-not-bigint
  {
    rule: 'auto-increment-not-bigint',
    sql: 'CREATE TABLE ticket (id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY, title VARCHAR(100))',
    matches: 1,
  },
  {
    rule: 'auto-increment-not-bigint',
    sql: 'CREATE TABLE ticket (id SERIAL PRIMARY KEY, title TEXT)',
    dialect: 'postgresql',
    matches: 1,
  },
  {
    rule: 'auto-increment-not-bigint',
    sql: 'CREATE TABLE ticket (id INT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, title TEXT)',
    dialect: 'postgresql',
    matches: 1,
  },
  {
    rule: 'auto-increment-not-bigint',
    sql: 'CREATE TABLE ticket (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, seq INT NOT NULL)',
    matches: 0,
  },
  {
    rule: 'auto-increment-not-bigint',
    sql: 'CREATE TABLE ticket (id BIGSERIAL PRIMARY KEY, position INT NOT NULL)',
    dialect: 'postgresql',
    matches: 0,
  },

  // timestamp-column-2038
  {
    rule: 'timestamp-column-2038',
    sql: 'CREATE TABLE session (id BIGINT PRIMARY KEY, created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP, expires_at TIMESTAMP(3) NULL)',
    matches: 2,
  },
  { rule: 'timestamp-column-2038', sql: 'ALTER TABLE orders ADD COLUMN o_paid_at TIMESTAMP NULL', matches: 1 },
  {
    rule: 'timestamp-column-2038',
    sql: 'CREATE TABLE session (id BIGINT PRIMARY KEY, created_at DATETIME(3))',
    matches: 0,
  },
  // PostgreSQL's timestamp is 8 bytes and reaches year 294276.
  {
    rule: 'timestamp-column-2038',
    sql: 'CREATE TABLE user_session (id BIGINT PRIMARY KEY, created_at TIMESTAMP)',
    dialect: 'postgresql',
    matches: 0,
  },

  // enum-column
  {
    rule: 'enum-column',
    sql: "CREATE TABLE task (id BIGINT PRIMARY KEY, state ENUM('open', 'done') NOT NULL, kind ENUM('bug', 'feature'))",
    matches: 2,
  },
  {
    rule: 'enum-column',
    sql: "ALTER TABLE orders MODIFY COLUMN o_orderstatus ENUM('O', 'F', 'P') NOT NULL",
    matches: 1,
  },
  { rule: 'enum-column', sql: 'CREATE TABLE task (id BIGINT PRIMARY KEY, state_id TINYINT NOT NULL)', matches: 0 },
  {
    rule: 'enum-column',
    sql: "CREATE TABLE task (id BIGINT PRIMARY KEY, state VARCHAR(10) DEFAULT 'enum')",
    matches: 0,
  },

  // foreign-key-constraint
  {
    rule: 'foreign-key-constraint',
    sql: 'CREATE TABLE order_note (id BIGINT PRIMARY KEY, order_id INT NOT NULL REFERENCES orders (o_orderkey), author_id INT, CONSTRAINT fk_author FOREIGN KEY (author_id) REFERENCES customer (c_custkey))',
    matches: 2,
  },
  {
    rule: 'foreign-key-constraint',
    sql: 'ALTER TABLE orders ADD CONSTRAINT fk_orders_customer FOREIGN KEY (o_custkey) REFERENCES customer (c_custkey)',
    matches: 1,
  },
  {
    rule: 'foreign-key-constraint',
    sql: 'CREATE TABLE order_note (id BIGINT PRIMARY KEY, order_id INT NOT NULL, KEY idx_order (order_id))',
    matches: 0,
  },
  // PostgreSQL foreign keys do not take the InnoDB parent-row locks this rule is about.
  {
    rule: 'foreign-key-constraint',
    sql: 'CREATE TABLE order_note (id BIGINT PRIMARY KEY, order_id INT NOT NULL REFERENCES orders (o_orderkey))',
    dialect: 'postgresql',
    matches: 0,
  },

  // non-innodb-engine
  {
    rule: 'non-innodb-engine',
    sql: 'CREATE TABLE cache_entry (k VARCHAR(64) PRIMARY KEY, v TEXT) ENGINE=MEMORY',
    matches: 1,
  },
  { rule: 'non-innodb-engine', sql: 'ALTER TABLE orders ENGINE=MyISAM', matches: 1 },
  { rule: 'non-innodb-engine', sql: 'CREATE TABLE archive_2020 (id BIGINT PRIMARY KEY) ENGINE ARCHIVE', matches: 1 },
  {
    rule: 'non-innodb-engine',
    sql: 'CREATE TABLE cache_entry (k VARCHAR(64) PRIMARY KEY, v TEXT) ENGINE=InnoDB',
    matches: 0,
  },
  { rule: 'non-innodb-engine', sql: 'CREATE TABLE cache_entry (k VARCHAR(64) PRIMARY KEY, v TEXT)', matches: 0 },
  { rule: 'non-innodb-engine', sql: 'ALTER TABLE orders ENGINE=InnoDB', matches: 0 },

  // utf8mb3-charset
  {
    rule: 'utf8mb3-charset',
    sql: 'CREATE TABLE post (id BIGINT PRIMARY KEY, body TEXT) DEFAULT CHARACTER SET = utf8 DEFAULT COLLATE utf8_unicode_ci',
    matches: 1,
  },
  {
    rule: 'utf8mb3-charset',
    sql: 'CREATE TABLE post (id BIGINT PRIMARY KEY, title VARCHAR(100) CHARACTER SET utf8mb3, slug VARCHAR(100) COLLATE utf8_bin)',
    matches: 2,
  },
  { rule: 'utf8mb3-charset', sql: 'ALTER TABLE orders CHARSET=utf8', matches: 1 },
  { rule: 'utf8mb3-charset', sql: 'CREATE DATABASE shop CHARACTER SET utf8', matches: 1 },
  {
    rule: 'utf8mb3-charset',
    sql: 'CREATE TABLE post (id BIGINT PRIMARY KEY, body TEXT) DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci',
    matches: 0,
  },
  {
    rule: 'utf8mb3-charset',
    sql: 'CREATE TABLE post (id BIGINT PRIMARY KEY, code VARCHAR(10) CHARACTER SET ascii, body TEXT)',
    matches: 0,
  },

  // too-many-columns
  { rule: 'too-many-columns', sql: tableOfColumns(50), matches: 1 },
  { rule: 'too-many-columns', sql: tableOfColumns(60), dialect: 'postgresql', matches: 1 },
  { rule: 'too-many-columns', sql: tableOfColumns(49), matches: 0 },
  { rule: 'too-many-columns', sql: tableOfColumns(10), dialect: 'postgresql', matches: 0 },

  // reserved-word-identifier
  {
    rule: 'reserved-word-identifier',
    sql: 'CREATE TABLE `order` (id BIGINT PRIMARY KEY, `key` VARCHAR(40), `groups` INT, status INT)',
    matches: 3,
  },
  { rule: 'reserved-word-identifier', sql: 'ALTER TABLE orders ADD COLUMN `desc` VARCHAR(200)', matches: 1 },
  // `user` is reserved in PostgreSQL, not in MySQL; the parser even lets it through unquoted.
  {
    rule: 'reserved-word-identifier',
    sql: 'CREATE TABLE audit (id BIGINT PRIMARY KEY, user VARCHAR(40), "offset" INT)',
    dialect: 'postgresql',
    matches: 2,
  },
  { rule: 'reserved-word-identifier', sql: 'CREATE TABLE audit (id BIGINT PRIMARY KEY, user VARCHAR(40))', matches: 0 },
  {
    rule: 'reserved-word-identifier',
    sql: 'CREATE TABLE audit (id BIGINT PRIMARY KEY, status INT, name TEXT, type INT)',
    dialect: 'postgresql',
    matches: 0,
  },

  // mixed-case-identifier
  {
    rule: 'mixed-case-identifier',
    sql: 'CREATE TABLE "Customer" (id BIGINT PRIMARY KEY, "firstName" TEXT, "lastName" TEXT)',
    dialect: 'postgresql',
    matches: 3,
  },
  {
    rule: 'mixed-case-identifier',
    sql: 'ALTER TABLE customer ADD COLUMN "Nickname" TEXT',
    dialect: 'postgresql',
    matches: 1,
  },
  {
    rule: 'mixed-case-identifier',
    sql: 'CREATE INDEX "IdxName" ON customer (c_name)',
    dialect: 'postgresql',
    matches: 1,
  },
  // Unquoted capitals fold to lower case; quoted lower case is harmless.
  {
    rule: 'mixed-case-identifier',
    sql: 'CREATE TABLE Customer (id BIGINT PRIMARY KEY, FirstName TEXT, "last_name" TEXT)',
    dialect: 'postgresql',
    matches: 0,
  },
  // Only DDL: a query quoting existing names is not where the name is chosen.
  { rule: 'mixed-case-identifier', sql: 'SELECT "firstName" FROM "Customer"', dialect: 'postgresql', matches: 0 },

  // add-not-null-column-without-default
  {
    rule: 'add-not-null-column-without-default',
    sql: 'ALTER TABLE orders ADD COLUMN o_channel VARCHAR(20) NOT NULL',
    matches: 1,
  },
  {
    rule: 'add-not-null-column-without-default',
    sql: 'ALTER TABLE orders ADD COLUMN o_channel TEXT NOT NULL, ADD COLUMN o_note TEXT',
    dialect: 'postgresql',
    matches: 1,
  },
  {
    rule: 'add-not-null-column-without-default',
    sql: "ALTER TABLE orders ADD COLUMN o_channel VARCHAR(20) NOT NULL DEFAULT 'web'",
    matches: 0,
  },
  {
    rule: 'add-not-null-column-without-default',
    sql: 'ALTER TABLE orders ADD COLUMN o_seq BIGINT NOT NULL AUTO_INCREMENT UNIQUE',
    matches: 0,
  },
  {
    rule: 'add-not-null-column-without-default',
    sql: 'ALTER TABLE orders ADD COLUMN o_seq BIGSERIAL NOT NULL',
    dialect: 'postgresql',
    matches: 0,
  },
  // CREATE TABLE has no existing rows.
  {
    rule: 'add-not-null-column-without-default',
    sql: 'CREATE TABLE t (id BIGINT PRIMARY KEY, a INT NOT NULL)',
    matches: 0,
  },

  // add-column-position
  { rule: 'add-column-position', sql: 'ALTER TABLE orders ADD COLUMN o_channel VARCHAR(20) FIRST', matches: 1 },
  {
    rule: 'add-column-position',
    sql: 'ALTER TABLE orders ADD COLUMN o_a INT AFTER o_custkey, ADD COLUMN o_b INT AFTER o_a',
    matches: 2,
  },
  { rule: 'add-column-position', sql: 'ALTER TABLE orders ADD COLUMN o_channel VARCHAR(20) NULL', matches: 0 },
  { rule: 'add-column-position', sql: 'ALTER TABLE orders ADD INDEX idx_date (o_orderdate)', matches: 0 },

  // alter-column-type-rewrite
  {
    rule: 'alter-column-type-rewrite',
    sql: 'ALTER TABLE orders ALTER COLUMN o_custkey TYPE BIGINT',
    dialect: 'postgresql',
    matches: 1,
  },
  // Without the table structure the old type is unknown, and PostgreSQL's TYPE clause always means a change.
  {
    rule: 'alter-column-type-rewrite',
    sql: 'ALTER TABLE orders ALTER COLUMN o_comment SET DATA TYPE TEXT, ALTER COLUMN o_clerk TYPE VARCHAR(30)',
    dialect: 'postgresql',
    matches: 2,
  },
  { rule: 'alter-column-type-rewrite', sql: 'ALTER TABLE orders MODIFY COLUMN o_custkey BIGINT', schema, matches: 1 },
  {
    rule: 'alter-column-type-rewrite',
    sql: 'ALTER TABLE orders CHANGE COLUMN o_comment o_note TEXT',
    schema,
    matches: 1,
  },
  // VARCHAR to a longer VARCHAR or to TEXT is binary compatible in PostgreSQL.
  {
    rule: 'alter-column-type-rewrite',
    sql: 'ALTER TABLE orders ALTER COLUMN o_comment TYPE TEXT',
    dialect: 'postgresql',
    schema,
    matches: 0,
  },
  {
    rule: 'alter-column-type-rewrite',
    sql: 'ALTER TABLE orders ALTER COLUMN o_comment SET NOT NULL',
    dialect: 'postgresql',
    matches: 0,
  },
  // MySQL's MODIFY also changes comments and nullability: without the old type the rule stays silent.
  { rule: 'alter-column-type-rewrite', sql: 'ALTER TABLE orders MODIFY COLUMN o_custkey BIGINT', matches: 0 },
  {
    rule: 'alter-column-type-rewrite',
    sql: 'ALTER TABLE orders MODIFY COLUMN o_comment VARCHAR(200) NOT NULL',
    schema,
    matches: 0,
  },

  // create-index-without-concurrently
  {
    rule: 'create-index-without-concurrently',
    sql: 'CREATE UNIQUE INDEX uk_name ON customer (c_name)',
    dialect: 'postgresql',
    matches: 1,
  },
  {
    rule: 'create-index-without-concurrently',
    sql: 'CREATE INDEX ON customer (lower(c_name))',
    dialect: 'postgresql',
    matches: 1,
  },
  {
    rule: 'create-index-without-concurrently',
    sql: 'CREATE INDEX CONCURRENTLY idx_name ON customer (c_name)',
    dialect: 'postgresql',
    matches: 0,
  },
  // MySQL builds secondary indexes online (ALGORITHM=INPLACE, LOCK=NONE) by default.
  { rule: 'create-index-without-concurrently', sql: 'CREATE INDEX idx_name ON customer (c_name)', matches: 0 },

  // multi-table-update-order-limit
  {
    rule: 'multi-table-update-order-limit',
    sql: 'UPDATE orders o, customer c SET o.o_shippriority = 1 WHERE c.c_custkey = o.o_custkey LIMIT 10',
    matches: 1,
  },
  {
    rule: 'multi-table-update-order-limit',
    sql: 'UPDATE orders o JOIN customer c ON c.c_custkey = o.o_custkey SET o.o_shippriority = 1 WHERE c.c_acctbal < 0 ORDER BY o.o_orderdate',
    matches: 1,
  },
  {
    rule: 'multi-table-update-order-limit',
    sql: "UPDATE orders SET o_orderpriority = '1-URGENT' WHERE o_orderstatus = 'O' ORDER BY o_orderdate LIMIT 100",
    matches: 0,
  },
  {
    rule: 'multi-table-update-order-limit',
    sql: 'UPDATE orders o JOIN customer c ON c.c_custkey = o.o_custkey SET o.o_shippriority = 1 WHERE c.c_acctbal < 0',
    matches: 0,
  },

  // count-star-without-where
  { rule: 'count-star-without-where', sql: 'SELECT COUNT(*) FROM orders', matches: 1 },
  { rule: 'count-star-without-where', sql: 'SELECT count(1) AS n FROM orders', dialect: 'postgresql', matches: 1 },
  { rule: 'count-star-without-where', sql: "SELECT COUNT(*) FROM orders WHERE o_orderstatus = 'O'", matches: 0 },
  {
    rule: 'count-star-without-where',
    sql: 'SELECT o_orderstatus, COUNT(*) FROM orders GROUP BY o_orderstatus',
    matches: 0,
  },
  // COUNT(column) and COUNT(DISTINCT ...) count values, another question.
  {
    rule: 'count-star-without-where',
    sql: 'SELECT COUNT(DISTINCT o_custkey) FROM orders',
    dialect: 'postgresql',
    matches: 0,
  },
  {
    rule: 'count-star-without-where',
    sql: 'SELECT COUNT(*) FROM orders o JOIN customer c ON c.c_custkey = o.o_custkey',
    matches: 0,
  },

  // index-hint
  { rule: 'index-hint', sql: 'SELECT * FROM orders USE INDEX (idx_orders_custkey) WHERE o_custkey = 7', matches: 1 },
  {
    rule: 'index-hint',
    sql: 'SELECT o.o_orderkey FROM orders o IGNORE KEY FOR ORDER BY (PRIMARY) JOIN lineitem l FORCE INDEX (idx_lineitem_shipdate) ON l.l_orderkey = o.o_orderkey ORDER BY o.o_orderkey',
    matches: 2,
  },
  { rule: 'index-hint', sql: 'SELECT * FROM orders WHERE o_custkey = 7', matches: 0 },
  // The words inside a string are not a hint.
  { rule: 'index-hint', sql: "SELECT * FROM orders WHERE o_comment = 'force index (x)'", matches: 0 },
];
