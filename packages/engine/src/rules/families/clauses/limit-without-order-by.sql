-- Fixture cases of limit-without-order-by. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT o_orderkey FROM orders LIMIT 10;

-- dialect: postgresql
-- matches: 1
SELECT a FROM t OFFSET 10;

-- matches: 1
SELECT a FROM t LIMIT 20, 10;

-- schema: example
-- matches: 1
SELECT c_name FROM customer WHERE c_nationkey = 5 LIMIT 1;

-- matches: 1
SELECT a FROM (SELECT a FROM t LIMIT 5) x ORDER BY a;

-- matches: 0
SELECT o_orderkey FROM orders ORDER BY o_orderkey LIMIT 10;

-- dialect: postgresql
-- matches: 0
SELECT a FROM t LIMIT ALL;

-- Rows that cannot differ, or at most one row: which ones is moot.
-- matches: 0
SELECT 1 FROM t WHERE b = 2 LIMIT 1;

-- matches: 0
SELECT COUNT(*) FROM t LIMIT 1;

-- schema: example
-- matches: 0
SELECT c_name FROM customer WHERE c_custkey = 5 LIMIT 1;

-- dialect: postgresql
-- schema: example
-- matches: 0
SELECT l_tax FROM lineitem WHERE l_orderkey = $1 AND l_linenumber = $2 LIMIT 1;

-- A CTE named customer shadows the table: its rows have no unique key, so pinning c_custkey pins nothing.
-- schema: example
-- matches: 1
WITH customer AS (SELECT c_custkey, c_name FROM customer, nation) SELECT c_name FROM customer WHERE c_custkey = 5 LIMIT 1;

-- matches: 0
SELECT 1 FROM t WHERE EXISTS (SELECT a FROM u LIMIT 1);

-- matches: 0
SELECT id FROM jobs WHERE status = 'new' LIMIT 10 FOR UPDATE SKIP LOCKED;

-- A trailing ORDER BY/LIMIT belongs to the whole UNION.
-- matches: 0
SELECT a FROM t UNION ALL SELECT b FROM u LIMIT 5;

-- Only counted (Prisma's count with skip and take): how many rows OFFSET and LIMIT keep does not depend on which.
-- dialect: postgresql
-- matches: 0
SELECT COUNT(*) AS "_count._all" FROM (SELECT "public"."Post"."id" FROM "public"."Post" WHERE 1=1 OFFSET $1) AS "sub";

-- dialect: postgresql
-- matches: 0
SELECT count(1) FROM (SELECT id FROM t LIMIT 100) s;

-- The outer query filters or reads the derived rows: which rows were kept matters.
-- dialect: postgresql
-- matches: 1
SELECT count(*) FROM (SELECT id, x FROM t LIMIT 100) s WHERE s.x > 1;

-- dialect: postgresql
-- matches: 1
SELECT count(*), max(s.x) FROM (SELECT id, x FROM t OFFSET 10) s;
