-- Fixture cases of distinct-on-unique-key. Format: test-support/rule-fixtures.ts.

-- schema: example
-- matches: 1
SELECT DISTINCT o_orderkey, o_totalprice FROM orders WHERE o_orderstatus = 'F';
-- after:
SELECT o_orderkey, o_totalprice FROM orders WHERE o_orderstatus = 'F';

-- Every column of the composite primary key, in any order, qualified.
-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT DISTINCT l.l_linenumber, l.l_orderkey, l.l_tax FROM lineitem l;
-- after:
SELECT l.l_linenumber, l.l_orderkey, l.l_tax FROM lineitem l;

-- A NOT NULL unique key that is not the primary key.
-- schema: keys
-- matches: 1
SELECT DISTINCT login, name FROM users;
-- after:
SELECT login, name FROM users;

-- `*` includes the key (in a derived table: select-star expands only the outermost query).
-- schema: example
-- matches: 1
SELECT d.n_name FROM (SELECT DISTINCT * FROM nation) d;
-- after:
SELECT d.n_name FROM (SELECT * FROM nation) d;

-- Joined on the joined table's primary key: each order meets at most one customer.
-- schema: example
-- matches: 1
SELECT DISTINCT o.o_orderkey, c.c_name FROM orders o JOIN customer c ON c.c_custkey = o.o_custkey;
-- after:
SELECT o.o_orderkey, c.c_name FROM orders o JOIN customer c ON c.c_custkey = o.o_custkey;

-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT DISTINCT o.o_orderkey, c.c_name FROM orders o LEFT JOIN customer c ON o.o_custkey = c.c_custkey AND c.c_acctbal > 0;
-- after:
SELECT o.o_orderkey, c.c_name FROM orders o LEFT JOIN customer c ON o.o_custkey = c.c_custkey AND c.c_acctbal > 0;

-- A text join key: PostgreSQL compares bytes; MySQL's collations may differ between the columns.
-- dialect: postgresql
-- schema: keys
-- matches: 1
SELECT DISTINCT u.id, t.title FROM users u JOIN teams t ON t.code = u.team_code;
-- after:
SELECT u.id, t.title FROM users u JOIN teams t ON t.code = u.team_code;

-- schema: keys
-- matches: 1
SELECT DISTINCT u.id, t.title FROM users u JOIN teams t ON t.code = u.team_code;

-- A unique key that may be NULL lets several rows hold NULL: reported, not rewritten.
-- schema: keys
-- matches: 1
SELECT DISTINCT email, name FROM users;

-- The join may repeat customers (many orders each).
-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT DISTINCT c.c_custkey, c.c_name FROM customer c JOIN orders o ON o.o_custkey = c.c_custkey;

-- schema: example
-- matches: 1
SELECT DISTINCT n.* FROM nation n, region r;

-- schema: example
-- matches: 1
SELECT DISTINCT o.o_orderkey FROM orders o RIGHT JOIN customer c ON c.c_custkey = o.o_custkey;

-- schema: example
-- matches: 0
SELECT DISTINCT o_custkey FROM orders;

-- schema: example
-- matches: 0
SELECT DISTINCT l_orderkey, l_tax FROM lineitem;

-- matches: 0
SELECT DISTINCT o_orderkey, o_totalprice FROM orders;

-- IN/EXISTS subqueries are subquery-distinct's; GROUP BY is distinct-with-group-by's.
-- schema: example
-- matches: 0
SELECT c_name FROM customer WHERE c_custkey IN (SELECT DISTINCT o_orderkey FROM orders);

-- schema: example
-- matches: 0
SELECT DISTINCT o_orderkey, COUNT(*) FROM orders GROUP BY o_orderkey;

-- dialect: postgresql
-- schema: example
-- matches: 0
SELECT DISTINCT ON (o_custkey) o_orderkey FROM orders ORDER BY o_custkey, o_orderdate;

-- A CTE named like the table is not the table.
-- dialect: postgresql
-- schema: example
-- matches: 0
WITH orders AS (SELECT o_custkey AS o_orderkey FROM lineitem, orders) SELECT DISTINCT o_orderkey FROM orders;

-- An expression of the key is not the key.
-- schema: example
-- matches: 0
SELECT DISTINCT o_orderkey % 10 FROM orders;

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).

-- dialect: mysql postgresql
-- verify: only
SELECT DISTINCT o_orderkey, o_orderstatus FROM orders WHERE o_totalprice > 100000;

-- dialect: postgresql
-- verify: only
SELECT DISTINCT l_orderkey, l_linenumber, l_returnflag FROM lineitem WHERE l_quantity < 5;

-- dialect: postgresql
-- verify: only
SELECT DISTINCT o.o_orderkey, c.c_name, c.c_mktsegment FROM orders o JOIN customer c ON c.c_custkey = o.o_custkey WHERE o.o_orderpriority = '1-URGENT';

-- dialect: mysql postgresql
-- verify: only
SELECT DISTINCT id, grp, label FROM events;

-- NULL grp: the event is kept once, NULL-extended.
-- dialect: mysql postgresql
-- verify: only
SELECT DISTINCT e.id, n.n_name FROM events e LEFT JOIN nation n ON n.n_nationkey = e.grp;

-- dialect: mysql
-- verify: only
SELECT DISTINCT o.o_orderkey, c.c_name FROM orders o JOIN customer c ON c.c_custkey = o.o_custkey WHERE o.o_orderpriority = '1-URGENT';
