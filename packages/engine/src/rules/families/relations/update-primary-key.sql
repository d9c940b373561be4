-- Fixture cases of update-primary-key. Format: test-support/rule-fixtures.ts.

-- schema: example
-- matches: 1
UPDATE orders SET o_orderkey = o_orderkey + 1000000 WHERE o_orderkey < 100;

-- dialect: postgresql
-- schema: example
-- matches: 1
UPDATE lineitem SET l_linenumber = 2, l_comment = 'x' WHERE l_orderkey = 5 AND l_linenumber = 1;

-- schema: example
-- matches: 1
UPDATE orders o JOIN customer c ON c.c_custkey = o.o_custkey SET c.c_custkey = 1, o.o_comment = 'x';

-- schema: example
-- matches: 0
UPDATE orders SET o_orderstatus = 'F' WHERE o_orderkey = 1;

-- SET id = id changes nothing; without a schema the key is unknown.
-- schema: example
-- matches: 0
UPDATE orders SET o_orderkey = o_orderkey WHERE o_orderkey = 1;

-- matches: 0
UPDATE orders SET o_orderkey = 5 WHERE o_orderkey = 1;
