-- Fixture cases of negated-comparison. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT o_orderkey FROM orders WHERE NOT (o_totalprice > 1000);
-- after:
SELECT o_orderkey FROM orders WHERE o_totalprice <= 1000;

-- dialect: postgresql
-- matches: 2
SELECT o_orderkey FROM orders WHERE o_custkey = 7 AND NOT (o_orderkey IN (1, 2)) AND NOT o_shippriority = 0;
-- after:
SELECT o_orderkey FROM orders WHERE o_custkey = 7 AND o_orderkey NOT IN (1, 2) AND o_shippriority <> 0;

-- matches: 2
SELECT 1 FROM lineitem WHERE NOT (l_quantity BETWEEN 10 AND 20) OR NOT (l_comment like '%x%');
-- after:
SELECT 1 FROM lineitem WHERE l_quantity NOT BETWEEN 10 AND 20 OR l_comment not like '%x%';

-- matches: 2
SELECT 1 FROM t WHERE NOT NOT (a = 1 OR b = 2) AND !(c >= 5);
-- after:
SELECT 1 FROM t WHERE (a = 1 OR b = 2) AND c < 5;

-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT o_orderkey FROM orders WHERE NOT (o_custkey IS NULL);
-- after:
SELECT o_orderkey FROM orders WHERE o_custkey IS NOT NULL;

-- IS NULL needs the schema (row values), and MySQL dates are left alone (zero dates).
-- dialect: postgresql
-- matches: 1
SELECT 1 FROM t WHERE NOT (a IS NULL);

-- schema: example
-- matches: 1
SELECT 1 FROM orders WHERE NOT (o_orderdate IS NULL);

-- Row values and MySQL's NOT NOT of a non-condition are reported, not rewritten.
-- matches: 1
SELECT 1 FROM t WHERE NOT ((a, b) > (1, 2));

-- matches: 1
SELECT 1 FROM t WHERE NOT NOT a;

-- NOT (a > ALL s) is a <= ANY s, not a <= ALL s.
-- matches: 1
SELECT 1 FROM t WHERE NOT (a > ALL (SELECT b FROM u));

-- matches: 0
SELECT 1 FROM t WHERE NOT EXISTS (SELECT 1 FROM u);

-- matches: 0
SELECT 1 FROM t WHERE NOT flag;

-- matches: 0
SELECT NOT (a > 1) FROM t;

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).

-- dialect: mysql postgresql
-- verify: only
SELECT o_orderkey FROM orders WHERE NOT (o_totalprice > 100000) AND NOT (o_orderpriority IN ('1-URGENT', '2-HIGH'));

-- dialect: postgresql
-- verify: only
SELECT id FROM events WHERE NOT (grp > 2);

-- dialect: mysql postgresql
-- verify: only
SELECT id FROM events WHERE NOT (label BETWEEN 'a' AND 'b') OR NOT NOT (amount IS NULL OR amount > 15);

-- dialect: mysql postgresql
-- verify: only
SELECT id FROM events WHERE NOT (grp IS NULL) AND NOT (label LIKE 'a%');

-- dialect: mysql
-- verify: only
SELECT id FROM events WHERE !(grp >= 3) OR NOT (label IN ('a', 'c'));
