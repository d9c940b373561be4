-- Fixture cases of update-subquery-same-table. Format: test-support/rule-fixtures.ts.

-- matches: 1
UPDATE orders SET o_shippriority = 1 WHERE o_totalprice > (SELECT AVG(o_totalprice) FROM orders);

-- matches: 1
UPDATE orders SET o_shippriority = (SELECT MAX(o2.o_shippriority) FROM orders o2) WHERE o_orderkey = 1;

-- Through a derived table (materialized first), a join, or another table: accepted by MySQL.
-- matches: 0
UPDATE orders SET o_shippriority = 1 WHERE o_custkey IN (SELECT x.o_custkey FROM (SELECT o_custkey FROM orders) x);

-- matches: 0
UPDATE orders o JOIN (SELECT AVG(o_totalprice) AS average FROM orders) a ON o.o_totalprice > a.average SET o.o_shippriority = 1;

-- matches: 0
UPDATE orders SET o_shippriority = 1 WHERE o_custkey IN (SELECT c_custkey FROM customer);

-- Only the updated table counts in a multi-table UPDATE.
-- matches: 0
UPDATE orders o JOIN customer c ON c.c_custkey = o.o_custkey SET o.o_shippriority = 1 WHERE c.c_custkey IN (SELECT c2.c_custkey FROM customer c2 WHERE c2.c_acctbal > 0);
