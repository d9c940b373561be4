-- Fixture cases of quoted-number-literal. Format: test-support/rule-fixtures.ts.

-- schema: example
-- matches: 1
SELECT o_totalprice FROM orders WHERE o_orderkey = '42';
-- after:
SELECT o_totalprice FROM orders WHERE o_orderkey = 42;

-- schema: example
-- matches: 3
SELECT l_orderkey FROM lineitem WHERE l_linenumber >= '2' AND '7' > l_orderkey AND l_suppkey<'-5';
-- after:
SELECT l_orderkey FROM lineitem WHERE l_linenumber >= 2 AND 7 > l_orderkey AND l_suppkey< -5;

-- schema: example
-- matches: 1
SELECT o_orderkey FROM orders WHERE o_custkey = '1042.5';
-- after:
SELECT o_orderkey FROM orders WHERE o_custkey = 1042.5;

-- DECIMAL: its precision is unknown, so only advice.
-- schema: example
-- matches: 1
SELECT 1 FROM orders WHERE o_totalprice < '1000.50';

-- More digits than a double keeps: advice only.
-- schema: example
-- matches: 1
SELECT 1 FROM orders WHERE o_orderkey = '12345678901234567';

-- A text column compared with a string; a string that is no plain number; no schema; PostgreSQL.
-- schema: example
-- matches: 0
SELECT 1 FROM customer WHERE c_phone = '5551234';

-- schema: example
-- matches: 0
SELECT 1 FROM orders WHERE o_orderkey = '1e3';

-- matches: 0
SELECT 1 FROM t WHERE a = '42';

-- dialect: postgresql
-- schema: example
-- matches: 0
SELECT 1 FROM orders WHERE o_orderkey = '42';

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).

-- dialect: mysql
-- verify: only
SELECT o_orderkey, o_totalprice FROM orders WHERE o_orderkey <= '3825700';

-- dialect: mysql
-- verify: only
SELECT l_orderkey, l_linenumber FROM lineitem WHERE l_linenumber = '3' AND '45' < l_quantity + 0 AND l_suppkey > '100';

-- dialect: mysql
-- verify: only
SELECT id, grp FROM events WHERE grp >= '2' OR flag = '1.0';

-- dialect: mysql
-- verify: only
SELECT id FROM events WHERE grp <> '3' AND flag < '8.5';
