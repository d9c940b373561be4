-- Fixture cases of multiple-count-distinct. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT o_orderstatus, COUNT(DISTINCT o_custkey), COUNT(DISTINCT o_clerk) FROM orders GROUP BY o_orderstatus;

-- dialect: postgresql
-- matches: 1
SELECT a, COUNT(DISTINCT b) FROM t GROUP BY a HAVING COUNT(DISTINCT c) > 1;

-- matches: 0
SELECT a, COUNT(DISTINCT b), COUNT(DISTINCT b) * 2, COUNT(c) FROM t GROUP BY a;

-- matches: 0
SELECT COUNT(DISTINCT a), (SELECT COUNT(DISTINCT b) FROM u) FROM t;
