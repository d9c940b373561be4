-- Fixture cases of natural-join. Format: test-support/rule-fixtures.ts.

-- dialect: postgresql
-- matches: 1
SELECT n_name, r_name FROM nation NATURAL JOIN region;

-- dialect: postgresql
-- matches: 1
SELECT n_name FROM nation NATURAL LEFT OUTER JOIN region;

-- dialect: postgresql
-- matches: 0
SELECT n_name FROM nation n JOIN region r USING (r_regionkey) WHERE n_comment = 'natural join';

-- matches: 1
SELECT n_name FROM nation NATURAL JOIN region;

-- matches: 0
SELECT n_name FROM nation n JOIN region r ON r.r_regionkey = n.n_regionkey;
