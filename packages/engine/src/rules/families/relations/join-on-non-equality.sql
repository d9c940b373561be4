-- Fixture cases of join-on-non-equality. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT o.o_orderkey FROM orders o JOIN lineitem l ON l.l_shipdate > o.o_orderdate;

-- dialect: postgresql
-- matches: 1
SELECT 1 FROM events e JOIN periods p ON e.at BETWEEN p.starts AND p.ends;

-- matches: 0
SELECT o.o_orderkey FROM orders o JOIN lineitem l ON l.l_orderkey = o.o_orderkey AND l.l_shipdate > o.o_orderdate;

-- Only filters in ON (no condition across the tables): not this rule's business.
-- matches: 0
SELECT 1 FROM a JOIN b ON b.flag > 1 AND a.x < 2;

-- A single-row derived table compared by range is fine.
-- matches: 0
SELECT o.o_orderkey FROM orders o JOIN (SELECT AVG(o_totalprice) AS average FROM orders) a ON o.o_totalprice > a.average;

-- Unqualified columns without a schema cannot be placed.
-- matches: 0
SELECT 1 FROM a JOIN b ON x < y;

-- Functions (spatial joins) are left alone.
-- matches: 0
SELECT 1 FROM a JOIN b ON ST_Contains(a.g, b.p);
