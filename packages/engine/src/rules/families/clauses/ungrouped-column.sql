-- Fixture cases of ungrouped-column. Format: test-support/rule-fixtures.ts.

-- schema: example
-- matches: 1
SELECT c_nationkey, c_name, COUNT(*) FROM customer GROUP BY c_nationkey;

-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT l_orderkey, l_tax FROM lineitem GROUP BY l_orderkey;

-- matches: 1
SELECT a, COUNT(*) FROM t;

-- dialect: postgresql
-- matches: 1
SELECT x.a, MAX(x.b) FROM t x;

-- schema: example
-- matches: 1
SELECT o.o_custkey, o.o_orderdate, COUNT(*) FROM customer c JOIN orders o ON o.o_custkey = c.c_custkey GROUP BY c.c_custkey;

-- A grouped primary key determines the row; a column equated with a grouped one is grouped too.
-- schema: example
-- matches: 0
SELECT c_custkey, c_name, COUNT(*) FROM customer GROUP BY c_custkey;

-- dialect: postgresql
-- schema: example
-- matches: 0
SELECT c.c_custkey, c.c_name, COUNT(o.o_orderkey) FROM customer c JOIN orders o ON o.o_custkey = c.c_custkey GROUP BY c.c_custkey;

-- schema: example
-- matches: 0
SELECT l_orderkey, l_linenumber, l_tax FROM lineitem GROUP BY l_orderkey, l_linenumber;

-- Without the table's keys a grouped query is not judged.
-- matches: 0
SELECT c_nationkey, c_name, COUNT(*) FROM customer GROUP BY c_nationkey;

-- schema: example
-- matches: 0
SELECT YEAR(o_orderdate), o_orderdate + 0, COUNT(*) FROM orders GROUP BY YEAR(o_orderdate), o_orderdate;

-- schema: example
-- matches: 0
SELECT o_orderdate AS d, COUNT(*) FROM orders GROUP BY d;

-- schema: example
-- matches: 0
SELECT ANY_VALUE(o_clerk), o_custkey, COUNT(*) FROM orders GROUP BY 2;

-- matches: 0
SELECT a, COUNT(*) FROM t WHERE a = 5;

-- dialect: postgresql
-- matches: 0
SELECT a, SUM(b) OVER () FROM t;

-- An outer query's column is one value per subquery run.
-- matches: 0
SELECT x FROM t WHERE y > (SELECT t.z + COUNT(*) FROM u);

-- ROLLUP, CUBE and GROUPING SETS group by each column they name (NULL in the rows of sets without it).
-- dialect: postgresql
-- schema: example
-- matches: 0
SELECT o_custkey, o_orderstatus, COUNT(*) FROM orders GROUP BY ROLLUP (o_custkey, o_orderstatus);

-- dialect: postgresql
-- schema: example
-- matches: 0
SELECT o_custkey, o_orderstatus, COUNT(*) FROM orders GROUP BY CUBE (o_custkey, o_orderstatus);

-- dialect: postgresql
-- schema: example
-- matches: 0
SELECT o_custkey, o_orderstatus, o_clerk, COUNT(*) FROM orders GROUP BY GROUPING SETS ((o_custkey, o_orderstatus), (o_clerk), ());

-- A column no grouping set names is still ungrouped.
-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT o_custkey, o_clerk, COUNT(*) FROM orders GROUP BY GROUPING SETS ((o_custkey), ());

-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT o_custkey, o_orderstatus, o_clerk, COUNT(*) FROM orders GROUP BY ROLLUP (o_custkey, o_orderstatus);
