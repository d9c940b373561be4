-- Fixture cases of delete-without-where. Format: test-support/rule-fixtures.ts.

-- matches: 1
DELETE FROM orders;

-- dialect: postgresql
-- matches: 1
DELETE FROM orders;

-- matches: 0
DELETE FROM orders WHERE o_orderkey = 1;

-- matches: 0
DELETE o FROM orders o JOIN customer c ON c.c_custkey = o.o_custkey WHERE c.c_name = 1;
