-- Fixture cases of between-reversed. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT 1 FROM orders WHERE o_totalprice BETWEEN 500 AND 100;

-- dialect: postgresql
-- matches: 1
SELECT 1 FROM orders WHERE o_orderdate NOT BETWEEN '1995-12-31' AND '1995-01-01';

-- matches: 1
SELECT 1 FROM t WHERE a BETWEEN -1 AND -5;

-- matches: 0
SELECT 1 FROM orders WHERE o_totalprice BETWEEN 100 AND 500;

-- matches: 0
SELECT 1 FROM t WHERE a BETWEEN 5 AND 5;

-- Plain strings order by collation, and mixed date forms by the column type: not judged.
-- matches: 0
SELECT 1 FROM t WHERE name BETWEEN 'b' AND 'A';

-- dialect: postgresql
-- matches: 0
SELECT 1 FROM t WHERE ts BETWEEN '2024-01-01 10:00' AND '2024-01-01';

-- matches: 0
SELECT 1 FROM t WHERE a BETWEEN ? AND 1;
