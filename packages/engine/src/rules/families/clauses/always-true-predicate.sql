-- Fixture cases of always-true-predicate. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT 1 FROM orders WHERE 1 = 1 AND o_custkey = 7;
-- after:
SELECT 1 FROM orders WHERE o_custkey = 7;

-- dialect: postgresql
-- matches: 1
SELECT 1 FROM t WHERE 'a' = 'a';
-- after:
SELECT 1 FROM t;

-- matches: 1
SELECT 1 FROM t WHERE a = 1 AND 2 >= 1 AND b = 2;
-- after:
SELECT 1 FROM t WHERE a = 1 AND b = 2;

-- dialect: postgresql
-- matches: 1
SELECT a FROM t WHERE (1 = 1) AND a > 0 ORDER BY a;
-- after:
SELECT a FROM t WHERE a > 0 ORDER BY a;

-- dialect: postgresql
-- matches: 1
SELECT 1 FROM t WHERE x = 1 AND (1 = 1 AND y BETWEEN 1 AND 2);
-- after:
SELECT 1 FROM t WHERE x = 1 AND (y BETWEEN 1 AND 2);

-- A WHERE of nothing but always-true conditions goes as a whole.
-- matches: 2
SELECT a FROM t WHERE 1 = 1 AND 2 = 2 GROUP BY a;
-- after:
SELECT a FROM t GROUP BY a;

-- The whole WHERE of an UPDATE is reported, not removed: the statement changes every row.
-- matches: 1
UPDATE orders SET o_clerk = NULL WHERE 1 = 1;

-- matches: 1
UPDATE orders SET o_clerk = NULL WHERE 1 = 1 AND o_orderkey = 5;
-- after:
UPDATE orders SET o_clerk = NULL WHERE o_orderkey = 5;

-- The whole ON or HAVING stays (a HAVING alone makes the query grouped).
-- dialect: postgresql
-- matches: 2
SELECT COUNT(*) FROM t JOIN u ON 1 = 1 HAVING 1 = 1;

-- matches: 0
SELECT 1 FROM t WHERE a = 1 OR 1 = 1;

-- matches: 0
SELECT 1 FROM t WHERE a = a;

-- matches: 0
SELECT 1 FROM t WHERE 'a' = 'A';

-- matches: 0
SELECT 1 = 1 FROM t;

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).

-- dialect: mysql postgresql
-- verify: only
SELECT n_name FROM nation WHERE 1 = 1 AND n_regionkey = 2;

-- dialect: postgresql
-- verify: only
SELECT r_name FROM region WHERE 'a' = 'a' AND 2 > 1;

-- dialect: mysql postgresql
-- verify: only
SELECT id FROM events WHERE grp IS NULL AND (1 = 1);
