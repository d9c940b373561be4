-- Fixture cases of having-without-aggregate. Format: test-support/rule-fixtures.ts.

-- On MySQL, a number compared with a column needs the schema to show the column numeric...
-- matches: 1
SELECT o_custkey, COUNT(*) FROM orders GROUP BY o_custkey HAVING o_custkey > 100 AND COUNT(*) > 2;

-- schema: example
-- matches: 1
SELECT o_custkey, COUNT(*) FROM orders GROUP BY o_custkey HAVING o_custkey > 100 AND COUNT(*) > 2;
-- after:
SELECT o_custkey, COUNT(*) FROM orders WHERE o_custkey > 100 GROUP BY o_custkey HAVING COUNT(*) > 2;

-- dialect: postgresql
-- matches: 1
SELECT t.a, COUNT(*) FROM t GROUP BY t.a HAVING a > 5;
-- after:
SELECT t.a, COUNT(*) FROM t WHERE a > 5 GROUP BY t.a;

-- ...a string literal compares in the column's own terms. An OR in WHERE is parenthesized.
-- matches: 2
SELECT a, COUNT(*) FROM t WHERE x = 1 OR y = 2 GROUP BY a HAVING (a = 'p' OR a = 'q') AND COUNT(*) > 1 AND a <> 'r' ORDER BY a;
-- after:
SELECT a, COUNT(*) FROM t WHERE (x = 1 OR y = 2) AND (a = 'p' OR a = 'q') AND a <> 'r' GROUP BY a HAVING COUNT(*) > 1 ORDER BY a;

-- dialect: postgresql
-- matches: 3
SELECT a, b, COUNT(*) FROM t GROUP BY a, b HAVING NOT a IN (1, 2) AND b BETWEEN 'a' AND 'c' AND a IS NOT NULL;
-- after:
SELECT a, b, COUNT(*) FROM t WHERE NOT a IN (1, 2) AND b BETWEEN 'a' AND 'c' AND a IS NOT NULL GROUP BY a, b;

-- Functions and LIKE can tell apart values one group holds ('a' and 'A' under a case-insensitive collation).
-- matches: 1
SELECT a, COUNT(*) FROM t GROUP BY a HAVING LOWER(a) = 'x';

-- matches: 1
SELECT a, COUNT(*) FROM t GROUP BY a HAVING a LIKE 'x%';

-- matches: 0
SELECT o_custkey, COUNT(*) FROM orders GROUP BY o_custkey HAVING COUNT(*) > 2;

-- An output alias, ROLLUP's super-aggregate rows, a subquery: left alone.
-- matches: 0
SELECT a, COUNT(*) AS n FROM t GROUP BY a HAVING n > 2;

-- matches: 0
SELECT a, COUNT(*) FROM t GROUP BY a WITH ROLLUP HAVING a IS NOT NULL;

-- dialect: postgresql
-- matches: 0
SELECT a, COUNT(*) FROM t GROUP BY ROLLUP(a) HAVING a IS NOT NULL;

-- matches: 0
SELECT a, COUNT(*) FROM t GROUP BY a HAVING a IN (SELECT k FROM u);

-- MySQL lets HAVING name ungrouped columns; such a condition does not move as is.
-- matches: 0
SELECT a, b FROM t GROUP BY a HAVING b > 1;

-- matches: 0
SELECT a * 2 AS x FROM t HAVING x > 5;

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).

-- dialect: postgresql
-- verify: only
SELECT l_returnflag, l_linestatus, count(*) FROM lineitem GROUP BY l_returnflag, l_linestatus HAVING l_returnflag <> 'R' AND count(*) > 10;

-- dialect: postgresql
-- verify: only
SELECT o_custkey, count(*) FROM orders WHERE o_orderstatus = 'F' OR o_orderstatus = 'P' GROUP BY o_custkey HAVING o_custkey < 50000;

-- dialect: postgresql
-- verify: only
SELECT grp, count(*) FROM events GROUP BY grp HAVING (grp IS NULL OR grp <> 2) AND count(*) >= 1;

-- having-without-aggregate (with the schema, so numbers compare with numeric columns)
-- dialect: mysql
-- verify: only
SELECT o_custkey, COUNT(*) FROM orders WHERE o_orderstatus = 'F' OR o_orderstatus = 'P' GROUP BY o_custkey HAVING o_custkey < 50000;

-- 'a' and 'A' are one group under the sandbox's case-insensitive collation: = treats them alike too.
-- dialect: mysql
-- verify: only
SELECT label, COUNT(*) FROM events GROUP BY label HAVING (label = 'a' OR label IS NULL) AND COUNT(*) >= 1;
