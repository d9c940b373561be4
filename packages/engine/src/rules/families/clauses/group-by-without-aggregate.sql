-- Fixture cases of group-by-without-aggregate. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT o_custkey, o_orderstatus FROM orders GROUP BY o_custkey, o_orderstatus;

-- dialect: postgresql
-- matches: 1
SELECT a FROM t GROUP BY 1;

-- matches: 0
SELECT a, SUM(b) FROM t GROUP BY a;

-- Inside a subquery, GROUP BY is a common way to de-duplicate keys for a join.
-- dialect: postgresql
-- matches: 0
SELECT o.o_orderkey FROM orders o JOIN (SELECT l_orderkey FROM lineitem GROUP BY l_orderkey) l ON l.l_orderkey = o.o_orderkey;

-- matches: 0
SELECT a FROM t GROUP BY a, b;

-- matches: 0
SELECT a, b FROM t GROUP BY a, b ORDER BY COUNT(*) DESC;

-- matches: 0
SELECT a FROM t GROUP BY a HAVING COUNT(*) > 1;

-- dialect: postgresql
-- matches: 0
SELECT a, ROW_NUMBER() OVER (ORDER BY a) FROM t GROUP BY a;
