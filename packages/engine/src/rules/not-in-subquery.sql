-- Fixture cases of not-in-subquery. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT 1 FROM orders WHERE o_custkey NOT IN (SELECT c_custkey FROM customer);

-- matches: 0
SELECT 1 FROM orders WHERE o_custkey IN (SELECT c_custkey FROM customer);

-- Both columns NOT NULL: NOT EXISTS, with columns qualified so they resolve as before.
-- schema: example
-- matches: 1
SELECT c_name FROM customer WHERE c_nationkey NOT IN (SELECT n_nationkey FROM nation);
-- after:
SELECT c_name FROM customer WHERE NOT EXISTS (SELECT 1 FROM nation WHERE nation.n_nationkey = customer.c_nationkey);

-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT c.c_name FROM customer c WHERE c.c_nationkey NOT IN (SELECT n_nationkey FROM nation n WHERE n.n_regionkey = 1 OR n_name = 'X') AND c_custkey > 5;
-- after:
SELECT c.c_name FROM customer c WHERE NOT EXISTS (SELECT 1 FROM nation n WHERE (n.n_regionkey = 1 OR n_name = 'X') AND n.n_nationkey = c.c_nationkey) AND c_custkey > 5;

-- The subquery reads the outer table too: it gets an alias, so the outer column stays reachable.
-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT n_name FROM nation WHERE n_regionkey NOT IN (SELECT n_nationkey FROM nation WHERE n_name LIKE 'A%');
-- after:
SELECT n_name FROM nation WHERE NOT EXISTS (SELECT 1 FROM nation sq WHERE n_name LIKE 'A%' AND sq.n_nationkey = nation.n_regionkey);

-- Not rewritten: a nullable column on either side, the NULL side of an outer join, a grouped subquery.
-- schema: example
-- matches: 1
SELECT c_name FROM customer WHERE c_custkey NOT IN (SELECT o_custkey FROM orders);

-- schema: example
-- matches: 1
SELECT 1 FROM orders WHERE o_custkey NOT IN (SELECT c_custkey FROM customer);

-- schema: example
-- matches: 1
SELECT 1 FROM customer c LEFT JOIN nation n ON n.n_nationkey = c.c_nationkey WHERE n.n_regionkey NOT IN (SELECT r_regionkey FROM region);

-- schema: example
-- matches: 1
SELECT 1 FROM nation WHERE n_nationkey NOT IN (SELECT n_regionkey FROM nation GROUP BY n_regionkey);

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).

-- not-in-subquery (every TPC-H column is NOT NULL)
-- dialect: mysql postgresql
-- verify: only
SELECT s_suppkey FROM supplier WHERE s_suppkey NOT IN (SELECT ps_suppkey FROM partsupp WHERE ps_availqty > 5000 OR ps_comment LIKE '%final%');

-- dialect: postgresql
-- verify: only
SELECT n_name FROM nation WHERE n_nationkey NOT IN (SELECT n_regionkey FROM nation WHERE n_name LIKE '%A%');

-- dialect: postgresql
-- verify: only
SELECT id FROM events e WHERE e.flag NOT IN (SELECT id FROM events WHERE grp = 1);

-- dialect: mysql
-- verify: only
SELECT id FROM events WHERE flag NOT IN (SELECT id FROM events WHERE grp = 1);
