-- Fixture cases of order-by-position. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT o_orderkey, o_totalprice FROM orders ORDER BY 2 DESC;

-- dialect: postgresql
-- matches: 2
SELECT a, b FROM t ORDER BY 1, b, 2;

-- matches: 1
SELECT a FROM t UNION SELECT b FROM u ORDER BY 1;

-- matches: 0
SELECT a, b FROM t ORDER BY b DESC;

-- matches: 0
SELECT a FROM t ORDER BY a + 1;

-- dialect: postgresql
-- matches: 0
SELECT ROW_NUMBER() OVER (ORDER BY a) FROM t;
