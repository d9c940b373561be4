-- Fixture cases of exists-to-in. Format: test-support/rule-fixtures.ts.

-- schema: example
-- matches: 1
SELECT c_name FROM customer c WHERE EXISTS (SELECT 1 FROM orders o WHERE o.o_custkey = c.c_custkey AND o.o_orderstatus = 'F') AND c.c_acctbal > 0;
-- after:
SELECT c_name FROM customer c WHERE c.c_custkey IN (SELECT o.o_custkey FROM orders o WHERE o.o_orderstatus = 'F') AND c.c_acctbal > 0;

-- The only condition is the tie: the WHERE goes; unqualified columns are placed with the schema.
-- schema: example
-- matches: 1
SELECT c_name FROM customer c WHERE EXISTS (SELECT * FROM orders WHERE c.c_custkey = o_custkey);
-- after:
SELECT c_name FROM customer c WHERE c.c_custkey IN (SELECT o_custkey FROM orders);

-- Qualified columns need no schema.
-- matches: 1
SELECT a.id FROM a WHERE a.flag = 1 AND EXISTS (SELECT 1 FROM b WHERE b.x > 2 AND b.a_id = a.id AND b.y < 3);
-- after:
SELECT a.id FROM a WHERE a.flag = 1 AND a.id IN (SELECT b.a_id FROM b WHERE b.x > 2 AND b.y < 3);

-- Unqualified columns without the schema: cannot tell which table they belong to.
-- matches: 1
SELECT a.id FROM a WHERE EXISTS (SELECT 1 FROM b WHERE b.a_id = a.id AND y < 3);

-- NOT EXISTS is never NOT IN; an EXISTS under OR is not a conjunct of WHERE.
-- schema: example
-- matches: 0
SELECT c_name FROM customer c WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.o_custkey = c.c_custkey) OR EXISTS (SELECT 1 FROM nation n WHERE n.n_nationkey = c.c_nationkey);

-- Two ties, an aggregate (always one row), or a correlation that is not an equality: not this shape.
-- schema: example
-- matches: 0
SELECT 1 FROM partsupp ps WHERE EXISTS (SELECT 1 FROM lineitem l WHERE l.l_partkey = ps.ps_partkey AND l.l_suppkey = ps.ps_suppkey) AND EXISTS (SELECT MAX(l_quantity) FROM lineitem l WHERE l.l_partkey = ps.ps_partkey) AND EXISTS (SELECT 1 FROM lineitem l WHERE l.l_quantity > ps.ps_availqty);

-- An uncorrelated EXISTS, and one cut by LIMIT.
-- schema: example
-- matches: 0
SELECT 1 FROM customer c WHERE EXISTS (SELECT 1 FROM nation) AND EXISTS (SELECT 1 FROM orders o WHERE o.o_custkey = c.c_custkey LIMIT 1);

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table). MySQL only, as
-- the rule is.

-- dialect: mysql
-- verify: only
SELECT c_custkey, c_name FROM customer c WHERE EXISTS (SELECT 1 FROM orders o WHERE o.o_custkey = c.c_custkey AND o.o_orderstatus = 'F') AND c.c_acctbal > 0;

-- dialect: mysql
-- verify: only
SELECT e.id, e.label FROM events e WHERE EXISTS (SELECT * FROM events f WHERE f.label = e.label AND f.flag > 4);

-- dialect: mysql
-- verify: only
SELECT e.id FROM events e WHERE e.flag > 1 AND EXISTS (SELECT 1 FROM events f WHERE e.grp = f.grp);

-- PostgreSQL plans the EXISTS as the same semi-join as the IN: nothing to advise.
-- dialect: postgresql
-- matches: 0
SELECT a.id FROM a WHERE a.flag = 1 AND EXISTS (SELECT 1 FROM b WHERE b.x > 2 AND b.a_id = a.id AND b.y < 3);
