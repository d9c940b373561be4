-- Fixture cases of index-hint. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT * FROM orders USE INDEX (idx_orders_custkey) WHERE o_custkey = 7;

-- matches: 2
SELECT o.o_orderkey FROM orders o IGNORE KEY FOR ORDER BY (PRIMARY) JOIN lineitem l FORCE INDEX (idx_lineitem_shipdate) ON l.l_orderkey = o.o_orderkey ORDER BY o.o_orderkey;

-- matches: 0
SELECT * FROM orders WHERE o_custkey = 7;

-- The words inside a string are not a hint.
-- matches: 0
SELECT * FROM orders WHERE o_comment = 'force index (x)';
