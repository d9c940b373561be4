-- Fixture cases of redundant-order-by. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT COUNT(*) FROM orders WHERE o_orderstatus = 'F' ORDER BY 1;
-- after:
SELECT COUNT(*) FROM orders WHERE o_orderstatus = 'F';

-- dialect: postgresql
-- matches: 1
SELECT COUNT(*), MAX(o_totalprice) FROM orders ORDER BY COUNT(*) DESC LIMIT 1;
-- after:
SELECT COUNT(*), MAX(o_totalprice) FROM orders LIMIT 1;

-- dialect: postgresql
-- matches: 2
SELECT c_name, (SELECT o_orderdate FROM orders WHERE o_orderkey = c_custkey ORDER BY o_orderdate) FROM customer WHERE c_acctbal > (SELECT AVG(c_acctbal) FROM customer ORDER BY 1);
-- after:
SELECT c_name, (SELECT o_orderdate FROM orders WHERE o_orderkey = c_custkey) FROM customer WHERE c_acctbal > (SELECT AVG(c_acctbal) FROM customer);

-- matches: 1
SELECT c_name FROM customer WHERE c_custkey = ANY (SELECT o_custkey FROM orders ORDER BY o_orderdate);
-- after:
SELECT c_name FROM customer WHERE c_custkey = ANY (SELECT o_custkey FROM orders);

-- dialect: postgresql
-- matches: 2
(SELECT o_custkey FROM orders ORDER BY o_orderdate) UNION (SELECT c_custkey FROM customer ORDER BY c_name);
-- after:
(SELECT o_custkey FROM orders) UNION (SELECT c_custkey FROM customer);

-- matches: 2
(SELECT o_custkey FROM orders ORDER BY o_orderdate) UNION ALL (SELECT c_custkey FROM customer ORDER BY c_name) ORDER BY 1;
-- after:
(SELECT o_custkey FROM orders) UNION ALL (SELECT c_custkey FROM customer) ORDER BY 1;

-- UNION ALL returns branches in turn: without an ORDER BY of its own, the result may show this order.
-- dialect: postgresql
-- matches: 1
(SELECT o_custkey FROM orders ORDER BY o_orderdate) UNION ALL (SELECT c_custkey FROM customer);

-- matches: 1
(SELECT o_custkey FROM orders ORDER BY o_orderdate) UNION SELECT c_custkey FROM customer ORDER BY 1 LIMIT 4;

-- MySQL: o_clerk comes from an arbitrary row.
-- matches: 1
SELECT COUNT(*), o_clerk FROM orders ORDER BY o_orderdate;

-- matches: 0
SELECT o_custkey FROM orders UNION SELECT c_custkey FROM customer ORDER BY 1;

-- matches: 0
SELECT o_custkey FROM orders ORDER BY 1;

-- dialect: postgresql
-- matches: 0
SELECT c_name FROM customer WHERE c_custkey > ALL (SELECT o_custkey FROM orders ORDER BY o_orderdate LIMIT 3);

-- A set-returning function makes several rows.
-- dialect: postgresql
-- matches: 0
SELECT COUNT(*), generate_series(1, 3) FROM orders ORDER BY 2;

-- IN subqueries are subquery-distinct's, derived tables order-by-in-derived-table's.
-- matches: 0
SELECT c_name FROM customer WHERE c_custkey IN (SELECT o_custkey FROM orders ORDER BY 1);

-- matches: 0
SELECT x.n FROM (SELECT COUNT(*) AS n FROM orders ORDER BY 1) x;

-- GROUP BY makes one row per group.
-- dialect: postgresql
-- matches: 0
SELECT o_custkey, COUNT(*) FROM orders GROUP BY o_custkey ORDER BY 2;

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).

-- dialect: postgresql
-- verify: only
SELECT count(*), max(o_totalprice) FROM orders WHERE o_orderstatus = 'F' ORDER BY 1;

-- dialect: postgresql
-- verify: only
SELECT c_custkey, (SELECT o_orderdate FROM orders WHERE o_orderkey = c_custkey ORDER BY o_orderdate) FROM customer WHERE c_acctbal > (SELECT avg(c_acctbal) FROM customer ORDER BY 1);

-- dialect: mysql postgresql
-- verify: only
SELECT c_custkey FROM customer WHERE c_custkey = ANY (SELECT o_custkey FROM orders WHERE o_totalprice > 400000 ORDER BY o_orderdate);

-- dialect: postgresql
-- verify: only
(SELECT o_custkey FROM orders WHERE o_orderstatus = 'P' ORDER BY o_orderdate) UNION (SELECT c_custkey FROM customer WHERE c_acctbal < 0 ORDER BY c_name);

-- dialect: mysql postgresql
-- verify: only
(SELECT grp FROM events ORDER BY ts) UNION ALL (SELECT flag FROM events ORDER BY label) ORDER BY 1;

-- dialect: postgresql
-- verify: only
SELECT count(label), sum(amount) FROM events WHERE grp IS NOT NULL ORDER BY 2;

-- dialect: mysql
-- verify: only
SELECT COUNT(*), MAX(o_totalprice) FROM orders WHERE o_orderstatus = 'F' ORDER BY 1;

-- dialect: mysql
-- verify: only
SELECT c_custkey, (SELECT o_orderdate FROM orders WHERE o_orderkey = c_custkey ORDER BY o_orderdate) FROM customer WHERE c_acctbal > (SELECT AVG(c_acctbal) FROM customer ORDER BY 1);

-- dialect: mysql
-- verify: only
SELECT COUNT(label), SUM(amount) FROM events WHERE grp IS NOT NULL ORDER BY 2;
