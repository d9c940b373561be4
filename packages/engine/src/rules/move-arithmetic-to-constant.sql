-- Fixture cases of move-arithmetic-to-constant. Format: test-support/rule-fixtures.ts.

-- schema: orders-customer
-- matches: 1
SELECT 1 FROM orders WHERE o_orderkey + 10 > 100;
-- after:
SELECT 1 FROM orders WHERE o_orderkey > 90;

-- dialect: postgresql
-- schema: example
-- matches: 3
SELECT 1 FROM orders WHERE 100 <= o_totalprice - 5 AND 7 + o_custkey = 9 AND o_orderkey - -5 <> -3;
-- after:
SELECT 1 FROM orders WHERE o_totalprice >= 105 AND o_custkey = 2 AND o_orderkey <> -8;

-- schema: orders-customer
-- matches: 2
SELECT 1 FROM orders WHERE NOT o_orderkey + 1 = 10 OR (o_custkey - 1) > 5;
-- after:
SELECT 1 FROM orders WHERE NOT o_orderkey = 9 OR o_custkey > 6;

-- A floating-point column, an unknown column, a non-integer literal: reported, not rewritten.
-- schema: events-datetime
-- matches: 1
SELECT id FROM events WHERE score + 1 > 10;

-- matches: 1
SELECT 1 FROM t WHERE a + 1 = 10;

-- schema: orders-customer
-- matches: 1
SELECT 1 FROM orders WHERE o_orderkey + 10.0 > 100;

-- Multiplication, division (integer division!) and `c - col` are not moved.
-- schema: orders-customer
-- matches: 0
SELECT 1 FROM orders WHERE o_orderkey * 2 > 10 OR o_orderkey / 2 = 3 OR 10 - o_orderkey > 1;

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).

-- dialect: mysql postgresql
-- verify: only
SELECT o_orderkey FROM orders WHERE o_orderkey + 10 <= 3829674;

-- dialect: mysql postgresql
-- verify: only
SELECT l_orderkey, l_linenumber FROM lineitem WHERE l_quantity - 5 >= 40 AND 1 + l_linenumber = 3;

-- dialect: mysql postgresql
-- verify: only
SELECT id FROM events WHERE grp + 1 > 2 OR amount - 5 <= 10;
