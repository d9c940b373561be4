-- Fixture cases of mixed-order-direction. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT o_orderkey FROM orders ORDER BY o_custkey, o_orderdate DESC LIMIT 20;

-- dialect: postgresql
-- matches: 1
SELECT a FROM t WHERE c > 1 ORDER BY a DESC, b ASC LIMIT 10;

-- matches: 0
SELECT a FROM t ORDER BY a DESC, b DESC LIMIT 10;

-- A column pinned by WHERE has a single value: its direction is irrelevant.
-- matches: 0
SELECT a FROM t WHERE a = 5 ORDER BY a ASC, b DESC LIMIT 10;

-- matches: 0
SELECT a FROM t ORDER BY a + 1 ASC, b DESC LIMIT 10;

-- No LIMIT, grouped rows, a join: the rows get sorted whatever the directions.
-- matches: 0
SELECT a FROM t ORDER BY a ASC, b DESC;

-- dialect: postgresql
-- matches: 0
SELECT a, b, COUNT(*) FROM t GROUP BY a, b ORDER BY a ASC, b DESC LIMIT 10;

-- matches: 0
SELECT t.a FROM t JOIN u ON u.k = t.k ORDER BY t.a ASC, u.b DESC LIMIT 10;

-- A direction pasted at run time (MyBatis' `${direction}`) may be either: nothing to say.
-- matches: 0
SELECT a FROM t WHERE c > 1 ORDER BY a ${direction}, b DESC LIMIT 10;

-- dialect: postgresql
-- matches: 0
SELECT a FROM t WHERE c > 1 ORDER BY a ${direction}, b DESC LIMIT 10;

-- dialect: postgresql
-- matches: 1
SELECT a FROM t WHERE c > 1 ORDER BY a ASC, b DESC, c ${direction} LIMIT 10;
