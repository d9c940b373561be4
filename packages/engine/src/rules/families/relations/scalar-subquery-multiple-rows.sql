-- Fixture cases of scalar-subquery-multiple-rows. Format: test-support/rule-fixtures.ts.

-- schema: example
-- matches: 1
SELECT o.o_orderkey FROM orders o WHERE o.o_custkey = (SELECT c_custkey FROM customer WHERE c_name = 'Bob');

-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT o.o_orderkey, (SELECT l.l_shipdate FROM lineitem l WHERE l.l_orderkey = o.o_orderkey) AS shipped FROM orders o;

-- The whole primary key fixed, LIMIT 1, an aggregate, GROUP BY on a constant filter, IN and ANY.
-- schema: example
-- matches: 0
SELECT o.o_orderkey, (SELECT l.l_shipdate FROM lineitem l WHERE l.l_orderkey = o.o_orderkey AND l.l_linenumber = 1) AS s FROM orders o;

-- schema: example
-- matches: 0
SELECT o.o_orderkey FROM orders o WHERE o.o_custkey = (SELECT c_custkey FROM customer WHERE c_name = 'Bob' ORDER BY c_custkey LIMIT 1);

-- schema: example
-- matches: 0
SELECT o.o_orderkey FROM orders o WHERE o.o_totalprice > (SELECT AVG(o2.o_totalprice) FROM orders o2 WHERE o2.o_custkey = o.o_custkey);

-- An aggregate the parser reads as a plain function still gives one row.
-- dialect: postgresql
-- schema: example
-- matches: 0
SELECT o.o_orderkey, (SELECT STRING_AGG(l.l_comment, ',') FROM lineitem l WHERE l.l_orderkey = o.o_orderkey) AS c FROM orders o;

-- schema: example
-- matches: 0
SELECT o.o_orderkey FROM orders o WHERE o.o_custkey IN (SELECT c_custkey FROM customer WHERE c_name = 'Bob');

-- schema: example
-- matches: 0
SELECT o.o_orderkey FROM orders o WHERE o.o_custkey = ANY (SELECT c_custkey FROM customer WHERE c_name = 'Bob');

-- schema: example
-- matches: 0
SELECT (SELECT n.n_name FROM nation n WHERE n.n_nationkey = c.c_nationkey) AS nation FROM customer c;

-- Without a schema nothing is known about keys.
-- matches: 0
SELECT o.o_orderkey FROM orders o WHERE o.o_custkey = (SELECT c_custkey FROM customer WHERE c_name = 'Bob');
