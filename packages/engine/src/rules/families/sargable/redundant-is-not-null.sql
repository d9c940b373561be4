-- Fixture cases of redundant-is-not-null. Format: test-support/rule-fixtures.ts.

-- schema: example
-- matches: 1
-- verify: true
SELECT o_orderkey FROM orders WHERE o_orderstatus IS NOT NULL AND o_orderpriority = '1-URGENT';
-- after:
SELECT o_orderkey FROM orders WHERE o_orderpriority = '1-URGENT';

-- dialect: postgresql
-- schema: example
-- matches: 2
SELECT o_orderkey FROM orders o WHERE o.o_orderkey IS NOT NULL AND o_totalprice IS NOT NULL ORDER BY o_orderkey;
-- after:
SELECT o_orderkey FROM orders o ORDER BY o_orderkey;

-- The preserved side of a LEFT JOIN goes; the NULL-filled side is the semi-join idiom and stays.
-- schema: example
-- matches: 1
SELECT c.c_custkey FROM customer c LEFT JOIN orders o ON o.o_custkey = c.c_custkey WHERE o.o_orderkey IS NOT NULL AND c.c_name IS NOT NULL;
-- after:
SELECT c.c_custkey FROM customer c LEFT JOIN orders o ON o.o_custkey = c.c_custkey WHERE o.o_orderkey IS NOT NULL;

-- schema: example
-- matches: 0
SELECT c.c_custkey FROM orders o RIGHT JOIN customer c ON o.o_custkey = c.c_custkey WHERE o.o_orderkey IS NOT NULL;

-- dialect: postgresql
-- schema: example
-- matches: 0
SELECT 1 FROM customer c FULL JOIN orders o ON o.o_custkey = c.c_custkey WHERE c.c_name IS NOT NULL;

-- A nullable column; no schema; an unqualified column that a derived table might hold.
-- schema: example
-- matches: 0
SELECT 1 FROM orders WHERE o_custkey IS NOT NULL;

-- matches: 0
SELECT 1 FROM orders WHERE o_orderkey IS NOT NULL;

-- schema: example
-- matches: 0
SELECT 1 FROM orders, (SELECT 1 AS o_orderstatus) x WHERE o_orderstatus IS NOT NULL;

-- Reported, not removed: the whole WHERE of an UPDATE, and MySQL DATE columns (zero dates).
-- schema: example
-- matches: 1
UPDATE orders SET o_comment = 'x' WHERE o_orderkey IS NOT NULL;

-- schema: example
-- matches: 1
SELECT 1 FROM orders WHERE o_orderdate IS NOT NULL AND o_custkey = 1;

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).

-- dialect: postgresql
-- verify: only
SELECT o_orderkey FROM orders WHERE o_orderstatus IS NOT NULL AND o_orderpriority = '1-URGENT';

-- dialect: mysql postgresql
-- verify: only
SELECT id, grp FROM events WHERE flag IS NOT NULL AND grp IS NOT NULL;

-- dialect: postgresql
-- verify: only
SELECT e.id, n.n_name FROM events e LEFT JOIN nation n ON n.n_nationkey = e.grp WHERE e.id IS NOT NULL AND n.n_nationkey IS NOT NULL AND (n.n_regionkey IS NOT NULL OR e.flag > 5);

-- dialect: mysql postgresql
-- verify: only
SELECT e.id, n.n_name FROM events e LEFT JOIN nation n ON n.n_nationkey = e.grp WHERE e.id IS NOT NULL;
