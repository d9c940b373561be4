-- Fixture cases of in-subquery-limit. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT c_name FROM customer WHERE c_custkey IN (SELECT o_custkey FROM orders ORDER BY o_totalprice DESC LIMIT 10);

-- matches: 1
SELECT c_name FROM customer WHERE c_custkey > ALL (SELECT o_custkey FROM orders LIMIT 5);

-- matches: 0
SELECT c_name FROM customer WHERE c_custkey IN (SELECT o_custkey FROM (SELECT o_custkey FROM orders ORDER BY o_totalprice DESC LIMIT 10) AS t);

-- matches: 0
SELECT c_name FROM customer WHERE c_custkey = (SELECT o_custkey FROM orders ORDER BY o_totalprice DESC LIMIT 1);

-- matches: 0
SELECT c_name FROM customer c WHERE EXISTS (SELECT 1 FROM orders o WHERE o.o_custkey = c.c_custkey LIMIT 1);
