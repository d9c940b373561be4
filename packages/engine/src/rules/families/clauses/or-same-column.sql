-- Fixture cases of or-same-column. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT 1 FROM orders WHERE o_orderstatus = 'F' OR o_orderstatus = 'O' OR o_orderstatus = 'P';
-- after:
SELECT 1 FROM orders WHERE o_orderstatus IN ('F', 'O', 'P');

-- dialect: postgresql
-- matches: 1
SELECT 1 FROM t WHERE x = 2 AND (a = 'p' OR (a = 'q') OR 'r' = a);
-- after:
SELECT 1 FROM t WHERE x = 2 AND (a IN ('p', 'q', 'r'));

-- matches: 1
SELECT 1 FROM t WHERE NOT (t.a = -1 OR t.a = 2 OR t.a = 3);
-- after:
SELECT 1 FROM t WHERE NOT (t.a IN (-1, 2, 3));

-- Reported, not rewritten: bind parameters, other terms in the chain, mixed kinds, different spellings.
-- dialect: postgresql
-- matches: 1
SELECT 1 FROM t WHERE (a = $1 OR a = $2) OR 3 = a;

-- matches: 1
SELECT 1 FROM t WHERE a = 1 OR b = 2 OR a = 3 OR a = 4;

-- matches: 1
SELECT 1 FROM t WHERE a = 1 OR a = '2' OR a = 3;

-- dialect: postgresql
-- matches: 1
SELECT 1 FROM t WHERE A = 1 OR "A" = 2 OR a = 3;

-- matches: 0
SELECT 1 FROM t WHERE a = 1 OR a = 2;

-- matches: 0
SELECT 1 FROM t WHERE t.a = 1 OR u.a = 2 OR v.a = 3;

-- matches: 0
SELECT 1 FROM t WHERE a = 1 OR a > 2 OR a < 0;

-- matches: 0
SELECT 1 FROM t WHERE a = b OR a = c OR a = d;

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).

-- dialect: postgresql
-- verify: only
SELECT o_orderkey, o_orderpriority FROM orders WHERE o_orderpriority = '1-URGENT' OR o_orderpriority = '2-HIGH' OR o_orderpriority = '5-LOW';

-- dialect: postgresql
-- verify: only
SELECT l_orderkey, l_linenumber FROM lineitem WHERE l_shipmode = 'AIR' AND (l_linenumber = 1 OR l_linenumber = 3 OR (l_linenumber = 7));

-- dialect: postgresql
-- verify: only
SELECT id, NOT (grp = 1 OR grp = 2 OR grp = 3) AS outside FROM events;

-- dialect: mysql
-- verify: only
SELECT o_orderkey FROM orders WHERE o_orderpriority = '1-URGENT' OR o_orderpriority = '2-HIGH' OR o_orderpriority = '5-LOW';

-- dialect: mysql
-- verify: only
SELECT id, label = 'a' OR label = 'b' OR label = 'c' AS listed FROM events;
