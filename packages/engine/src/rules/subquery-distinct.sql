-- Fixture cases of subquery-distinct. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT 1 FROM orders WHERE o_custkey IN (SELECT DISTINCT c_custkey FROM customer ORDER BY c_custkey DESC);
-- after:
SELECT 1 FROM orders WHERE o_custkey IN (SELECT c_custkey FROM customer);

-- matches: 1
SELECT 1 FROM orders o WHERE EXISTS (SELECT DISTINCT 1 FROM customer c WHERE c.c_custkey = o.o_custkey);
-- after:
SELECT 1 FROM orders o WHERE EXISTS (SELECT 1 FROM customer c WHERE c.c_custkey = o.o_custkey);

-- ORDER BY with LIMIT decides which rows are in: it must stay (PostgreSQL allows it in IN).
-- dialect: postgresql
-- matches: 0
SELECT 1 FROM orders WHERE o_custkey IN (SELECT c_custkey FROM customer ORDER BY c_name LIMIT 5);

-- matches: 0
SELECT DISTINCT o_custkey FROM orders;

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).

-- dialect: postgresql
-- verify: only
SELECT c_custkey, c_name FROM customer WHERE c_custkey IN (SELECT DISTINCT o_custkey FROM orders WHERE o_orderstatus = 'F' ORDER BY o_custkey);

-- dialect: postgresql
-- verify: only
SELECT s_suppkey FROM supplier s WHERE NOT EXISTS (SELECT DISTINCT 1 FROM partsupp ps WHERE ps.ps_suppkey = s.s_suppkey AND ps.ps_availqty < 100);

-- dialect: mysql
-- verify: only
SELECT c_custkey FROM customer WHERE c_custkey IN (SELECT DISTINCT o_custkey FROM orders WHERE o_orderstatus = 'F');
