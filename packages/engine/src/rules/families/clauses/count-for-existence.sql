-- Fixture cases of count-for-existence. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT 1 FROM customer c WHERE (SELECT COUNT(*) FROM orders o WHERE o.o_custkey = c.c_custkey) > 0;
-- after:
SELECT 1 FROM customer c WHERE EXISTS (SELECT 1 FROM orders o WHERE o.o_custkey = c.c_custkey);

-- dialect: postgresql
-- matches: 1
SELECT 1 FROM t WHERE 0 = (SELECT COUNT(1) FROM u WHERE u.k = t.k);
-- after:
SELECT 1 FROM t WHERE NOT EXISTS (SELECT 1 FROM u WHERE u.k = t.k);

-- matches: 1
SELECT 1 FROM t WHERE (SELECT COUNT(*) FROM u) >= 1;
-- after:
SELECT 1 FROM t WHERE EXISTS (SELECT 1 FROM u);

-- Two-valued on both sides, so it holds in a select list too.
-- dialect: postgresql
-- matches: 1
SELECT a, (SELECT count(*) FROM u WHERE u.k = t.k) <= 0 AS lonely FROM t;
-- after:
SELECT a, NOT EXISTS (SELECT 1 FROM u WHERE u.k = t.k) AS lonely FROM t;

-- matches: 0
SELECT 1 FROM t WHERE (SELECT COUNT(*) FROM u WHERE u.k = t.k) > 1;

-- COUNT(col) skips NULLs; with GROUP BY the subquery may return no row at all.
-- matches: 0
SELECT 1 FROM t WHERE (SELECT COUNT(x) FROM u) > 0;

-- matches: 0
SELECT 1 FROM t WHERE (SELECT COUNT(*) FROM u GROUP BY y) > 0;

-- matches: 0
SELECT a, (SELECT COUNT(*) FROM u WHERE u.k = t.k) FROM t;

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).

-- dialect: mysql postgresql
-- verify: only
SELECT s_suppkey FROM supplier s WHERE (SELECT COUNT(*) FROM partsupp ps WHERE ps.ps_suppkey = s.s_suppkey) > 0;

-- dialect: postgresql
-- verify: only
SELECT s_suppkey FROM supplier s WHERE 0 = (SELECT count(1) FROM partsupp ps WHERE ps.ps_suppkey = s.s_suppkey AND ps.ps_availqty < 5000);

-- dialect: postgresql
-- verify: only
SELECT e.id, (SELECT count(*) FROM events f WHERE f.grp = e.grp AND f.id <> e.id) >= 1 AS shared FROM events e;

-- dialect: mysql
-- verify: only
SELECT e.id, (SELECT COUNT(*) FROM events f WHERE f.grp = e.grp AND f.id <> e.id) = 0 AS alone FROM events e;
