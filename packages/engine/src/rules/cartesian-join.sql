-- Fixture cases of cartesian-join. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT 1 FROM orders o, customer c WHERE o.o_orderkey = 1;

-- matches: 0
SELECT 1 FROM orders o, customer c WHERE o.o_custkey = c.c_custkey;

-- matches: 0
SELECT 1 FROM orders o CROSS JOIN customer c;

-- USING and NATURAL joins relate the tables by their shared columns; a table joined to them by ON is related too.
-- matches: 0
SELECT 1 FROM nation n JOIN region r USING (r_regionkey) JOIN supplier s ON s.s_nationkey = r.r_regionkey;

-- dialect: postgresql
-- matches: 0
SELECT 1 FROM nation NATURAL JOIN region;

-- matches: 1
SELECT 1 FROM nation NATURAL JOIN region, supplier;

-- Unqualified columns: without a schema the link cannot be placed, so the rule stays silent...
-- matches: 0
SELECT 1 FROM orders, customer WHERE o_custkey = c_custkey;

-- ...and with one it places them.
-- schema: orders-customer
-- matches: 0
SELECT 1 FROM orders, customer WHERE o_custkey = c_custkey;

-- schema: orders-customer
-- matches: 1
SELECT 1 FROM orders, customer WHERE o_custkey = o_orderkey;
