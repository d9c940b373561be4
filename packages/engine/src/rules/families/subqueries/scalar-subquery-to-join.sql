-- Fixture cases of scalar-subquery-to-join. Format: test-support/rule-fixtures.ts.

-- schema: example
-- matches: 1
SELECT c.c_name, (SELECT SUM(o.o_totalprice) FROM orders o WHERE o.o_custkey = c.c_custkey) AS total FROM customer c;
-- after:
SELECT c.c_name, sq.sq_value AS total FROM customer c LEFT JOIN (SELECT o.o_custkey AS sq_o_custkey, SUM(o.o_totalprice) AS sq_value FROM orders o GROUP BY o.o_custkey) AS sq ON sq.sq_o_custkey = c.c_custkey;

-- COUNT gives 0 for no rows; a lookup by primary key becomes a plain LEFT JOIN.
-- dialect: postgresql
-- schema: example
-- matches: 2
SELECT c.c_name, (SELECT count(*) FROM orders o WHERE o.o_custkey = c.c_custkey AND o.o_orderstatus = 'F') AS n, (SELECT n_name FROM nation WHERE n_nationkey = c.c_nationkey) AS nation_name FROM customer c ORDER BY n DESC;
-- after:
SELECT c.c_name, COALESCE(sq.sq_value, 0) AS n, sq2.n_name AS nation_name FROM customer c LEFT JOIN (SELECT o.o_custkey AS sq_o_custkey, count(*) AS sq_value FROM orders o WHERE o.o_orderstatus = 'F' GROUP BY o.o_custkey) AS sq ON sq.sq_o_custkey = c.c_custkey LEFT JOIN nation AS sq2 ON sq2.n_nationkey = c.c_nationkey ORDER BY n DESC;

-- A composite key covered by two ties; arithmetic on MAX stays NULL for no rows.
-- schema: example
-- matches: 1
SELECT l.l_orderkey, (SELECT ps.ps_availqty FROM partsupp ps WHERE ps.ps_partkey = l.l_partkey AND ps.ps_suppkey = l.l_suppkey) AS qty FROM lineitem l;
-- after:
SELECT l.l_orderkey, sq.ps_availqty AS qty FROM lineitem l LEFT JOIN partsupp AS sq ON sq.ps_partkey = l.l_partkey AND sq.ps_suppkey = l.l_suppkey;

-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT p.p_partkey, (SELECT MAX(l.l_quantity) * 2 FROM lineitem l WHERE l.l_partkey = p.p_partkey) AS top FROM part p;
-- after:
SELECT p.p_partkey, sq.sq_value AS top FROM part p LEFT JOIN (SELECT l.l_partkey AS sq_l_partkey, MAX(l.l_quantity) * 2 AS sq_value FROM lineitem l GROUP BY l.l_partkey) AS sq ON sq.sq_l_partkey = p.p_partkey;

-- No alias: the output name would change.
-- schema: example
-- matches: 1
SELECT c.c_name, (SELECT SUM(o.o_totalprice) FROM orders o WHERE o.o_custkey = c.c_custkey) FROM customer c;

-- The outer query groups; a lookup by a column that is not a key; a float sum.
-- schema: example
-- matches: 1
SELECT c.c_mktsegment, COUNT(*), (SELECT MAX(n.n_name) FROM nation n WHERE n.n_nationkey = c.c_nationkey) AS nation_name FROM customer c GROUP BY c.c_mktsegment, c.c_nationkey;

-- schema: example
-- matches: 1
SELECT c.c_name, (SELECT o.o_orderdate FROM orders o WHERE o.o_custkey = c.c_custkey) AS last_order FROM customer c;

-- schema: example accounts
-- matches: 2
SELECT a.acct_id, (SELECT SUM(r.amount) FROM reading r WHERE r.acct_id = a.acct_id) AS total, (SELECT SUM(r.units) FROM reading r WHERE r.acct_id = a.acct_id) AS units FROM account a;
-- after:
SELECT a.acct_id, (SELECT SUM(r.amount) FROM reading r WHERE r.acct_id = a.acct_id) AS total, sq.sq_value AS units FROM account a LEFT JOIN (SELECT r.acct_id AS sq_acct_id, SUM(r.units) AS sq_value FROM reading r GROUP BY r.acct_id) AS sq ON sq.sq_acct_id = a.acct_id;

-- Uncorrelated, or tied by something else than an equality: not decorrelated here.
-- schema: example
-- matches: 0
SELECT c.c_name, (SELECT MAX(o_totalprice) FROM orders) AS top, (SELECT MIN(o.o_totalprice) FROM orders o WHERE o.o_custkey > c.c_custkey) AS low FROM customer c;

-- An outer column inside the aggregate would not be visible in a derived table.
-- schema: example
-- matches: 0
SELECT c.c_name, (SELECT SUM(o.o_totalprice - c.c_acctbal) FROM orders o WHERE o.o_custkey = c.c_custkey) AS gap FROM customer c;

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).

-- dialect: mysql postgresql
-- verify: only
SELECT c.c_custkey, (SELECT SUM(o.o_totalprice) FROM orders o WHERE o.o_custkey = c.c_custkey) AS total FROM customer c;

-- dialect: mysql postgresql
-- verify: only
SELECT c.c_custkey, (SELECT COUNT(*) FROM orders o WHERE o.o_custkey = c.c_custkey AND o.o_orderstatus = 'F') AS finished, (SELECT n_name FROM nation WHERE n_nationkey = c.c_nationkey) AS nation_name FROM customer c;

-- dialect: mysql postgresql
-- verify: only
SELECT l.l_orderkey, l.l_linenumber, (SELECT ps.ps_availqty FROM partsupp ps WHERE ps.ps_partkey = l.l_partkey AND ps.ps_suppkey = l.l_suppkey) AS qty FROM lineitem l WHERE l.l_quantity < 5;

-- dialect: mysql postgresql
-- verify: only
SELECT e.id, (SELECT COUNT(f.amount) FROM events f WHERE f.grp = e.grp) AS priced, (SELECT MAX(f.amount) * 2 FROM events f WHERE f.grp = e.grp AND f.id <> 3) AS top FROM events e;

-- dialect: mysql postgresql
-- verify: only
SELECT e.id, (SELECT f.label FROM events f WHERE f.id = e.grp) AS grp_label FROM events e ORDER BY grp_label;
