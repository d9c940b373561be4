-- Fixture cases of column-not-in-schema. Format: test-support/rule-fixtures.ts.

-- schema: example
-- matches: 1
SELECT o.o_orderkey, o.o_custid FROM orders o;

-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT o_orderkey, o_custid FROM orders;

-- schema: example
-- matches: 1
UPDATE orders SET o_bogus = 1 WHERE o_orderkey = 1;

-- schema: example
-- matches: 1
SELECT o_orderkey FROM orders o WHERE EXISTS (SELECT 1 FROM lineitem l WHERE l.l_orderkey = o.o_orderkey AND o.o_shipdate > l.l_shipdate);

-- Outer columns from a subquery, aliases, keyword-like names, derived tables and CTEs, system columns.
-- schema: example
-- matches: 0
SELECT o_orderkey FROM orders o WHERE EXISTS (SELECT 1 FROM lineitem l WHERE l.l_orderkey = o.o_orderkey AND l_quantity > o_totalprice);

-- schema: example
-- matches: 0
SELECT o_custkey, COUNT(*) AS n FROM orders GROUP BY o_custkey HAVING n > 1 ORDER BY n;

-- schema: example
-- matches: 0
SELECT USER, GET_FORMAT(DATE, 'EUR'), TIMESTAMPDIFF(DAY, o_orderdate, NOW()) FROM orders WHERE o_totalprice > 1e3;

-- schema: example
-- matches: 0
WITH t AS (SELECT o_orderkey AS k FROM orders) SELECT t.k, d.x FROM t, (SELECT 1 AS x) d;

-- dialect: postgresql
-- schema: example
-- matches: 0
SELECT o.ctid, row_to_json(o) FROM orders o WHERE o.o_orderkey = 1;

-- schema: example
-- matches: 0
SELECT o_orderkey FROM orders UNION SELECT l_orderkey FROM lineitem ORDER BY o_orderkey;

-- A table the schema does not know.
-- schema: example
-- matches: 0
SELECT w.anything FROM widgets w;

-- matches: 0
SELECT o.o_custid FROM orders o;

-- PostgreSQL's quoted names keep their case: TypeORM's "user" and Prisma's "User" are two tables of one database.
-- dialect: postgresql
-- tables: CREATE TABLE "User" ("id" text PRIMARY KEY, "email" text NOT NULL); CREATE TABLE "user" ("id" serial PRIMARY KEY, "firstName" varchar NOT NULL, "isActive" boolean NOT NULL);
-- matches: 0
SELECT "User"."id" AS "User_id", "User"."firstName" AS "User_firstName" FROM "user" "User" WHERE "User"."isActive" = $1;

-- The other table of the two is still told apart: Prisma's "User" has no firstName.
-- dialect: postgresql
-- tables: CREATE TABLE "User" ("id" text PRIMARY KEY, "email" text NOT NULL); CREATE TABLE "user" ("id" serial PRIMARY KEY, "firstName" varchar NOT NULL, "isActive" boolean NOT NULL);
-- matches: 1
SELECT "public"."User"."id", "public"."User"."firstName" FROM "public"."User" WHERE "public"."User"."email" = $1;
