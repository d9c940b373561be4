-- Fixture cases of function-on-column. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT 1 FROM customer WHERE LOWER(c_name) = 'bob';

-- matches: 1
SELECT 1 FROM orders WHERE o_custkey * 2 = 10;

-- `col + 1 = 10` and DATE(col) = '...' are move-arithmetic-to-constant's and date-function-to-range's.
-- matches: 0
SELECT 1 FROM orders WHERE o_custkey + 1 = 10;

-- matches: 0
SELECT 1 FROM orders WHERE DATE(o_orderdate) = '1995-01-01';

-- matches: 0
SELECT 1 FROM customer WHERE c_name = LOWER('Bob');

-- matches: 0
SELECT 1 FROM orders WHERE YEAR(o_orderdate) = 1995;

-- An array compared element by element (`= ANY(col)`) is a comparison, not a function on the column.
-- dialect: postgresql
-- matches: 0
SELECT 1 FROM events WHERE $1 = ANY(tags);

-- dialect: postgresql
-- matches: 1
SELECT 1 FROM events WHERE $1 = cardinality(tags);

-- Django casts a varchar to text (`"email"::text`): PostgreSQL reads it as the column, and its index serves it.
-- dialect: postgresql
-- tables: CREATE TABLE app_user (id INT PRIMARY KEY, email VARCHAR(254) NOT NULL, code CHAR(8), note TEXT);
-- matches: 0
SELECT "app_user"."id" FROM "app_user" WHERE "app_user"."email"::text LIKE $1 AND note::varchar = $2;

-- A cast with a length cuts the value, char(n) to text drops its padding, and a function still computes.
-- dialect: postgresql
-- tables: CREATE TABLE app_user (id INT PRIMARY KEY, email VARCHAR(254) NOT NULL, code CHAR(8), note TEXT);
-- matches: 3
SELECT id FROM app_user WHERE email::varchar(10) = $1 AND code::text = $2 AND UPPER(email::text) = UPPER($3);

-- MySQL: CAST(... AS CHAR) takes the connection's collation, so the column's index may not serve it.
-- tables: CREATE TABLE app_user (id INT PRIMARY KEY, email VARCHAR(254) NOT NULL);
-- matches: 1
SELECT id FROM app_user WHERE CAST(email AS CHAR) = ?;
