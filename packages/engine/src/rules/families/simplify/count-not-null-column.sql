-- Fixture cases of count-not-null-column. Format: test-support/rule-fixtures.ts.

-- schema: example
-- matches: 1
SELECT COUNT(o_orderdate) FROM orders WHERE o_orderstatus = 'F';
-- after:
SELECT COUNT(*) FROM orders WHERE o_orderstatus = 'F';

-- dialect: postgresql
-- schema: example
-- matches: 3
SELECT o_custkey, count(o.o_orderkey), COUNT(o_clerk) FROM orders o GROUP BY o_custkey HAVING count(o_orderdate) > 1 ORDER BY COUNT(o_orderdate);
-- after:
SELECT o_custkey, count(*), COUNT(o_clerk) FROM orders o GROUP BY o_custkey HAVING count(*) > 1 ORDER BY COUNT(*);

-- The preserved side of a LEFT JOIN keeps its NOT NULL; a correlated subquery counts its own table.
-- schema: example
-- matches: 2
SELECT c.c_name, COUNT(c.c_custkey), (SELECT COUNT(l_tax) FROM lineitem WHERE l_orderkey = c.c_custkey) FROM customer c LEFT JOIN orders o ON o.o_custkey = c.c_custkey GROUP BY c.c_name;
-- after:
SELECT c.c_name, COUNT(*), (SELECT COUNT(*) FROM lineitem WHERE l_orderkey = c.c_custkey) FROM customer c LEFT JOIN orders o ON o.o_custkey = c.c_custkey GROUP BY c.c_name;

-- COUNT(DISTINCT primary key) over the table alone.
-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT COUNT(DISTINCT o_orderkey) FROM orders WHERE o_orderdate >= '1995-01-01';
-- after:
SELECT COUNT(*) FROM orders WHERE o_orderdate >= '1995-01-01';

-- Without the table structure: reported, not rewritten.
-- matches: 1
SELECT COUNT(o_orderdate) FROM orders;

-- The NULL-extended side of an outer join: COUNT counts the matches on purpose.
-- schema: example
-- matches: 0
SELECT c.c_custkey, COUNT(o.o_orderkey) FROM customer c LEFT JOIN orders o ON o.o_custkey = c.c_custkey GROUP BY c.c_custkey;

-- dialect: postgresql
-- schema: example
-- matches: 0
SELECT COUNT(c.c_name) FROM customer c RIGHT JOIN orders o ON o.o_custkey = c.c_custkey;

-- A nullable column is count-nullable-column's.
-- schema: example
-- matches: 0
SELECT COUNT(o_clerk) FROM orders;

-- With a join the key may repeat; part of a composite key is not unique.
-- schema: example
-- matches: 0
SELECT COUNT(DISTINCT o.o_orderkey) FROM orders o JOIN lineitem l ON l.l_orderkey = o.o_orderkey;

-- schema: example
-- matches: 0
SELECT COUNT(DISTINCT l_orderkey) FROM lineitem;

-- schema: example
-- matches: 0
SELECT COUNT(*), COUNT(1) FROM orders;

-- schema: example
-- matches: 0
SELECT o_orderkey, COUNT(o_orderdate) OVER () FROM orders;

-- A CTE's column, even one named like a table, is not described by the table structure.
-- dialect: postgresql
-- schema: example
-- matches: 0
WITH orders AS (SELECT o_clerk AS o_orderdate FROM orders) SELECT COUNT(o_orderdate) FROM orders;

-- matches: 0
WITH c AS (SELECT 1 AS x) SELECT COUNT(x) FROM c;

-- A derived table's column: its nullability is not the table's.
-- schema: example
-- matches: 0
SELECT COUNT(d.k) FROM (SELECT MAX(o_orderkey) AS k FROM orders WHERE 1 = 0) d;

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).

-- dialect: postgresql
-- verify: only
SELECT o_orderstatus, count(o_orderdate), count(o_clerk) FROM orders GROUP BY o_orderstatus;

-- dialect: postgresql
-- verify: only
SELECT count(DISTINCT o_orderkey) FROM orders WHERE o_totalprice > 200000;

-- dialect: postgresql
-- verify: only
SELECT grp, count(flag), count(label), count(id) FROM events GROUP BY grp;

-- dialect: postgresql
-- verify: only
SELECT n.n_name, count(n.n_nationkey), count(e.id) FROM nation n LEFT JOIN events e ON e.grp = n.n_nationkey GROUP BY n.n_name;

-- dialect: mysql
-- verify: only
SELECT o_orderstatus, COUNT(o_orderdate), COUNT(o_clerk) FROM orders GROUP BY o_orderstatus;

-- dialect: mysql
-- verify: only
SELECT COUNT(DISTINCT o_orderkey) FROM orders WHERE o_totalprice > 200000;

-- dialect: mysql
-- verify: only
SELECT grp, COUNT(flag), COUNT(label), COUNT(id) FROM events GROUP BY grp;

-- dialect: mysql
-- verify: only
SELECT n.n_name, COUNT(n.n_nationkey), COUNT(e.id) FROM nation n LEFT JOIN events e ON e.grp = n.n_nationkey GROUP BY n.n_name;
