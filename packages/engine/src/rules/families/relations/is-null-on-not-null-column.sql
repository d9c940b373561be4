-- Fixture cases of is-null-on-not-null-column. Format: test-support/rule-fixtures.ts.

-- schema: example
-- matches: 1
SELECT o_orderkey FROM orders WHERE o_totalprice IS NULL;

-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT o_orderkey FROM orders WHERE o_orderdate IS NULL;

-- MySQL finds the zero dates of a NOT NULL date column with IS NULL.
-- schema: example
-- matches: 0
SELECT o_orderkey FROM orders WHERE o_orderdate IS NULL;

-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT c.c_custkey FROM customer c WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.o_custkey = c.c_custkey AND o.o_orderdate IS NULL);

-- A nullable column; the NULL-filled side of an outer join (the anti-join idiom); IS NOT NULL; no schema.
-- schema: example
-- matches: 0
SELECT o_orderkey FROM orders WHERE o_custkey IS NULL;

-- schema: example
-- matches: 0
SELECT c.c_custkey FROM customer c LEFT JOIN orders o ON o.o_custkey = c.c_custkey WHERE o.o_orderkey IS NULL;

-- schema: example
-- matches: 0
SELECT c.c_custkey FROM orders o RIGHT JOIN customer c ON o.o_custkey = c.c_custkey WHERE o.o_orderkey IS NULL;

-- schema: example
-- matches: 0
SELECT o_orderkey FROM orders WHERE o_orderdate IS NOT NULL;

-- matches: 0
SELECT o_orderkey FROM orders WHERE o_totalprice IS NULL;
