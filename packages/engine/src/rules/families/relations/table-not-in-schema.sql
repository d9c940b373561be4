-- Fixture cases of table-not-in-schema. Format: test-support/rule-fixtures.ts.

-- schema: example
-- matches: 1
SELECT o.o_orderkey FROM orders o JOIN customers c ON c.c_custkey = o.o_custkey;

-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT 1 FROM widgets w JOIN widgets v ON v.id = w.id;

-- CTEs, system catalogs, DUAL; no schema given.
-- schema: example
-- matches: 0
WITH recent AS (SELECT o_orderkey FROM orders) SELECT o_orderkey FROM recent;

-- schema: example
-- matches: 0
SELECT table_name FROM information_schema.tables;

-- dialect: postgresql
-- schema: example
-- matches: 0
SELECT relname FROM pg_class;

-- schema: example
-- matches: 0
SELECT 1 FROM dual;

-- matches: 0
SELECT 1 FROM widgets;

-- A MyBatis `${}` table name is only known at run time.
-- schema: example
-- matches: 0
SELECT o_orderkey FROM ${archive} WHERE o_custkey = #{id};

-- Views of the structure are no missing tables (Sakila's film_list as mysqldump prints it, a view with a column
-- list); a name no table or view has still is.
-- schema: film-views
-- matches: 0
SELECT f.FID FROM film_list f JOIN nicer_but_slower_film_list n ON n.fid = f.FID JOIN film ON film.film_id = f.FID;

-- schema: film-views
-- matches: 1
SELECT FID FROM film_lists;
