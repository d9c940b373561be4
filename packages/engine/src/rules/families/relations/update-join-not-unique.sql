-- Fixture cases of update-join-not-unique. Format: test-support/rule-fixtures.ts.

-- schema: example
-- matches: 1
UPDATE customer c JOIN orders o ON o.o_custkey = c.c_custkey SET c.c_acctbal = o.o_totalprice;

-- dialect: postgresql
-- schema: example
-- matches: 1
UPDATE customer c SET c_acctbal = o.o_totalprice FROM orders o WHERE o.o_custkey = c.c_custkey;

-- schema: example
-- matches: 1
UPDATE lineitem l JOIN partsupp ps ON ps.ps_partkey = l.l_partkey SET l.l_extendedprice = ps.ps_supplycost;

-- The source's whole key is fixed; the source only filters; an aggregated derived table.
-- schema: example
-- matches: 0
UPDATE lineitem l JOIN partsupp ps ON ps.ps_partkey = l.l_partkey AND ps.ps_suppkey = l.l_suppkey SET l.l_extendedprice = ps.ps_supplycost;

-- dialect: postgresql
-- schema: example
-- matches: 0
UPDATE orders o SET o_totalprice = c.c_acctbal FROM customer c WHERE c.c_custkey = o.o_custkey;

-- schema: example
-- matches: 0
UPDATE customer c JOIN orders o ON o.o_custkey = c.c_custkey SET c.c_comment = 'has orders';

-- schema: example
-- matches: 0
UPDATE customer c JOIN (SELECT o_custkey, MAX(o_totalprice) AS m FROM orders GROUP BY o_custkey) o ON o.o_custkey = c.c_custkey SET c.c_acctbal = o.m;
