-- Fixture cases of join-type-mismatch. Format: test-support/rule-fixtures.ts.

-- schema: example
-- matches: 1
SELECT o.o_orderkey FROM orders o JOIN customer c ON c.c_phone = o.o_custkey;

-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT o.o_orderkey FROM orders o, lineitem l WHERE l.l_comment = o.o_orderdate;

-- schema: example
-- matches: 0
SELECT o.o_orderkey FROM orders o JOIN customer c ON c.c_custkey = o.o_custkey;

-- CHAR with VARCHAR, INT with DECIMAL, DATE with DATE: same kind.
-- schema: example
-- matches: 0
SELECT 1 FROM orders o JOIN customer c ON c.c_name = o.o_clerk AND c.c_acctbal > o.o_custkey JOIN lineitem l ON l.l_shipdate = o.o_orderdate;

-- matches: 0
SELECT 1 FROM orders o JOIN customer c ON c.c_phone = o.o_custkey;
