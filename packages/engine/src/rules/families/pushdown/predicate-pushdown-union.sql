-- Fixture cases of predicate-pushdown-union. Format: test-support/rule-fixtures.ts.

-- schema: example
-- matches: 1
SELECT u.k FROM (SELECT o_orderkey AS k FROM orders UNION ALL SELECT l_orderkey FROM lineitem) u WHERE u.k < 100;
-- after:
SELECT u.k FROM (SELECT o_orderkey AS k FROM orders WHERE o_orderkey < 100 UNION ALL SELECT l_orderkey FROM lineitem WHERE l_orderkey < 100) u;

-- UNION (distinct) and a grouped branch: comparisons with literals move, arithmetic stays.
-- dialect: postgresql
-- schema: example
-- matches: 3
SELECT u.k, u.c FROM (SELECT o_orderkey AS k, o_custkey AS c FROM orders WHERE o_totalprice > 5 UNION SELECT l_orderkey, l_partkey FROM lineitem GROUP BY l_orderkey, l_partkey UNION ALL SELECT c_custkey, c_nationkey FROM customer WHERE c_acctbal > 0 OR c_acctbal < -5) u WHERE u.k < 100 AND (u.c = 3 OR u.c IS NULL) AND u.k + 1 > 3;
-- after:
SELECT u.k, u.c FROM (SELECT o_orderkey AS k, o_custkey AS c FROM orders WHERE o_totalprice > 5 AND o_orderkey < 100 AND (o_custkey = 3 OR o_custkey IS NULL) UNION SELECT l_orderkey, l_partkey FROM lineitem WHERE l_orderkey < 100 AND (l_partkey = 3 OR l_partkey IS NULL) GROUP BY l_orderkey, l_partkey UNION ALL SELECT c_custkey, c_nationkey FROM customer WHERE (c_acctbal > 0 OR c_acctbal < -5) AND c_custkey < 100 AND (c_nationkey = 3 OR c_nationkey IS NULL)) u WHERE u.k + 1 > 3;

-- A CTE read once.
-- dialect: postgresql
-- schema: example
-- matches: 1
WITH u AS (SELECT o_orderkey AS k FROM orders UNION ALL SELECT l_orderkey FROM lineitem) SELECT k FROM u WHERE k < 10;
-- after:
WITH u AS (SELECT o_orderkey AS k FROM orders WHERE o_orderkey < 10 UNION ALL SELECT l_orderkey FROM lineitem WHERE l_orderkey < 10) SELECT k FROM u;

-- Types: an INT branch and a DECIMAL branch, or no table structure at all.
-- schema: example
-- matches: 1
SELECT u.k FROM (SELECT o_orderkey AS k FROM orders UNION ALL SELECT l_quantity FROM lineitem) u WHERE u.k < 100;

-- matches: 1
SELECT u.k FROM (SELECT o_orderkey AS k FROM orders UNION ALL SELECT l_orderkey FROM lineitem) u WHERE u.k < 100;

-- Two spellings of one type (INTEGER and INT4, CHARACTER VARYING and VARCHAR) are the same type.
-- dialect: postgresql
-- tables: CREATE TABLE a (k INTEGER, s CHARACTER VARYING(5)); CREATE TABLE b (k INT4, s VARCHAR(5));
-- matches: 2
SELECT u.k FROM (SELECT k, s FROM a UNION ALL SELECT k, s FROM b) u WHERE u.k < 100 AND u.s = 'x';
-- after:
SELECT u.k FROM (SELECT k, s FROM a WHERE k < 100 AND s = 'x' UNION ALL SELECT k, s FROM b WHERE k < 100 AND s = 'x') u;

-- INT and BIGINT, or CHAR and VARCHAR, are different types: advice only.
-- dialect: postgresql
-- tables: CREATE TABLE a (k INTEGER, s CHAR(5)); CREATE TABLE b (k BIGINT, s VARCHAR(5));
-- matches: 2
SELECT u.k FROM (SELECT k, s FROM a UNION ALL SELECT k, s FROM b) u WHERE u.k < 100 AND u.s = 'x';

-- A `?` copied into every branch would bind more values than the statement has.
-- schema: example
-- matches: 1
SELECT u.k FROM (SELECT o_orderkey AS k FROM orders UNION ALL SELECT l_orderkey FROM lineitem) u WHERE u.k < ?;

-- A branch with its own LIMIT, an expression in a branch, INTERSECT, and a single query (the other rule's).
-- schema: example
-- matches: 0
SELECT u.k FROM ((SELECT o_orderkey AS k FROM orders LIMIT 5) UNION ALL (SELECT l_orderkey FROM lineitem)) u WHERE u.k < 100;

-- schema: example
-- matches: 0
SELECT u.k FROM (SELECT o_orderkey AS k FROM orders UNION ALL SELECT l_orderkey + 1 FROM lineitem) u WHERE u.k < 100;

-- dialect: postgresql
-- schema: example
-- matches: 0
SELECT u.k FROM (SELECT o_orderkey AS k FROM orders INTERSECT SELECT l_orderkey FROM lineitem) u WHERE u.k < 100;

-- schema: example
-- matches: 0
SELECT d.k FROM (SELECT o_orderkey AS k FROM orders) d WHERE d.k < 100;

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).

-- dialect: mysql postgresql
-- verify: only
SELECT u.k, u.v FROM (SELECT o_orderkey AS k, o_custkey AS v FROM orders UNION ALL SELECT l_orderkey, l_partkey FROM lineitem) u WHERE u.k < 3830000 AND u.v > 100000;

-- dialect: mysql postgresql
-- verify: only
SELECT u.g FROM (SELECT grp AS g FROM events UNION SELECT flag FROM events) u WHERE u.g IS NULL OR u.g >= 3;

-- dialect: mysql postgresql
-- verify: only
SELECT u.id, u.label FROM (SELECT id, label FROM events WHERE grp = 1 UNION ALL SELECT id, label FROM events WHERE grp IS NULL OR grp > 2) u WHERE u.label <> 'b' OR u.id > 8;
