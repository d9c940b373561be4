-- Fixture cases of in-subquery-to-join. Format: test-support/rule-fixtures.ts.

-- schema: example
-- matches: 1
-- verify: true
SELECT o.o_orderkey, o.o_totalprice FROM orders o WHERE o.o_custkey IN (SELECT c_custkey FROM customer WHERE c_nationkey = 3);
-- after:
SELECT o.o_orderkey, o.o_totalprice FROM orders o JOIN customer AS sq ON sq.c_custkey = o.o_custkey AND (sq.c_nationkey = 3);

-- Other conditions stay in WHERE; the subquery's alias becomes the fresh one; an OR stays together.
-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT o.o_orderkey FROM orders o WHERE o.o_orderstatus = 'F' AND o.o_custkey IN (SELECT c.c_custkey FROM customer c WHERE c.c_nationkey = 3 OR c_acctbal > 100) ORDER BY o.o_orderkey;
-- after:
SELECT o.o_orderkey FROM orders o JOIN customer AS sq ON sq.c_custkey = o.o_custkey AND (sq.c_nationkey = 3 OR sq.c_acctbal > 100) WHERE o.o_orderstatus = 'F' ORDER BY o.o_orderkey;

-- A composite key completed by a constant; a comma FROM list whose last group holds the column.
-- schema: example
-- matches: 1
SELECT l.l_orderkey FROM orders o, lineitem l WHERE l.l_orderkey = o.o_orderkey AND l.l_suppkey IN (SELECT ps_suppkey FROM partsupp WHERE ps_partkey = 7);
-- after:
SELECT l.l_orderkey FROM orders o, lineitem l JOIN partsupp AS sq ON sq.ps_suppkey = l.l_suppkey AND (sq.ps_partkey = 7) WHERE l.l_orderkey = o.o_orderkey;

-- Two INs of one query become two joins; the other's unqualified names stay inside its own subquery.
-- schema: example
-- matches: 2
SELECT o.o_orderkey FROM orders o WHERE o.o_custkey IN (SELECT c_custkey FROM customer) AND o.o_shippriority IN (SELECT n_nationkey FROM nation WHERE n_name LIKE 'A%');
-- after:
SELECT o.o_orderkey FROM orders o JOIN customer AS sq ON sq.c_custkey = o.o_custkey JOIN nation AS sq2 ON sq2.n_nationkey = o.o_shippriority AND (sq2.n_name LIKE 'A%');

-- Not a key: a join would repeat orders.
-- schema: example
-- matches: 1
SELECT c_name FROM customer WHERE c_custkey IN (SELECT o_custkey FROM orders);

-- No schema: uniqueness cannot be shown.
-- dialect: postgresql
-- matches: 1
SELECT a.id FROM a WHERE a.b_id IN (SELECT id FROM b);

-- SELECT * (which select-star cannot expand: audit_log is unknown) would gain customer's columns; an
-- unqualified name the joined table also has would become ambiguous.
-- schema: example
-- matches: 1
SELECT * FROM orders o JOIN audit_log g ON g.order_id = o.o_orderkey WHERE o.o_custkey IN (SELECT c_custkey FROM customer);

-- schema: example
-- matches: 1
SELECT n.n_name FROM nation n WHERE n.n_nationkey IN (SELECT s_nationkey FROM supplier) AND n.n_regionkey IN (SELECT r_regionkey FROM region WHERE r_name = n_name);

-- schema: example
-- matches: 1
SELECT o_orderkey FROM orders WHERE o_orderkey IN (SELECT o_orderkey FROM orders WHERE o_totalprice > 100);

-- schema: example
-- matches: 0
SELECT c.c_name FROM customer c WHERE c.c_name IN (SELECT c_custkey FROM customer) OR c.c_custkey IN (SELECT o_orderkey FROM orders);

-- A MySQL text key compared under an unknown collation could match several rows: advice only.
-- schema: example accounts
-- matches: 1
SELECT a.acct_id FROM account a WHERE a.owner_code IN (SELECT code FROM account);

-- The same collation on both sides (the tables' COLLATE=): = compares as the unique index does.
-- schema: collated-members
-- matches: 1
SELECT v.id FROM visit v WHERE v.member_code IN (SELECT code FROM member);
-- after:
SELECT v.id FROM visit v JOIN member AS sq ON sq.code = v.member_code;

-- A column of another collation, or of a character set whose default collation the structure does not name.
-- schema: collated-members
-- matches: 2
SELECT v.id FROM visit v WHERE v.raw_code IN (SELECT code FROM member) AND v.latin_code IN (SELECT m.code FROM member m);

-- dialect: postgresql
-- schema: example accounts
-- matches: 1
SELECT a.acct_id FROM account a WHERE a.owner_code IN (SELECT b.code FROM account b);
-- after:
SELECT a.acct_id FROM account a JOIN account AS sq ON sq.code = a.owner_code;

-- LIMIT on the outer query, and a correlated IN (not this rule's).
-- schema: example
-- matches: 1
SELECT o.o_orderkey FROM orders o WHERE o.o_custkey IN (SELECT c_custkey FROM customer) ORDER BY o.o_totalprice LIMIT 5;

-- schema: example
-- matches: 0
SELECT o.o_orderkey FROM orders o WHERE o.o_custkey IN (SELECT c.c_custkey FROM customer c WHERE c.c_nationkey = o.o_shippriority);

-- The LIMIT of a UNION hangs on its last branch but cuts the rows of every branch.
-- schema: example
-- matches: 1
SELECT o.o_orderkey FROM orders o WHERE o.o_custkey IN (SELECT c_custkey FROM customer) UNION SELECT n.n_nationkey FROM nation n ORDER BY 1 LIMIT 3;

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).

-- dialect: postgresql
-- verify: only
SELECT o.o_orderkey, o.o_totalprice FROM orders o WHERE o.o_custkey IN (SELECT c_custkey FROM customer WHERE c_nationkey = 3);

-- dialect: mysql postgresql
-- verify: only
SELECT n.n_name, n.n_regionkey FROM nation n WHERE n.n_regionkey IN (SELECT r.r_regionkey FROM region r WHERE r.r_name LIKE 'A%' OR r_regionkey = 4);

-- dialect: mysql postgresql
-- verify: only
SELECT e.id, e.grp FROM events e WHERE e.grp IN (SELECT id FROM events WHERE amount IS NULL OR flag > 3);

-- A text key: in MySQL the tables' collation makes 'A' and 'c ' match 'a' and 'c', once each.
-- dialect: mysql postgresql
-- verify: only
SELECT e.id, e.label FROM events e WHERE e.label IN (SELECT code FROM labels WHERE title <> 'zeta');

-- dialect: mysql postgresql
-- verify: only
SELECT l.l_orderkey, l.l_linenumber FROM orders o, lineitem l WHERE l.l_orderkey = o.o_orderkey AND o.o_orderstatus = l.l_linestatus AND l.l_partkey IN (SELECT p_partkey FROM part WHERE p_size < 10);
