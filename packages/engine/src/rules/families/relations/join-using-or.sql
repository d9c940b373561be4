-- Fixture cases of join-using-or. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT c.c_name FROM customer c JOIN orders o ON o.o_custkey = c.c_custkey OR o.o_clerk = c.c_name;

-- dialect: postgresql
-- matches: 1
SELECT 1 FROM a LEFT JOIN b ON (a.x = b.x OR a.y = b.y) AND b.z = 1;

-- matches: 0
SELECT c.c_name FROM customer c JOIN orders o ON o.o_custkey = c.c_custkey AND (o.o_clerk = c.c_name OR o.o_clerk IS NULL);

-- matches: 0
SELECT c.c_name FROM customer c JOIN orders o ON o.o_custkey = c.c_custkey AND (o.o_orderstatus = 'F' OR o.o_orderstatus = 'O');
