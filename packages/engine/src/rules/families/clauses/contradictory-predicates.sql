-- Fixture cases of contradictory-predicates. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT 1 FROM orders WHERE o_custkey = 1 AND o_custkey = 2;

-- dialect: postgresql
-- matches: 1
SELECT 1 FROM orders WHERE o_totalprice > 5000 AND o_orderstatus = 'F' AND o_totalprice < 1000;

-- matches: 1
SELECT 1 FROM t WHERE a > 5 AND a <= 5;

-- matches: 1
SELECT 1 FROM t WHERE a BETWEEN 1 AND 10 AND 20 < a;

-- matches: 1
UPDATE t SET b = 1 WHERE a = 1 AND a = 2;

-- matches: 1
SELECT 1 FROM t JOIN u ON u.k = t.k AND u.v = 1 AND u.v = 2;

-- matches: 0
SELECT 1 FROM t WHERE a >= 5 AND a <= 5;

-- matches: 0
SELECT 1 FROM t WHERE a = 1 OR a = 2;

-- matches: 0
SELECT 1 FROM t WHERE (a = 1 OR a = 2) AND a = 1;

-- Different tables' columns, and strings (equal under some collations), are not compared.
-- matches: 0
SELECT 1 FROM t, u WHERE t.a = 1 AND u.a = 2 AND t.k = u.k;

-- matches: 0
SELECT 1 FROM t WHERE a = 'x' AND a = 'X';

-- A reversed BETWEEN alone is between-reversed's finding.
-- matches: 0
SELECT 1 FROM t WHERE a BETWEEN 10 AND 1;
