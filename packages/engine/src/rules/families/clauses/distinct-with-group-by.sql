-- Fixture cases of distinct-with-group-by. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT DISTINCT o_custkey, COUNT(*) FROM orders GROUP BY o_custkey;
-- after:
SELECT o_custkey, COUNT(*) FROM orders GROUP BY o_custkey;

-- dialect: postgresql
-- matches: 1
SELECT DISTINCT a, b FROM t GROUP BY 1, 2;
-- after:
SELECT a, b FROM t GROUP BY 1, 2;

-- The outer query's DISTINCT, not the CTE's (which has none to lose).
-- dialect: postgresql
-- matches: 1
WITH c AS (SELECT DISTINCT a FROM t) SELECT DISTINCT a, MAX(b) FROM c GROUP BY a;
-- after:
WITH c AS (SELECT DISTINCT a FROM t) SELECT a, MAX(b) FROM c GROUP BY a;

-- PostgreSQL's "A" and a are two columns ("A" may depend on a key a): DISTINCT may remove rows.
-- dialect: postgresql
-- matches: 0
SELECT DISTINCT "A", COUNT(*) FROM t GROUP BY a;

-- A grouping column not in the output: two groups can produce the same row.
-- matches: 0
SELECT DISTINCT a, COUNT(*) FROM t GROUP BY a, b;

-- dialect: postgresql
-- matches: 0
SELECT DISTINCT ON (a) a, COUNT(*) FROM t GROUP BY a;

-- matches: 0
SELECT a, COUNT(*) FROM t GROUP BY a;

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).

-- dialect: postgresql
-- verify: only
SELECT DISTINCT o_orderstatus, count(*) FROM orders GROUP BY o_orderstatus;

-- dialect: postgresql
-- verify: only
SELECT DISTINCT l_returnflag, l_linestatus, sum(l_quantity) FROM lineitem GROUP BY 1, 2;

-- dialect: postgresql
-- verify: only
SELECT DISTINCT grp, count(*) FROM events GROUP BY grp;

-- dialect: mysql
-- verify: only
SELECT DISTINCT o_orderstatus, COUNT(*) FROM orders GROUP BY o_orderstatus;

-- dialect: mysql
-- verify: only
SELECT DISTINCT label, COUNT(*) FROM events GROUP BY label;
