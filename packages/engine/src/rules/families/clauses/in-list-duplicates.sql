-- Fixture cases of in-list-duplicates. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT 1 FROM orders WHERE o_orderstatus IN ('F', 'O', 'F');
-- after:
SELECT 1 FROM orders WHERE o_orderstatus IN ('F', 'O');

-- Equal values written differently are reported and kept.
-- dialect: postgresql
-- matches: 1
SELECT 1 FROM t WHERE a NOT IN (1, 2, 1.0);

-- dialect: postgresql
-- matches: 1
SELECT 1 FROM t WHERE a NOT IN (3, 1, 3, 2, 1);
-- after:
SELECT 1 FROM t WHERE a NOT IN (3, 1, 2);

-- matches: 2
SELECT 1 FROM t WHERE a IN ('x', 'y', 'x') AND b IN (7, 7);
-- after:
SELECT 1 FROM t WHERE a IN ('x', 'y') AND b IN (7);

-- matches: 0
SELECT 1 FROM t WHERE a IN ('x', 'X', 'x ');

-- matches: 0
SELECT 1 FROM t WHERE a IN (?, ?, ?);

-- matches: 0
SELECT 1 FROM t WHERE a IN (1, '1');

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).

-- dialect: mysql postgresql
-- verify: only
SELECT c_custkey FROM customer WHERE c_mktsegment IN ('BUILDING', 'MACHINERY', 'BUILDING');

-- dialect: postgresql
-- verify: only
SELECT n_name FROM nation WHERE n_regionkey NOT IN (1, 2, 1, 2);

-- dialect: mysql postgresql
-- verify: only
SELECT id, grp NOT IN (1, 4, 1) AS other FROM events;
