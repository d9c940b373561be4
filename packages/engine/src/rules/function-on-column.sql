-- Fixture cases of function-on-column. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT 1 FROM customer WHERE LOWER(c_name) = 'bob';

-- matches: 1
SELECT 1 FROM orders WHERE o_custkey * 2 = 10;

-- `col + 1 = 10` and DATE(col) = '...' are move-arithmetic-to-constant's and date-function-to-range's.
-- matches: 0
SELECT 1 FROM orders WHERE o_custkey + 1 = 10;

-- matches: 0
SELECT 1 FROM orders WHERE DATE(o_orderdate) = '1995-01-01';

-- matches: 0
SELECT 1 FROM customer WHERE c_name = LOWER('Bob');

-- matches: 0
SELECT 1 FROM orders WHERE YEAR(o_orderdate) = 1995;

-- An array compared element by element (`= ANY(col)`) is a comparison, not a function on the column.
-- dialect: postgresql
-- matches: 0
SELECT 1 FROM events WHERE $1 = ANY(tags);

-- dialect: postgresql
-- matches: 1
SELECT 1 FROM events WHERE $1 = cardinality(tags);
