-- Fixture cases of distinct-in-union-branch. Format: test-support/rule-fixtures.ts.

-- schema: example
-- matches: 1
-- verify: true
SELECT DISTINCT o_custkey FROM orders WHERE o_orderstatus = 'F' UNION SELECT c_custkey FROM customer WHERE c_acctbal < 0;
-- after:
SELECT o_custkey FROM orders WHERE o_orderstatus = 'F' UNION SELECT c_custkey FROM customer WHERE c_acctbal < 0;

-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT DISTINCT c_name FROM customer UNION SELECT s_name FROM supplier;
-- after:
SELECT c_name FROM customer UNION SELECT s_name FROM supplier;

-- MySQL: the same column in every branch, and a string literal, share one collation.
-- schema: example
-- matches: 1
SELECT DISTINCT c_name FROM customer WHERE c_acctbal > 0 UNION SELECT c_name FROM customer WHERE c_nationkey = 1 UNION SELECT 'x';
-- after:
SELECT c_name FROM customer WHERE c_acctbal > 0 UNION SELECT c_name FROM customer WHERE c_nationkey = 1 UNION SELECT 'x';

-- Mixed chains associate to the left: the UNION covers the branches before it, not the one after.
-- dialect: postgresql
-- matches: 2
SELECT DISTINCT a FROM t UNION ALL SELECT DISTINCT b FROM u UNION SELECT c FROM v UNION ALL SELECT DISTINCT d FROM w;
-- after:
SELECT a FROM t UNION ALL SELECT b FROM u UNION SELECT c FROM v UNION ALL SELECT DISTINCT d FROM w;

-- schema: example
-- matches: 2
(SELECT DISTINCT o_custkey FROM orders) UNION (SELECT DISTINCT o_custkey FROM orders WHERE o_totalprice > 10) ORDER BY 1 LIMIT 3;
-- after:
(SELECT o_custkey FROM orders) UNION (SELECT o_custkey FROM orders WHERE o_totalprice > 10) ORDER BY 1 LIMIT 3;

-- MySQL: two string columns of one collation the structure shows (the tables' COLLATE=) compare alike.
-- tables: CREATE TABLE author (id INT PRIMARY KEY, name VARCHAR(40)) COLLATE=utf8mb4_general_ci; CREATE TABLE book (id INT PRIMARY KEY, title VARCHAR(80), code VARCHAR(9) COLLATE utf8mb4_bin) COLLATE=utf8mb4_general_ci;
-- matches: 1
SELECT DISTINCT name FROM author UNION SELECT title FROM book UNION SELECT 'x';
-- after:
SELECT name FROM author UNION SELECT title FROM book UNION SELECT 'x';

-- tables: CREATE TABLE author (id INT PRIMARY KEY, name VARCHAR(40)) COLLATE=utf8mb4_general_ci; CREATE TABLE book (id INT PRIMARY KEY, title VARCHAR(80), code VARCHAR(9) COLLATE utf8mb4_bin) COLLATE=utf8mb4_general_ci;
-- matches: 1
SELECT DISTINCT name FROM author UNION SELECT code FROM book;

-- MySQL: two different string columns may use different collations (or no table structure says otherwise).
-- schema: example
-- matches: 1
SELECT DISTINCT c_name FROM customer UNION SELECT s_name FROM supplier;

-- matches: 1
SELECT DISTINCT a FROM t UNION SELECT b FROM u;

-- matches: 0
SELECT DISTINCT a FROM t UNION ALL SELECT b FROM u;

-- dialect: postgresql
-- matches: 1
SELECT DISTINCT a FROM t UNION SELECT b FROM u UNION ALL SELECT DISTINCT c FROM v;
-- after:
SELECT a FROM t UNION SELECT b FROM u UNION ALL SELECT DISTINCT c FROM v;

-- matches: 0
SELECT DISTINCT a FROM t INTERSECT SELECT b FROM u;

-- Its own LIMIT: DISTINCT decides which rows are kept.
-- dialect: postgresql
-- matches: 0
(SELECT DISTINCT a FROM t LIMIT 5) UNION (SELECT b FROM u);

-- A branch distinct by its own key is distinct-on-unique-key's.
-- schema: example
-- matches: 0
SELECT DISTINCT o_orderkey FROM orders UNION SELECT c_custkey FROM customer;

-- A recursive CTE's UNION also stops the recursion.
-- dialect: postgresql
-- matches: 0
WITH RECURSIVE r (n) AS (SELECT DISTINCT grp FROM ev UNION SELECT n + 1 FROM r WHERE n < 5) SELECT n FROM r;

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).

-- dialect: postgresql
-- verify: only
SELECT DISTINCT o_custkey FROM orders WHERE o_orderstatus = 'F' UNION SELECT c_custkey FROM customer WHERE c_acctbal < 0;

-- dialect: postgresql
-- verify: only
SELECT DISTINCT c_mktsegment FROM customer UNION SELECT DISTINCT p_mfgr FROM part;

-- 'a' and 'A' stay apart; NULLs meet as duplicates in both.
-- dialect: postgresql
-- verify: only
SELECT DISTINCT label FROM events UNION SELECT label FROM events WHERE id > 5;

-- The final UNION covers both branches before it.
-- dialect: mysql postgresql
-- verify: only
SELECT DISTINCT grp FROM events UNION ALL SELECT DISTINCT flag FROM events WHERE flag > 5 UNION SELECT NULL;

-- One column, one collation: 'a' and 'A' are duplicates for the branch and for the UNION alike.
-- dialect: mysql
-- verify: only
SELECT DISTINCT label FROM events WHERE id < 5 UNION SELECT label FROM events WHERE id > 3 UNION SELECT 'b';

-- Two text columns of the one collation both tables name.
-- dialect: mysql
-- verify: only
SELECT DISTINCT label FROM events WHERE grp IS NOT NULL UNION SELECT code FROM labels;
