-- Fixture cases of left-join-elimination. Format: test-support/rule-fixtures.ts.

-- schema: example
-- matches: 1
-- verify: true
SELECT o.o_orderkey, o.o_totalprice FROM orders o LEFT JOIN customer c ON c.c_custkey = o.o_custkey;
-- after:
SELECT o.o_orderkey, o.o_totalprice FROM orders o;

-- Extra ON conditions only reduce matches; later joins and clauses stay.
-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT o.o_orderkey, n.n_name FROM orders o LEFT OUTER JOIN customer c ON c.c_custkey = o.o_custkey AND c.c_acctbal > 0 JOIN nation n ON n.n_nationkey = 3 WHERE o.o_totalprice > 10 ORDER BY o.o_orderkey;
-- after:
SELECT o.o_orderkey, n.n_name FROM orders o JOIN nation n ON n.n_nationkey = 3 WHERE o.o_totalprice > 10 ORDER BY o.o_orderkey;

-- A composite key bound by a column and a constant; unqualified columns placed with the schema.
-- schema: example
-- matches: 1
SELECT o_orderkey, o_orderdate FROM orders LEFT JOIN lineitem ON l_orderkey = o_orderkey AND l_linenumber = 1 GROUP BY o_orderkey, o_orderdate;
-- after:
SELECT o_orderkey, o_orderdate FROM orders GROUP BY o_orderkey, o_orderdate;

-- Not a key: the join repeats orders once per line item.
-- schema: example
-- matches: 1
SELECT o.o_orderkey FROM orders o LEFT JOIN lineitem l ON l.l_orderkey = o.o_orderkey;

-- matches: 1
SELECT a.id FROM a LEFT JOIN b ON b.id = a.b_id;

-- The joined table is read: in the select list, in WHERE, by `*`, in a later ON, in a subquery.
-- schema: example
-- matches: 0
SELECT o.o_orderkey, c.c_name FROM orders o LEFT JOIN customer c ON c.c_custkey = o.o_custkey;

-- schema: example
-- matches: 0
SELECT o.o_orderkey FROM orders o LEFT JOIN customer c ON c.c_custkey = o.o_custkey WHERE c.c_custkey IS NULL;

-- schema: example
-- matches: 0
SELECT * FROM orders o LEFT JOIN customer c ON c.c_custkey = o.o_custkey;

-- schema: example
-- matches: 0
SELECT o.o_orderkey FROM orders o LEFT JOIN customer c ON c.c_custkey = o.o_custkey LEFT JOIN nation n ON n.n_nationkey = c.c_nationkey WHERE n.n_name IS NULL;

-- dialect: postgresql
-- schema: example
-- matches: 0
SELECT o.o_orderkey, (SELECT MAX(n_name) FROM nation WHERE n_nationkey = c_nationkey) AS n FROM orders o LEFT JOIN customer c ON c.c_custkey = o.o_custkey;

-- The key compared with a value of another type (MySQL compares text with a number as doubles).
-- schema: example accounts
-- matches: 1
SELECT r.reading_id FROM reading r LEFT JOIN account a ON a.code = r.acct_id;

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).

-- dialect: postgresql
-- verify: only
SELECT o.o_orderkey, o.o_totalprice FROM orders o LEFT JOIN customer c ON c.c_custkey = o.o_custkey;

-- dialect: mysql postgresql
-- verify: only
SELECT o_orderkey, o_orderdate FROM orders LEFT JOIN lineitem ON l_orderkey = o_orderkey AND l_linenumber = 1 WHERE o_totalprice > 1000;

-- dialect: mysql postgresql
-- verify: only
SELECT e.id, e.grp FROM events e LEFT JOIN events f ON f.id = e.grp;

-- dialect: mysql postgresql
-- verify: only
SELECT e.grp, COUNT(*) FROM events e LEFT JOIN events f ON f.id = e.flag AND f.label IS NOT NULL GROUP BY e.grp;

-- A unique index keys the joined table: each row of a matches at most one of b.
-- dialect: postgresql
-- tables: CREATE TABLE a (id INT PRIMARY KEY, b_id INT); CREATE TABLE b (id INT NOT NULL, deleted_at TIMESTAMP); CREATE UNIQUE INDEX b_id ON b (id);
-- matches: 1
SELECT a.id FROM a LEFT JOIN b ON b.id = a.b_id;
-- after:
SELECT a.id FROM a;

-- A partial unique index is unique only among the rows its predicate holds: deleted rows may repeat the id, so the
-- join is only reported, not removed.
-- dialect: postgresql
-- tables: CREATE TABLE a (id INT PRIMARY KEY, b_id INT); CREATE TABLE b (id INT NOT NULL, deleted_at TIMESTAMP); CREATE UNIQUE INDEX b_live ON b (id) WHERE deleted_at IS NULL;
-- matches: 1
SELECT a.id FROM a LEFT JOIN b ON b.id = a.b_id;
