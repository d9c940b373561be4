-- Fixture cases of outer-join-nullified. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT c.c_name FROM customer c LEFT JOIN orders o ON o.o_custkey = c.c_custkey WHERE o.o_orderstatus = 'F';

-- dialect: postgresql
-- matches: 1
SELECT c.c_name FROM customer c LEFT JOIN orders o ON o.o_custkey = c.c_custkey WHERE o.o_orderkey IS NOT NULL;

-- Unqualified: placed by the schema.
-- schema: example
-- matches: 1
SELECT c_name FROM customer LEFT JOIN orders ON o_custkey = c_custkey WHERE o_orderstatus IN ('F', 'O');

-- matches: 1
SELECT 1 FROM a RIGHT JOIN b ON a.x = b.x WHERE a.y > 1;

-- The anti-join idiom, conditions in ON, OR branches, COALESCE and NOT IN (subquery) keep the NULL rows.
-- matches: 0
SELECT c.c_name FROM customer c LEFT JOIN orders o ON o.o_custkey = c.c_custkey WHERE o.o_orderkey IS NULL;

-- matches: 0
SELECT c.c_name FROM customer c LEFT JOIN orders o ON o.o_custkey = c.c_custkey AND o.o_orderstatus = 'F' WHERE c.c_acctbal > 0;

-- matches: 0
SELECT c.c_name FROM customer c LEFT JOIN orders o ON o.o_custkey = c.c_custkey WHERE o.o_orderstatus = 'F' OR o.o_orderkey IS NULL;

-- matches: 0
SELECT c.c_name FROM customer c LEFT JOIN orders o ON o.o_custkey = c.c_custkey WHERE COALESCE(o.o_totalprice, 0) < 100;

-- matches: 0
SELECT c.c_name FROM customer c LEFT JOIN orders o ON o.o_custkey = c.c_custkey WHERE o.o_clerk NOT IN (SELECT s_name FROM supplier);

-- matches: 0
SELECT 1 FROM a RIGHT JOIN b ON a.x = b.x WHERE b.y > 1;

-- Unqualified without a schema: cannot be placed.
-- matches: 0
SELECT c_name FROM customer LEFT JOIN orders ON o_custkey = c_custkey WHERE o_orderstatus = 'F';
