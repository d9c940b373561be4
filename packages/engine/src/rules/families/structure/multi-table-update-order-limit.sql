-- Fixture cases of multi-table-update-order-limit. Format: test-support/rule-fixtures.ts.

-- matches: 1
UPDATE orders o, customer c SET o.o_shippriority = 1 WHERE c.c_custkey = o.o_custkey LIMIT 10;

-- matches: 1
UPDATE orders o JOIN customer c ON c.c_custkey = o.o_custkey SET o.o_shippriority = 1 WHERE c.c_acctbal < 0 ORDER BY o.o_orderdate;

-- matches: 0
UPDATE orders SET o_orderpriority = '1-URGENT' WHERE o_orderstatus = 'O' ORDER BY o_orderdate LIMIT 100;

-- matches: 0
UPDATE orders o JOIN customer c ON c.c_custkey = o.o_custkey SET o.o_shippriority = 1 WHERE c.c_acctbal < 0;
