-- Fixture cases of correlated-subquery-in-select. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT c.c_name, (SELECT COUNT(*) FROM orders o WHERE o.o_custkey = c.c_custkey) AS n FROM customer c;

-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT c_name, EXISTS (SELECT 1 FROM orders WHERE o_custkey = c_custkey) AS has_orders FROM customer;

-- Uncorrelated: computed once.
-- matches: 0
SELECT c.c_name, (SELECT MAX(o_totalprice) FROM orders) AS top FROM customer c;

-- A LIMITed outer query runs it a few times only.
-- matches: 0
SELECT c.c_name, (SELECT COUNT(*) FROM orders o WHERE o.o_custkey = c.c_custkey) AS n FROM customer c ORDER BY c.c_name LIMIT 20;

-- Correlated in WHERE: another matter.
-- matches: 0
SELECT c.c_name FROM customer c WHERE c.c_acctbal > (SELECT AVG(o.o_totalprice) FROM orders o WHERE o.o_custkey = c.c_custkey);

-- Unqualified without a schema: cannot tell.
-- matches: 0
SELECT c_name, (SELECT COUNT(*) FROM orders WHERE o_custkey = c_custkey) AS n FROM customer;
