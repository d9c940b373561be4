-- Fixture cases of order-by-in-derived-table. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT x.a, COUNT(*) FROM (SELECT a FROM t ORDER BY b) x GROUP BY x.a;
-- after:
SELECT x.a, COUNT(*) FROM (SELECT a FROM t) x GROUP BY x.a;

-- dialect: postgresql
-- matches: 1
WITH c AS (SELECT a, b FROM t ORDER BY b DESC) SELECT a, b FROM c ORDER BY a;
-- after:
WITH c AS (SELECT a, b FROM t) SELECT a, b FROM c ORDER BY a;

-- dialect: postgresql
-- matches: 1
SELECT 1 FROM t WHERE a IN (SELECT x.k FROM (SELECT k FROM u ORDER BY k) x);
-- after:
SELECT 1 FROM t WHERE a IN (SELECT x.k FROM (SELECT k FROM u) x);

-- SUM over an exact type does not depend on the order of addition (a float's would).
-- schema: example
-- matches: 1
SELECT SUM(x.o_totalprice) FROM (SELECT o_totalprice FROM orders ORDER BY o_orderdate) x;
-- after:
SELECT SUM(x.o_totalprice) FROM (SELECT o_totalprice FROM orders) x;

-- Reported, kept: the outer query may return rows in this order today (no ORDER BY of its own)...
-- matches: 1
SELECT x.o_custkey FROM (SELECT o_custkey FROM orders ORDER BY o_totalprice) x;

-- dialect: postgresql
-- matches: 1
WITH c AS (SELECT a FROM t ORDER BY a) SELECT a FROM c;

-- ...or something outside depends on the arrival order: an aggregate, LIMIT, an ungrouped MySQL column...
-- dialect: postgresql
-- matches: 1
WITH c AS (SELECT a FROM t ORDER BY a) SELECT string_agg(a, ',') FROM c;

-- tables: CREATE TABLE t (v DOUBLE)
-- matches: 1
SELECT SUM(x.v) FROM (SELECT v FROM t ORDER BY v) x;

-- matches: 1
SELECT x.a FROM (SELECT a FROM t ORDER BY a) x ORDER BY 1 LIMIT 3;

-- matches: 1
SELECT x.a, x.b FROM (SELECT a, b FROM t ORDER BY b DESC) x GROUP BY x.a;

-- ...or an UPDATE may write whichever matching row's value comes first...
-- matches: 1
UPDATE t JOIN (SELECT d1.k, d1.v FROM (SELECT k, v FROM u ORDER BY v) d1) d2 ON d2.k = t.k SET t.v = d2.v;

-- ...or the inner query numbers rows by arrival.
-- dialect: postgresql
-- matches: 1
SELECT x.r FROM (SELECT ROW_NUMBER() OVER () AS r, a FROM t ORDER BY a) x ORDER BY 1;

-- matches: 0
SELECT x.a FROM (SELECT a FROM t ORDER BY a LIMIT 10) x;

-- matches: 0
SELECT a FROM t ORDER BY a;

-- IN subqueries are subquery-distinct's; a window's ORDER BY is part of the window.
-- matches: 0
SELECT a FROM t WHERE a IN (SELECT b FROM u ORDER BY b);

-- dialect: postgresql
-- matches: 0
SELECT x.r FROM (SELECT ROW_NUMBER() OVER (ORDER BY a) AS r FROM t) x;

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).

-- dialect: postgresql
-- verify: only
SELECT x.o_orderstatus, count(*), sum(x.o_totalprice) FROM (SELECT o_orderstatus, o_totalprice FROM orders ORDER BY o_totalprice DESC) x GROUP BY x.o_orderstatus;

-- dialect: postgresql
-- verify: only
WITH c AS (SELECT n_name, n_regionkey FROM nation ORDER BY n_name DESC) SELECT n_regionkey, n_name FROM c ORDER BY n_regionkey, n_name;

-- dialect: postgresql
-- verify: only
SELECT x.grp, count(*) FROM (SELECT grp FROM events ORDER BY ts) x GROUP BY x.grp;

-- dialect: mysql
-- verify: only
SELECT x.o_orderstatus, COUNT(*), SUM(x.o_totalprice) FROM (SELECT o_orderstatus, o_totalprice FROM orders ORDER BY o_totalprice DESC) x GROUP BY x.o_orderstatus;

-- dialect: mysql
-- verify: only
SELECT x.grp, COUNT(*) FROM (SELECT grp FROM events ORDER BY ts) x GROUP BY x.grp ORDER BY x.grp;
