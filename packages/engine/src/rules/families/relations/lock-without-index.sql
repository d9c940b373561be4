-- Fixture cases of lock-without-index. Format: test-support/rule-fixtures.ts.

-- schema: example
-- matches: 1
UPDATE orders SET o_orderpriority = '1-URGENT' WHERE o_clerk = 'Clerk#000000951';

-- schema: example
-- matches: 1
SELECT o_orderkey FROM orders WHERE o_orderkey = 1 OR o_clerk = 'x' FOR UPDATE;

-- schema: example
-- matches: 1
SELECT l_orderkey FROM lineitem WHERE l_linenumber = 1 FOR UPDATE;

-- schema: example
-- matches: 1
SELECT c_name FROM customer WHERE c_name LIKE '%x' LOCK IN SHARE MODE;

-- Served by an index: the primary key, its leading column, a secondary index, an OR of indexed columns.
-- schema: example
-- matches: 0
UPDATE orders SET o_orderpriority = '1-URGENT' WHERE o_orderkey = 42;

-- schema: example
-- matches: 0
SELECT 1 FROM lineitem WHERE l_orderkey = 1 FOR UPDATE;

-- schema: example
-- matches: 0
SELECT 1 FROM orders WHERE o_clerk = 'x' AND o_custkey = 3 FOR UPDATE;

-- schema: example
-- matches: 0
SELECT 1 FROM orders WHERE o_orderkey = 1 OR o_custkey = 5 FOR UPDATE;

-- Not a locking read; no schema.
-- schema: example
-- matches: 0
SELECT 1 FROM orders WHERE o_clerk = 'x';

-- matches: 0
UPDATE orders SET o_comment = '' WHERE o_clerk = 'x';

-- A FULLTEXT key (CREATE FULLTEXT INDEX) finds no row for =: the lock takes every row read.
-- tables: CREATE TABLE docs (id INT PRIMARY KEY, title VARCHAR(100)); CREATE FULLTEXT INDEX ft ON docs (title);
-- matches: 1
UPDATE docs SET title = 'y' WHERE title = 'x';

-- tables: CREATE TABLE docs (id INT PRIMARY KEY, title VARCHAR(100)); ALTER TABLE docs ADD FULLTEXT INDEX ft (title), ADD INDEX b (title);
-- matches: 0
UPDATE docs SET title = 'y' WHERE title = 'x';
