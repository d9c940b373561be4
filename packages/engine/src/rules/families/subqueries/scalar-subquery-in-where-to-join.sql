-- Fixture cases of scalar-subquery-in-where-to-join. Format: test-support/rule-fixtures.ts.

-- schema: example
-- matches: 1
-- verify: true
SELECT o.o_orderkey FROM orders o WHERE o.o_totalprice > (SELECT AVG(o2.o_totalprice) FROM orders o2 WHERE o2.o_custkey = o.o_custkey);
-- after:
SELECT o.o_orderkey FROM orders o LEFT JOIN (SELECT o2.o_custkey AS sq_o_custkey, AVG(o2.o_totalprice) AS sq_value FROM orders o2 GROUP BY o2.o_custkey) AS sq ON sq.sq_o_custkey = o.o_custkey WHERE o.o_totalprice > sq.sq_value;

-- TPC-H Q17: comma FROM list (the tie's column is in its last group), an outer aggregate.
-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT sum(l_extendedprice) / 7.0 AS avg_yearly FROM lineitem, part WHERE p_partkey = l_partkey AND p_brand = 'Brand#23' AND l_quantity < (SELECT 0.2 * avg(l_quantity) FROM lineitem WHERE l_partkey = p_partkey);
-- after:
SELECT sum(l_extendedprice) / 7.0 AS avg_yearly FROM lineitem, part LEFT JOIN (SELECT l_partkey AS sq_l_partkey, 0.2 * avg(l_quantity) AS sq_value FROM lineitem GROUP BY l_partkey) AS sq ON sq.sq_l_partkey = p_partkey WHERE p_partkey = l_partkey AND p_brand = 'Brand#23' AND l_quantity < sq.sq_value;

-- COUNT under OR; a lookup by primary key.
-- schema: example
-- matches: 2
SELECT c.c_custkey FROM customer c WHERE (SELECT COUNT(*) FROM orders o WHERE o.o_custkey = c.c_custkey) < 3 OR (SELECT n.n_name FROM nation n WHERE n.n_nationkey = c.c_nationkey) = 'FRANCE';
-- after:
SELECT c.c_custkey FROM customer c LEFT JOIN (SELECT o.o_custkey AS sq_o_custkey, COUNT(*) AS sq_value FROM orders o GROUP BY o.o_custkey) AS sq ON sq.sq_o_custkey = c.c_custkey LEFT JOIN nation AS sq2 ON sq2.n_nationkey = c.c_nationkey WHERE COALESCE(sq.sq_value, 0) < 3 OR sq2.n_name = 'FRANCE';

-- The tie's column is in an earlier comma group than the last: a JOIN's ON could not see it.
-- schema: example
-- matches: 1
SELECT 1 FROM part, supplier WHERE p_size < (SELECT MAX(l_quantity) FROM lineitem WHERE l_partkey = p_partkey);

-- Float sums, and the type of the tie cannot be read without the schema.
-- schema: example accounts
-- matches: 1
SELECT a.acct_id FROM account a WHERE a.score > (SELECT SUM(r.amount) FROM reading r WHERE r.acct_id = a.acct_id);

-- dialect: postgresql
-- matches: 1
SELECT a.id FROM a WHERE a.v > (SELECT SUM(b.v) FROM b WHERE b.a_id = a.id);

-- IN and EXISTS subqueries are not scalar; an uncorrelated scalar subquery is computed once anyway.
-- schema: example
-- matches: 0
SELECT o.o_orderkey FROM orders o WHERE o.o_custkey IN (SELECT c_custkey FROM customer) AND o.o_totalprice > (SELECT AVG(o_totalprice) FROM orders);

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).

-- dialect: postgresql
-- verify: only
SELECT o.o_orderkey FROM orders o WHERE o.o_totalprice > (SELECT AVG(o2.o_totalprice) FROM orders o2 WHERE o2.o_custkey = o.o_custkey);

-- dialect: mysql postgresql
-- verify: only
SELECT p_partkey, COUNT(*) FROM lineitem, part WHERE p_partkey = l_partkey AND p_size <= 2 AND l_quantity < (SELECT 0.5 * AVG(l_quantity) FROM lineitem WHERE l_partkey = p_partkey) GROUP BY p_partkey;

-- dialect: mysql postgresql
-- verify: only
SELECT e.id FROM events e WHERE (SELECT COUNT(*) FROM events f WHERE f.grp = e.grp) < 2 OR e.amount < (SELECT AVG(f.amount) FROM events f WHERE f.grp = e.grp);

-- dialect: mysql postgresql
-- verify: only
SELECT c.c_custkey FROM customer c WHERE (SELECT n.n_name FROM nation n WHERE n.n_nationkey = c.c_nationkey) <> 'FRANCE' AND c.c_acctbal > 5000;
