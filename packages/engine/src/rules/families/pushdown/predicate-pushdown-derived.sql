-- Fixture cases of predicate-pushdown-derived. Format: test-support/rule-fixtures.ts.

-- schema: example
-- matches: 1
SELECT t.o_custkey, t.total FROM (SELECT o_custkey, SUM(o_totalprice) AS total FROM orders GROUP BY o_custkey) t WHERE t.o_custkey = 42;
-- after:
SELECT t.o_custkey, t.total FROM (SELECT o_custkey, SUM(o_totalprice) AS total FROM orders WHERE o_custkey = 42 GROUP BY o_custkey) t;

-- Unqualified names of the only FROM entry; an OR condition keeps its parentheses.
-- matches: 1
SELECT k FROM (SELECT o_orderkey AS k, o_totalprice AS p FROM orders) d WHERE k < 50 OR p > 3;
-- after:
SELECT k FROM (SELECT o_orderkey AS k, o_totalprice AS p FROM orders WHERE (o_orderkey < 50 OR o_totalprice > 3)) d;

-- Both conditions move, the emptied WHERE goes, and the inner OR is parenthesized.
-- dialect: postgresql
-- matches: 2
SELECT d.k, d.p FROM (SELECT o_orderkey AS k, o_totalprice AS p FROM orders WHERE o_orderstatus = 'F' OR o_orderstatus = 'O') d WHERE d.p > 1000 AND d.k < 50;
-- after:
SELECT d.k, d.p FROM (SELECT o_orderkey AS k, o_totalprice AS p FROM orders WHERE (o_orderstatus = 'F' OR o_orderstatus = 'O') AND o_totalprice > 1000 AND o_orderkey < 50) d;

-- A CTE read once; the condition on the joined table stays.
-- dialect: postgresql
-- matches: 1
WITH c AS (SELECT o_orderkey, o_custkey FROM orders) SELECT c.o_orderkey FROM c JOIN customer cu ON cu.c_custkey = c.o_custkey WHERE c.o_orderkey < 100 AND cu.c_name = 'x';
-- after:
WITH c AS (SELECT o_orderkey, o_custkey FROM orders WHERE o_orderkey < 100) SELECT c.o_orderkey FROM c JOIN customer cu ON cu.c_custkey = c.o_custkey WHERE cu.c_name = 'x';

-- A CTE with a column list: the outer names map by position.
-- matches: 1
WITH c (k, p) AS (SELECT o_orderkey, o_totalprice FROM orders) SELECT c.k FROM c WHERE c.p >= 10;
-- after:
WITH c (k, p) AS (SELECT o_orderkey, o_totalprice FROM orders WHERE o_totalprice >= 10) SELECT c.k FROM c;

-- DISTINCT: a comparison with a literal treats equal values alike; MySQL needs the column to be numeric.
-- schema: example
-- matches: 1
SELECT d.c FROM (SELECT DISTINCT o_custkey AS c FROM orders) d WHERE d.c = 5;
-- after:
SELECT d.c FROM (SELECT DISTINCT o_custkey AS c FROM orders WHERE o_custkey = 5) d;

-- matches: 1
SELECT d.c FROM (SELECT DISTINCT o_custkey AS c FROM orders) d WHERE d.c = 5;

-- LIKE can tell apart values the grouping treats as equal ('a' and 'a ' under PAD SPACE): advice only.
-- matches: 1
SELECT d.s, d.n FROM (SELECT o_orderstatus AS s, COUNT(*) AS n FROM orders GROUP BY o_orderstatus) d WHERE d.s LIKE 'F%';

-- PostgreSQL: a mixed-case inner column cannot be written back without knowing how it was quoted.
-- dialect: postgresql
-- matches: 1
SELECT d.k FROM (SELECT "OrderKey" AS k FROM orders) d WHERE d.k = 1;

-- Positional parameters bind by their order in the text: a lone `?` may move, one among others may not.
-- matches: 1
SELECT d.k FROM (SELECT o_orderkey AS k FROM orders) d WHERE d.k < ?;
-- after:
SELECT d.k FROM (SELECT o_orderkey AS k FROM orders WHERE o_orderkey < ?) d;

-- matches: 1
SELECT d.k FROM (SELECT o_orderkey AS k FROM orders WHERE o_custkey = ?) d WHERE d.k < ?;

-- dialect: postgresql
-- matches: 1
SELECT d.k FROM (SELECT o_orderkey AS k FROM orders WHERE o_custkey = $1) d WHERE d.k < $2;
-- after:
SELECT d.k FROM (SELECT o_orderkey AS k FROM orders WHERE o_custkey = $1 AND o_orderkey < $2) d;

-- The NULL side of an outer join: the outer WHERE also drops the padded rows.
-- matches: 0
SELECT n.n_name, d.k FROM nation n LEFT JOIN (SELECT o_orderkey AS k, o_custkey FROM orders) d ON d.o_custkey = n.n_nationkey WHERE d.k < 100;

-- matches: 0
SELECT d.k FROM (SELECT o_orderkey AS k FROM orders LIMIT 10) d WHERE d.k < 100;

-- matches: 0
SELECT d.k FROM (SELECT o_orderkey AS k, ROW_NUMBER() OVER (ORDER BY o_totalprice) AS r FROM orders) d WHERE d.k < 5;

-- Not a plain column, an aggregate, a column of another table, a random value, a subquery.
-- matches: 0
SELECT d.t FROM (SELECT o_totalprice * 2 AS t FROM orders) d WHERE d.t > 5;

-- matches: 0
SELECT t.o_custkey FROM (SELECT o_custkey, SUM(o_totalprice) AS total FROM orders GROUP BY o_custkey) t WHERE t.total > 100;

-- matches: 0
SELECT d.k FROM (SELECT o_orderkey AS k, o_custkey FROM orders) d JOIN customer c ON c.c_custkey = d.o_custkey WHERE d.k < c.c_nationkey;

-- matches: 0
SELECT d.k FROM (SELECT o_orderkey AS k FROM orders) d WHERE d.k < RAND();

-- matches: 0
SELECT d.k FROM (SELECT o_orderkey AS k FROM orders) d WHERE d.k IN (SELECT l_orderkey FROM lineitem);

-- An aggregate without GROUP BY: one row whatever the filter.
-- matches: 0
SELECT d.m FROM (SELECT MAX(o_orderkey) AS m FROM orders) d WHERE d.m > 5;

-- A CTE read twice, DISTINCT ON, and a UNION (the other rule's).
-- matches: 0
WITH c AS (SELECT o_orderkey FROM orders) SELECT a.o_orderkey FROM c a JOIN c b ON b.o_orderkey = a.o_orderkey WHERE a.o_orderkey < 5;

-- dialect: postgresql
-- matches: 0
SELECT d.c FROM (SELECT DISTINCT ON (o_custkey) o_custkey AS c, o_orderkey FROM orders ORDER BY o_custkey, o_orderdate) d WHERE d.c = 5;

-- schema: example
-- matches: 0
SELECT u.k FROM (SELECT o_orderkey AS k FROM orders UNION ALL SELECT l_orderkey FROM lineitem) u WHERE u.k < 100;

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).

-- dialect: postgresql
-- verify: only
SELECT t.o_custkey, t.total FROM (SELECT o_custkey, sum(o_totalprice) AS total FROM orders GROUP BY o_custkey) t WHERE t.o_custkey < 5000;

-- dialect: mysql postgresql
-- verify: only
WITH c AS (SELECT l_orderkey, l_quantity FROM lineitem) SELECT c.l_orderkey, c.l_quantity, o.o_orderdate FROM c JOIN orders o ON o.o_orderkey = c.l_orderkey WHERE c.l_quantity > 49 AND o.o_orderstatus = 'F';

-- dialect: postgresql
-- verify: only
SELECT d.g, d.n, d.total FROM (SELECT grp AS g, count(*) AS n, sum(amount) AS total FROM events GROUP BY grp) d WHERE d.g IS NULL OR d.g > 2;

-- dialect: mysql postgresql
-- verify: only
SELECT d.id, d.label FROM (SELECT id, label, amount FROM events) d WHERE d.amount > 5 OR d.label = 'a';

-- dialect: postgresql
-- verify: only
SELECT d.label FROM (SELECT DISTINCT label FROM events) d WHERE d.label IN ('b', 'c ') OR d.label IS NULL;

-- The derived table on the kept side of a LEFT JOIN.
-- dialect: mysql postgresql
-- verify: only
SELECT d.id, e.id FROM (SELECT id, grp FROM events) d LEFT JOIN events e ON e.grp = d.grp AND e.id <> d.id WHERE d.grp IS NULL OR d.id > 6;

-- dialect: mysql
-- verify: only
SELECT t.o_custkey, t.total FROM (SELECT o_custkey, SUM(o_totalprice) AS total FROM orders GROUP BY o_custkey) t WHERE t.o_custkey < 5000;

-- dialect: mysql
-- verify: only
SELECT d.g, d.n, d.total FROM (SELECT grp AS g, COUNT(*) AS n, SUM(amount) AS total FROM events GROUP BY grp) d WHERE d.g IS NULL OR d.g > 2;

-- 'c ' and 'c' are one value under PAD SPACE; the pushed IN treats them alike, as the DISTINCT did.
-- dialect: mysql
-- verify: only
SELECT d.label FROM (SELECT DISTINCT label FROM events) d WHERE d.label IN ('b', 'c') OR d.label IS NULL;

-- A CTE of a WITH list inside a subquery, read once there, is a target of that subquery's conditions.
-- dialect: postgresql
-- matches: 1
SELECT c_name FROM customer WHERE c_custkey IN (WITH c AS (SELECT o_custkey, o_totalprice FROM orders) SELECT c.o_custkey FROM c WHERE c.o_totalprice > 100);
-- after:
SELECT c_name FROM customer WHERE c_custkey IN (WITH c AS (SELECT o_custkey, o_totalprice FROM orders WHERE o_totalprice > 100) SELECT c.o_custkey FROM c);

-- Inside its own (not recursive) body a CTE's name is the table's: the body's condition stays where it is.
-- dialect: mysql postgresql
-- tables: CREATE TABLE c (x INT);
-- matches: 0
WITH c AS (SELECT x FROM c WHERE x > 1) SELECT 1 AS one;

-- A CTE read once by the statement and once in another CTE's body is read twice: nothing moves into it.
-- dialect: postgresql
-- matches: 0
WITH c AS (SELECT o_orderkey FROM orders), d AS (SELECT o_orderkey FROM c) SELECT c.o_orderkey FROM c, d WHERE c.o_orderkey < 5 AND d.o_orderkey = c.o_orderkey;
