-- Fixture cases of count-star-without-where. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT COUNT(*) FROM orders;

-- dialect: postgresql
-- matches: 1
SELECT count(1) AS n FROM orders;

-- matches: 0
SELECT COUNT(*) FROM orders WHERE o_orderstatus = 'O';

-- matches: 0
SELECT o_orderstatus, COUNT(*) FROM orders GROUP BY o_orderstatus;

-- COUNT(column) and COUNT(DISTINCT ...) count values, another question.
-- dialect: postgresql
-- matches: 0
SELECT COUNT(DISTINCT o_custkey) FROM orders;

-- matches: 0
SELECT COUNT(*) FROM orders o JOIN customer c ON c.c_custkey = o.o_custkey;
