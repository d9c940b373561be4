-- Fixture cases of limit-pushdown-union. Format: test-support/rule-fixtures.ts.

-- schema: example
-- matches: 1
SELECT o_orderkey, o_totalprice FROM orders WHERE o_orderstatus = 'F' UNION ALL SELECT o_orderkey, o_totalprice FROM orders WHERE o_custkey = 42 AND (o_orderstatus = 'F') IS NOT TRUE ORDER BY o_orderkey DESC LIMIT 10;
-- after:
(SELECT o_orderkey, o_totalprice FROM orders WHERE o_orderstatus = 'F' ORDER BY o_orderkey DESC LIMIT 10) UNION ALL (SELECT o_orderkey, o_totalprice FROM orders WHERE o_custkey = 42 AND (o_orderstatus = 'F') IS NOT TRUE ORDER BY o_orderkey DESC LIMIT 10) ORDER BY o_orderkey DESC LIMIT 10;

-- Parenthesized branches, disjoint ranges and an IS NULL, a position, an OFFSET: each branch keeps n + m rows.
-- dialect: postgresql
-- schema: example
-- matches: 1
(SELECT o.o_orderkey AS k FROM orders o WHERE o.o_totalprice < 100) UNION ALL (SELECT o_orderkey FROM orders WHERE o_totalprice BETWEEN 100 AND 200) UNION ALL (SELECT o_orderkey FROM orders WHERE 200 < o_totalprice AND o_custkey IS NULL) ORDER BY 1 LIMIT 5 OFFSET 10;
-- after:
(SELECT o.o_orderkey AS k FROM orders o WHERE o.o_totalprice < 100 ORDER BY o.o_orderkey LIMIT 15) UNION ALL (SELECT o_orderkey FROM orders WHERE o_totalprice BETWEEN 100 AND 200 ORDER BY o_orderkey LIMIT 15) UNION ALL (SELECT o_orderkey FROM orders WHERE 200 < o_totalprice AND o_custkey IS NULL ORDER BY o_orderkey LIMIT 15) ORDER BY 1 LIMIT 5 OFFSET 10;

-- schema: example
-- matches: 1
SELECT o_orderkey FROM orders WHERE o_custkey = 1 UNION ALL SELECT o_orderkey FROM orders WHERE o_custkey = 2 ORDER BY o_orderkey LIMIT 10, 5;
-- after:
(SELECT o_orderkey FROM orders WHERE o_custkey = 1 ORDER BY o_orderkey LIMIT 15) UNION ALL (SELECT o_orderkey FROM orders WHERE o_custkey = 2 ORDER BY o_orderkey LIMIT 15) ORDER BY o_orderkey LIMIT 10, 5;

-- Advice: overlapping branches, a key that repeats, two tables, no table structure.
-- schema: example
-- matches: 1
SELECT o_orderkey FROM orders WHERE o_totalprice < 100 UNION ALL SELECT o_orderkey FROM orders WHERE o_totalprice <= 100 ORDER BY o_orderkey LIMIT 5;

-- schema: example
-- matches: 1
SELECT o_custkey FROM orders WHERE o_custkey IS NULL UNION ALL SELECT o_custkey FROM orders WHERE o_custkey > 3 ORDER BY o_custkey LIMIT 5;

-- schema: example
-- matches: 1
SELECT o_orderkey FROM orders WHERE o_orderkey < 5 UNION ALL SELECT l_orderkey FROM lineitem WHERE l_orderkey > 5 ORDER BY o_orderkey LIMIT 5;

-- matches: 1
SELECT o_orderkey FROM orders WHERE o_custkey = 1 UNION ALL SELECT o_orderkey FROM orders WHERE o_custkey = 2 ORDER BY o_orderkey LIMIT 5;

-- Not this rule: no LIMIT, UNION without ALL, a single query.
-- schema: example
-- matches: 0
SELECT o_orderkey FROM orders WHERE o_custkey = 1 UNION ALL SELECT o_orderkey FROM orders WHERE o_custkey = 2 ORDER BY o_orderkey;

-- schema: example
-- matches: 0
SELECT o_orderkey FROM orders WHERE o_custkey = 1 UNION SELECT o_orderkey FROM orders WHERE o_custkey = 2 ORDER BY o_orderkey LIMIT 5;

-- schema: example
-- matches: 0
SELECT o_orderkey FROM orders ORDER BY o_orderkey LIMIT 5;

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).

-- dialect: mysql postgresql
-- verify: only
SELECT o_orderkey, o_totalprice FROM orders WHERE o_orderstatus = 'F' UNION ALL SELECT o_orderkey, o_totalprice FROM orders WHERE o_totalprice > 300000 AND (o_orderstatus = 'F') IS NOT TRUE ORDER BY o_orderkey DESC LIMIT 10;

-- dialect: postgresql
-- verify: only
SELECT s_suppkey, s_name FROM supplier WHERE s_acctbal < 0 UNION ALL SELECT s_suppkey, s_name FROM supplier WHERE s_acctbal >= 5000 ORDER BY s_suppkey LIMIT 25;

-- dialect: mysql postgresql
-- verify: only
SELECT id, grp, label FROM events WHERE grp IS NULL UNION ALL SELECT id, grp, label FROM events WHERE grp >= 2 ORDER BY id DESC LIMIT 3;

-- dialect: mysql postgresql
-- verify: only
(SELECT id, amount FROM events WHERE amount < 5) UNION ALL (SELECT id, amount FROM events WHERE amount >= 5) UNION ALL (SELECT id, amount FROM events WHERE amount IS NULL) ORDER BY 1 LIMIT 3 OFFSET 2;

-- dialect: mysql
-- verify: only
SELECT s_suppkey, s_name FROM supplier WHERE s_acctbal < 0 UNION ALL SELECT s_suppkey, s_name FROM supplier WHERE s_acctbal >= 5000 ORDER BY s_suppkey LIMIT 5, 20;
