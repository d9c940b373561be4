-- Fixture cases of index-too-many-columns. Format: test-support/rule-fixtures.ts.

-- matches: 1
CREATE INDEX idx_wide ON lineitem (l_orderkey, l_partkey, l_suppkey, l_linenumber, l_quantity, l_discount);

-- matches: 2
CREATE TABLE t (a INT, b INT, c INT, d INT, e INT, f INT, PRIMARY KEY (a, b, c, d, e, f), KEY k (f, e, d, c, b, a));

-- dialect: postgresql
-- matches: 1
CREATE INDEX CONCURRENTLY idx_wide ON lineitem (l_orderkey, l_partkey, l_suppkey, l_linenumber, l_quantity, l_discount);

-- matches: 0
ALTER TABLE lineitem ADD INDEX idx_five (l_orderkey, l_partkey, l_suppkey, l_linenumber, l_quantity);

-- dialect: postgresql
-- matches: 0
CREATE INDEX CONCURRENTLY idx_ship ON lineitem (l_shipdate, l_shipmode);
