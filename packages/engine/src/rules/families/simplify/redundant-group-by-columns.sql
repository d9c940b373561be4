-- Fixture cases of redundant-group-by-columns. Format: test-support/rule-fixtures.ts.

-- redundant-group-by-columns (PostgreSQL)
-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT o_orderkey, o_orderdate, o_totalprice, COUNT(*) FROM orders GROUP BY o_orderkey, o_orderdate, o_totalprice;
-- after:
SELECT o_orderkey, o_orderdate, o_totalprice, COUNT(*) FROM orders GROUP BY o_orderkey;

-- With an ORDER BY (and no LIMIT) the key need not come first.
-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT l_quantity, l.l_orderkey, l_linenumber, SUM(l_tax) FROM lineitem l GROUP BY l_quantity, l.l_orderkey, l_shipdate, l_linenumber ORDER BY 1;
-- after:
SELECT l_quantity, l.l_orderkey, l_linenumber, SUM(l_tax) FROM lineitem l GROUP BY l.l_orderkey, l_linenumber ORDER BY 1;

-- Without ORDER BY the grouping order may show: reported, not rewritten.
-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT o_orderdate, o_orderkey, COUNT(*) FROM orders GROUP BY o_orderdate, o_orderkey;

-- MySQL (MariaDB with ONLY_FULL_GROUP_BY) would reject the ungrouped columns.
-- schema: example
-- matches: 0
SELECT o_orderkey, o_orderdate, COUNT(*) FROM orders GROUP BY o_orderkey, o_orderdate;

-- A join: the grouped key does not make one row per group.
-- dialect: postgresql
-- schema: example
-- matches: 0
SELECT o.o_orderkey, c.c_name FROM orders o JOIN customer c ON c.c_custkey = o.o_custkey GROUP BY o.o_orderkey, c.c_name;

-- Part of the primary key, a unique key that is not the primary key, ROLLUP.
-- dialect: postgresql
-- schema: example
-- matches: 0
SELECT l_orderkey, l_tax FROM lineitem GROUP BY l_orderkey, l_tax;

-- dialect: postgresql
-- schema: keys
-- matches: 0
SELECT login, name FROM users GROUP BY login, name;

-- dialect: postgresql
-- schema: example
-- matches: 0
SELECT o_orderkey, o_custkey, COUNT(*) FROM orders GROUP BY ROLLUP (o_orderkey, o_custkey);

-- dialect: postgresql
-- matches: 0
SELECT o_orderkey, o_custkey FROM orders GROUP BY o_orderkey, o_custkey;

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).

-- dialect: postgresql
-- verify: only
SELECT o_orderkey, o_orderdate, o_totalprice, count(*) FROM orders WHERE o_totalprice > 300000 GROUP BY o_orderkey, o_orderdate, o_totalprice;

-- dialect: postgresql
-- verify: only
SELECT l_orderkey, l_linenumber, l_quantity, sum(l_tax) FROM lineitem WHERE l_quantity < 3 GROUP BY l_quantity, l_orderkey, l_linenumber ORDER BY 1;

-- dialect: postgresql
-- verify: only
SELECT id, grp, label, count(*), sum(amount) FROM events GROUP BY id, grp, label HAVING count(*) = 1;
