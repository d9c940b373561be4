-- Fixture cases of non-numeric-string-for-number. Format: test-support/rule-fixtures.ts.

-- schema: example
-- matches: 1
SELECT o_orderkey FROM orders WHERE o_custkey = 'C-0042';

-- dialect: postgresql
-- schema: example
-- matches: 2
SELECT o_orderkey FROM orders WHERE o_custkey IN ('1', 'abc') OR o_totalprice BETWEEN '' AND '10';

-- Numbers in quotes are fine in both databases; string and date columns are another matter.
-- schema: example
-- matches: 0
SELECT o_orderkey FROM orders WHERE o_custkey = '42' OR o_custkey IN (' 2 ', '3.5e2', '-1') OR o_totalprice = 'NaN';

-- schema: example
-- matches: 0
SELECT o_orderkey FROM orders WHERE o_clerk = 'abc' AND o_orderdate = '1995-01-01';

-- matches: 0
SELECT o_orderkey FROM orders WHERE o_custkey = 'abc';
