-- Fixture cases of always-false-predicate. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT 1 FROM orders WHERE 1 = 0;

-- dialect: postgresql
-- matches: 1
SELECT 1 FROM t WHERE a = 5 AND 2 < 1;

-- matches: 1
SELECT 1 FROM t LEFT JOIN u ON u.k = t.k AND 1 <> 1;

-- matches: 1
SELECT 1 FROM t WHERE 'a' <> 'a';

-- As an OR branch it does nothing: removed, as long as another branch remains.
-- matches: 1
SELECT 1 FROM t WHERE 1 = 0 OR a = 5;
-- after:
SELECT 1 FROM t WHERE a = 5;

-- dialect: postgresql
-- matches: 1
SELECT 1 FROM t WHERE b = 1 AND (a = 5 OR 2 < 1 OR a = 7);
-- after:
SELECT 1 FROM t WHERE b = 1 AND (a = 5 OR a = 7);

-- matches: 1
SELECT 1 FROM t JOIN u ON u.k = t.k OR 1 <> 1;
-- after:
SELECT 1 FROM t JOIN u ON u.k = t.k;

-- matches: 0
SELECT 1 FROM t WHERE 1 = 0 OR 2 = 3;

-- matches: 0
SELECT 1 FROM t WHERE NOT (a = 5 OR 1 = 0);

-- matches: 0
SELECT 1 FROM t WHERE NOT (1 = 0);

-- matches: 0
SELECT 1 FROM t WHERE 'a' = 'b';

-- matches: 0
SELECT CASE WHEN 1 = 0 THEN 1 END FROM t;

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).

-- always-false-predicate (an always-false OR branch)
-- dialect: mysql postgresql
-- verify: only
SELECT n_name FROM nation WHERE 1 = 0 OR n_regionkey = 2;

-- dialect: mysql postgresql
-- verify: only
SELECT id FROM events WHERE grp IS NULL OR 2 < 1 OR label = 'a';

-- dialect: mysql postgresql
-- verify: only
SELECT e.id, n.n_name FROM events e LEFT JOIN nation n ON n.n_nationkey = e.grp OR 1 <> 1;
