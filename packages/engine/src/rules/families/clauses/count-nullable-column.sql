-- Fixture cases of count-nullable-column. Format: test-support/rule-fixtures.ts.

-- schema: example
-- matches: 1
SELECT COUNT(o_clerk) FROM orders;

-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT o.o_custkey, COUNT(o.o_comment) FROM orders o GROUP BY o.o_custkey;

-- schema: example
-- matches: 0
SELECT COUNT(o_orderkey) FROM orders;

-- schema: example
-- matches: 0
SELECT COUNT(DISTINCT o_clerk), COUNT(*) FROM orders;

-- Without the table's structure nullability is unknown.
-- matches: 0
SELECT COUNT(o_clerk) FROM orders;
