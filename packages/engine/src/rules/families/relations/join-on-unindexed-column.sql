-- Fixture cases of join-on-unindexed-column. Format: test-support/rule-fixtures.ts.

-- schema: example
-- matches: 1
SELECT s.s_name, c.c_name FROM supplier s JOIN customer c ON c.c_phone = s.s_phone;

-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT 1 FROM supplier s, customer c WHERE c.c_nationkey = s.s_nationkey AND s.s_nationkey = c.c_nationkey;

-- schema: example
-- matches: 0
SELECT o.o_orderkey FROM orders o JOIN customer c ON c.c_custkey = o.o_custkey;

-- ps_suppkey starts no index, but the pair is joined through the primary key (ps_partkey, ps_suppkey).
-- schema: example
-- matches: 0
SELECT 1 FROM lineitem l JOIN partsupp ps ON ps.ps_partkey = l.l_partkey AND ps.ps_suppkey = l.l_suppkey;

-- matches: 0
SELECT s.s_name FROM supplier s JOIN customer c ON c.c_phone = s.s_phone;

-- A FULLTEXT or SPATIAL key serves no join: the columns start no index.
-- tables: CREATE TABLE a (id INT PRIMARY KEY, title VARCHAR(100), FULLTEXT KEY ft (title)); CREATE TABLE b (id INT PRIMARY KEY, title VARCHAR(100), FULLTEXT KEY ftb (title));
-- matches: 1
SELECT a.id FROM a JOIN b ON b.title = a.title;

-- A B-tree key beside the FULLTEXT one serves it.
-- tables: CREATE TABLE a (id INT PRIMARY KEY, title VARCHAR(100), FULLTEXT KEY ft (title)); CREATE TABLE b (id INT PRIMARY KEY, title VARCHAR(100), FULLTEXT KEY ftb (title), KEY b_title (title));
-- matches: 0
SELECT a.id FROM a JOIN b ON b.title = a.title;
