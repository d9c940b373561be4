-- Fixture cases of offset-to-keyset. Format: test-support/rule-fixtures.ts.

-- schema: example
-- matches: 1
SELECT o_orderkey, o_totalprice FROM orders ORDER BY o_orderkey LIMIT 20 OFFSET 100000;
-- after:
SELECT o_orderkey, o_totalprice FROM orders WHERE o_orderkey >= (SELECT o_orderkey FROM orders ORDER BY o_orderkey LIMIT 1 OFFSET 100000) ORDER BY o_orderkey LIMIT 20;

-- The filters go into the subquery too; DESC compares with <=.
-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT o_orderkey, o_totalprice FROM orders o WHERE o.o_totalprice > 5 OR o_orderstatus = 'F' ORDER BY o.o_orderkey DESC LIMIT 20 OFFSET 1500;
-- after:
SELECT o_orderkey, o_totalprice FROM orders o WHERE (o.o_totalprice > 5 OR o_orderstatus = 'F') AND o.o_orderkey <= (SELECT o.o_orderkey FROM orders o WHERE o.o_totalprice > 5 OR o_orderstatus = 'F' ORDER BY o.o_orderkey DESC LIMIT 1 OFFSET 1500) ORDER BY o.o_orderkey DESC LIMIT 20;

-- schema: example
-- matches: 1
SELECT p_partkey, p_name FROM part WHERE p_size = 7 ORDER BY p_partkey ASC LIMIT 1001, 20;
-- after:
SELECT p_partkey, p_name FROM part WHERE p_size = 7 AND p_partkey >= (SELECT p_partkey FROM part WHERE p_size = 7 ORDER BY p_partkey ASC LIMIT 1 OFFSET 1001) ORDER BY p_partkey ASC LIMIT 20;

-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT o_orderkey FROM orders ORDER BY o_orderkey NULLS LAST LIMIT 5 OFFSET 2000;
-- after:
SELECT o_orderkey FROM orders WHERE o_orderkey >= (SELECT o_orderkey FROM orders ORDER BY o_orderkey NULLS LAST LIMIT 1 OFFSET 2000) ORDER BY o_orderkey NULLS LAST LIMIT 5;

-- Advice: a key that may repeat or be NULL, no table structure, an alias that hides the key, grouping.
-- schema: example
-- matches: 1
SELECT o_orderkey FROM orders ORDER BY o_custkey LIMIT 20 OFFSET 100000;

-- matches: 1
SELECT o_orderkey FROM orders ORDER BY o_orderkey LIMIT 20 OFFSET 100000;

-- schema: example
-- matches: 1
SELECT o_totalprice AS o_orderkey FROM orders ORDER BY o_orderkey LIMIT 20 OFFSET 5000;

-- schema: example
-- matches: 1
SELECT o_orderkey, COUNT(*) o_orderkey FROM orders ORDER BY o_orderkey LIMIT 20 OFFSET 5000;

-- schema: example
-- matches: 1
SELECT o_orderkey, COUNT(*) FROM orders GROUP BY o_orderkey ORDER BY o_orderkey LIMIT 20 OFFSET 5000;

-- schema: example
-- matches: 1
SELECT o_orderkey FROM orders WHERE o_custkey = ? ORDER BY o_orderkey LIMIT 20 OFFSET 5000;

-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT o_orderkey FROM orders WHERE o_custkey = $1 ORDER BY o_orderkey LIMIT $2 OFFSET 5000;
-- after:
SELECT o_orderkey FROM orders WHERE o_custkey = $1 AND o_orderkey >= (SELECT o_orderkey FROM orders WHERE o_custkey = $1 ORDER BY o_orderkey LIMIT 1 OFFSET 5000) ORDER BY o_orderkey LIMIT $2;

-- The select item the ORDER BY names is the key column itself, qualified there: rewritten.
-- schema: example
-- matches: 1
SELECT o.o_orderkey, o.o_totalprice FROM orders o ORDER BY o_orderkey LIMIT 20 OFFSET 5000;
-- after:
SELECT o.o_orderkey, o.o_totalprice FROM orders o WHERE o_orderkey >= (SELECT o_orderkey FROM orders o ORDER BY o_orderkey LIMIT 1 OFFSET 5000) ORDER BY o_orderkey LIMIT 20;

-- Not this rule: an offset at the threshold, a join, two sort keys.
-- schema: example
-- matches: 0
SELECT o_orderkey FROM orders ORDER BY o_orderkey LIMIT 20 OFFSET 1000;

-- schema: example
-- matches: 0
SELECT o_orderkey FROM orders JOIN customer ON c_custkey = o_custkey ORDER BY o_orderkey LIMIT 20 OFFSET 5000;

-- schema: example
-- matches: 0
SELECT o_orderkey FROM orders ORDER BY o_orderdate, o_orderkey LIMIT 20 OFFSET 5000;

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).
-- It needs an offset above the large-offset threshold (1000), which only the TPC-H tables reach.

-- offset-to-keyset (orders has 2048 rows in the sample, part 8060)
-- dialect: mysql postgresql
-- verify: only
SELECT o_orderkey, o_totalprice FROM orders ORDER BY o_orderkey LIMIT 10 OFFSET 1500;

-- dialect: mysql postgresql
-- verify: only
SELECT o_orderkey, o_custkey FROM orders o WHERE o.o_orderstatus <> 'P' OR o.o_totalprice > 100000 ORDER BY o.o_orderkey DESC LIMIT 20 OFFSET 1200;

-- dialect: postgresql
-- verify: only
SELECT p_partkey, p_name FROM part WHERE p_size < 20 ORDER BY p_partkey LIMIT 30 OFFSET 3000;

-- dialect: mysql
-- verify: only
SELECT s_suppkey, s_name FROM supplier ORDER BY s_suppkey DESC LIMIT 4000, 25;

-- A direction pasted at run time (MyBatis' `${direction}`): which side of the last key comes next is unknown.
-- matches: 0
SELECT o_orderkey, o_totalprice FROM orders ORDER BY o_orderkey ${direction} LIMIT 20 OFFSET 100000;
