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

-- An output alias shadows the table column of its name: c sorts by b + 1, which no index of t holds in order.
-- tables: CREATE TABLE t (a INT, b INT, c INT);
-- matches: 0
SELECT a, b + 1 AS c FROM t ORDER BY a ASC, c DESC LIMIT 10;

-- The alias of a plain column, and a position, sort by that column.
-- tables: CREATE TABLE t (a INT, b INT, c INT);
-- matches: 1
SELECT a, b AS c FROM t ORDER BY a ASC, c DESC LIMIT 10;

-- dialect: mysql postgresql
-- matches: 1
SELECT a, b FROM t ORDER BY 1 ASC, 2 DESC LIMIT 10;

-- A column of the table with no alias of its name keeps its index order.
-- tables: CREATE TABLE t (a INT, b INT, c INT);
-- matches: 1
SELECT a, b + 1 AS d FROM t ORDER BY a ASC, c DESC LIMIT 10;

-- A UNION's ORDER BY sorts the combined rows, which no index of the last branch's table gives.
-- dialect: mysql postgresql
-- matches: 0
SELECT a, b FROM t UNION ALL SELECT a, b FROM u ORDER BY a, b DESC LIMIT 10;

-- A parenthesized branch's own ORDER BY ... LIMIT is that branch's.
-- dialect: mysql postgresql
-- matches: 1
(SELECT a, b FROM t) UNION ALL (SELECT a, b FROM u ORDER BY a, b DESC LIMIT 10);
