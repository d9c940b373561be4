-- Grammar coverage corpus, MySQL family: the SELECT, DML and CREATE TABLE / CREATE INDEX syntax of the MySQL 8.0
-- Reference Manual and the MariaDB 10.11 Knowledge Base, written for SQLTune (issue 11); statements run against the
-- tables of mysql-setup.sql. Each statement is valid on MariaDB 10.11 except those marked:
--   -- @mysql8: <why>    MySQL 8 syntax MariaDB 10.11 refuses (databases.test.ts checks that MariaDB does refuse it)
--   -- @mariadb: <why>   MariaDB syntax MySQL 8 does not have
-- `-- § <title>` names the manual section the statements after it come from.

-- § SELECT Statement: select list, DISTINCT and modifiers
SELECT 1;
SELECT 1 + 1 AS two, 'x' AS "quoted alias", 3 `three`;
SELECT * FROM customers;
SELECT customers.* FROM customers;
SELECT c.id, c.name AS customer_name FROM customers AS c;
SELECT DISTINCT city FROM customers;
SELECT DISTINCTROW city, country FROM customers;
SELECT ALL city FROM customers;
SELECT HIGH_PRIORITY id FROM customers;
SELECT STRAIGHT_JOIN c.id FROM customers c, orders o WHERE o.customer_id = c.id;
SELECT SQL_SMALL_RESULT city, COUNT(*) FROM customers GROUP BY city;
SELECT SQL_BIG_RESULT city, COUNT(*) FROM customers GROUP BY city;
SELECT SQL_BUFFER_RESULT id FROM customers;
SELECT SQL_NO_CACHE id FROM customers;
SELECT SQL_CALC_FOUND_ROWS id FROM customers LIMIT 1;
SELECT 1 FROM DUAL;
SELECT 1 FROM DUAL WHERE 1 = 1;
SELECT id, name FROM customers WHERE city = 'Shanghai';
SELECT `id`, `name` FROM `customers` WHERE `city` = 'Berlin';
SELECT customers.id FROM grammar_corpus.customers;
SELECT name FROM customers WHERE id = 1 AND (city = 'Berlin' OR city IS NULL);

-- § SELECT Statement: WITH (Common Table Expressions)
WITH paid AS (SELECT * FROM orders WHERE status = 'paid') SELECT customer_id, SUM(total) FROM paid GROUP BY customer_id;
WITH a AS (SELECT 1 AS x), b AS (SELECT x + 1 AS y FROM a) SELECT * FROM a JOIN b;
WITH totals (customer_id, amount) AS (SELECT customer_id, SUM(total) FROM orders GROUP BY customer_id) SELECT * FROM totals WHERE amount > 10;
WITH RECURSIVE seq (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 10) SELECT n FROM seq;
WITH RECURSIVE chain AS (SELECT id, manager_id, name, 1 AS depth FROM employees WHERE manager_id IS NULL UNION ALL SELECT e.id, e.manager_id, e.name, chain.depth + 1 FROM employees e JOIN chain ON e.manager_id = chain.id) SELECT * FROM chain ORDER BY depth;
WITH RECURSIVE dates (d) AS (SELECT DATE '2024-01-01' UNION ALL SELECT d + INTERVAL 1 DAY FROM dates WHERE d < '2024-01-07') SELECT d FROM dates;
SELECT * FROM (WITH x AS (SELECT 2 AS v) SELECT v FROM x) AS d;
SELECT (WITH x AS (SELECT 3 AS v) SELECT v FROM x) AS scalar;
WITH x AS (SELECT a FROM t1) SELECT a FROM x WHERE a IN (WITH y AS (SELECT a FROM t2) SELECT a FROM y);

-- § SELECT Statement: JOIN Clause
SELECT * FROM customers c JOIN orders o ON o.customer_id = c.id;
SELECT * FROM customers c INNER JOIN orders o ON o.customer_id = c.id;
SELECT * FROM customers c CROSS JOIN products p;
SELECT * FROM customers c CROSS JOIN orders o ON o.customer_id = c.id;
SELECT * FROM customers c LEFT JOIN orders o ON o.customer_id = c.id;
SELECT * FROM customers c LEFT OUTER JOIN orders o ON o.customer_id = c.id WHERE o.id IS NULL;
SELECT * FROM orders o RIGHT JOIN customers c ON o.customer_id = c.id;
SELECT * FROM orders o RIGHT OUTER JOIN customers c ON o.customer_id = c.id;
SELECT * FROM t1 JOIN t2 USING (a);
SELECT * FROM t1 LEFT JOIN t2 USING (a, c);
SELECT * FROM t1 NATURAL JOIN t2;
SELECT * FROM t1 NATURAL LEFT JOIN t2;
SELECT * FROM t1 NATURAL RIGHT OUTER JOIN t2;
SELECT * FROM t1 NATURAL INNER JOIN t2;
SELECT * FROM customers c STRAIGHT_JOIN orders o ON o.customer_id = c.id;
SELECT * FROM customers c, orders o, order_items i WHERE o.customer_id = c.id AND i.order_id = o.id;
SELECT * FROM customers c JOIN (orders o JOIN order_items i ON i.order_id = o.id) ON o.customer_id = c.id;
SELECT * FROM (customers c, orders o) WHERE o.customer_id = c.id;
SELECT * FROM t1 LEFT JOIN (t2 CROSS JOIN customers) ON t1.a = t2.a AND t2.b = customers.id;
SELECT * FROM customers c JOIN orders o ON o.customer_id = c.id JOIN order_items i ON i.order_id = o.id LEFT JOIN products p ON p.id = i.product_id;
SELECT * FROM customers c JOIN orders o;
SELECT * FROM { OJ customers c LEFT OUTER JOIN orders o ON o.customer_id = c.id };

-- § SELECT Statement: derived tables and LATERAL
SELECT d.city, d.n FROM (SELECT city, COUNT(*) AS n FROM customers GROUP BY city) AS d WHERE d.n > 0;
SELECT * FROM (SELECT 1) x;
-- @mysql8: derived table column lists are MySQL 8.0.19+ (MariaDB 10.11 refuses them)
SELECT * FROM (SELECT 1, 2) AS d (x, y);
-- @mysql8: LATERAL derived tables are MySQL 8.0.14+
SELECT c.name, last.total FROM customers c, LATERAL (SELECT total FROM orders o WHERE o.customer_id = c.id ORDER BY created_at DESC LIMIT 1) AS last;
-- @mysql8: LATERAL derived tables are MySQL 8.0.14+
SELECT c.name, s.n FROM customers c LEFT JOIN LATERAL (SELECT COUNT(*) AS n FROM orders o WHERE o.customer_id = c.id) AS s ON TRUE;
SELECT * FROM ((SELECT a FROM t1) UNION (SELECT a FROM t2)) AS u;

-- § Subqueries
SELECT name, (SELECT COUNT(*) FROM orders o WHERE o.customer_id = c.id) AS order_count FROM customers c;
SELECT * FROM customers WHERE id IN (SELECT customer_id FROM orders);
SELECT * FROM customers WHERE id NOT IN (SELECT customer_id FROM orders WHERE status = 'new');
SELECT * FROM customers c WHERE EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id);
SELECT * FROM customers c WHERE NOT EXISTS (SELECT * FROM orders o WHERE o.customer_id = c.id);
SELECT * FROM orders WHERE total > ALL (SELECT price FROM products);
SELECT * FROM orders WHERE total > ANY (SELECT price FROM products);
SELECT * FROM orders WHERE total = SOME (SELECT price FROM products);
SELECT * FROM orders WHERE total <> ALL (SELECT price FROM products WHERE price IS NOT NULL);
SELECT * FROM t1 WHERE (a, b) = (SELECT a, b FROM t2 LIMIT 1);
SELECT * FROM t1 WHERE (a, c) IN (SELECT a, c FROM t2);
SELECT * FROM t1 WHERE ROW(a, b) = ROW(1, 10);
SELECT * FROM t1 WHERE (a, b) > (1, 5);
SELECT * FROM orders WHERE total > (SELECT AVG(total) FROM orders);
SELECT * FROM orders WHERE customer_id = (SELECT MAX(id) FROM customers);

-- § Set Operations: UNION, INTERSECT, EXCEPT
SELECT a FROM t1 UNION SELECT a FROM t2;
SELECT a FROM t1 UNION ALL SELECT a FROM t2;
SELECT a FROM t1 UNION DISTINCT SELECT a FROM t2;
SELECT a FROM t1 INTERSECT SELECT a FROM t2;
SELECT a FROM t1 EXCEPT SELECT a FROM t2;
SELECT a FROM t1 INTERSECT ALL SELECT a FROM t2;
SELECT a FROM t1 EXCEPT ALL SELECT a FROM t2;
(SELECT a FROM t1 ORDER BY a LIMIT 2) UNION (SELECT a FROM t2 ORDER BY a DESC LIMIT 1);
(SELECT a FROM t1) UNION ALL (SELECT a FROM t2) ORDER BY a LIMIT 3;
SELECT a FROM t1 UNION SELECT a FROM t2 ORDER BY a DESC LIMIT 2;
SELECT a FROM t1 UNION (SELECT a FROM t2 INTERSECT SELECT a FROM t1);
((SELECT a FROM t1) UNION (SELECT a FROM t2)) EXCEPT (SELECT 3);
SELECT a FROM t1 UNION ALL SELECT b FROM t2 UNION SELECT 7;

-- § SELECT Statement: GROUP BY, WITH ROLLUP, HAVING
SELECT city, COUNT(*) FROM customers GROUP BY city;
SELECT city, country, COUNT(*) AS n FROM customers GROUP BY city, country HAVING n > 0;
SELECT customer_id, SUM(total) FROM orders GROUP BY customer_id HAVING SUM(total) > 20 AND COUNT(*) >= 1;
SELECT YEAR(created_at) AS y, COUNT(*) FROM orders GROUP BY YEAR(created_at);
SELECT status, COUNT(*) FROM orders GROUP BY 1 ORDER BY 2 DESC;
SELECT country, city, SUM(balance) FROM customers GROUP BY country, city WITH ROLLUP;
-- @mysql8: GROUPING() is MySQL 8.0.1+
SELECT country, GROUPING(country) AS g, SUM(balance) FROM customers GROUP BY country WITH ROLLUP;
SELECT COUNT(*) FROM customers HAVING COUNT(*) > 1;

-- § SELECT Statement: WINDOW clause and window functions
SELECT id, ROW_NUMBER() OVER (ORDER BY created_at) AS rn FROM orders;
SELECT id, RANK() OVER (PARTITION BY customer_id ORDER BY total DESC) AS r, DENSE_RANK() OVER (PARTITION BY customer_id ORDER BY total DESC) AS dr FROM orders;
SELECT id, PERCENT_RANK() OVER w, CUME_DIST() OVER w FROM orders WINDOW w AS (ORDER BY total);
SELECT id, NTILE(4) OVER (ORDER BY total) FROM orders;
SELECT id, LAG(total) OVER w, LAG(total, 2) OVER w, LEAD(total, 1) OVER w FROM orders WINDOW w AS (PARTITION BY customer_id ORDER BY created_at);
-- @mysql8: LAG and LEAD with a default value are MySQL 8's (MariaDB takes an offset only)
SELECT id, LEAD(total, 1, 0) OVER (ORDER BY id), LAG(total, 1, -1) OVER (ORDER BY id) FROM orders;
SELECT id, FIRST_VALUE(total) OVER w, LAST_VALUE(total) OVER w, NTH_VALUE(total, 2) OVER w FROM orders WINDOW w AS (ORDER BY created_at ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING);
-- @mysql8: NTH_VALUE ... FROM FIRST and RESPECT NULLS are MySQL 8 (MariaDB refuses them)
SELECT id, NTH_VALUE(total, 2) FROM FIRST RESPECT NULLS OVER (ORDER BY id) FROM orders;
SELECT id, SUM(total) OVER () AS grand, SUM(total) OVER (PARTITION BY customer_id) AS per_customer FROM orders;
SELECT id, AVG(total) OVER (ORDER BY created_at ROWS 2 PRECEDING) FROM orders;
SELECT id, SUM(total) OVER (ORDER BY created_at ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM orders;
SELECT id, SUM(total) OVER (ORDER BY created_at ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) FROM orders;
SELECT id, SUM(total) OVER (ORDER BY created_at ROWS BETWEEN 3 PRECEDING AND 1 PRECEDING) FROM orders;
SELECT id, SUM(total) OVER (ORDER BY created_at ROWS UNBOUNDED PRECEDING) FROM orders;
SELECT id, SUM(total) OVER (ORDER BY total RANGE BETWEEN 10 PRECEDING AND 10 FOLLOWING) FROM orders;
SELECT id, SUM(total) OVER (ORDER BY total RANGE UNBOUNDED PRECEDING) FROM orders;
SELECT id, SUM(total) OVER (ORDER BY total RANGE CURRENT ROW) FROM orders;
-- @mysql8: a RANGE frame with an INTERVAL offset is MySQL 8 (MariaDB takes numbers only)
SELECT id, COUNT(*) OVER (ORDER BY created_at RANGE BETWEEN INTERVAL 7 DAY PRECEDING AND CURRENT ROW) FROM orders;
SELECT id, COUNT(*) OVER w2 FROM orders WINDOW w1 AS (PARTITION BY customer_id), w2 AS (w1 ORDER BY created_at);
SELECT id, MAX(total) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) FROM orders WINDOW w AS (ORDER BY id);
SELECT customer_id, SUM(SUM(total)) OVER (ORDER BY customer_id) FROM orders GROUP BY customer_id;
-- @mariadb: PERCENTILE_CONT / PERCENTILE_DISC / MEDIAN as window functions are MariaDB 10.3+
SELECT id, PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY total) OVER (PARTITION BY customer_id) AS p50, MEDIAN(total) OVER (PARTITION BY customer_id) AS m FROM orders;

-- § SELECT Statement: ORDER BY and LIMIT
SELECT * FROM orders ORDER BY created_at DESC, id ASC;
SELECT * FROM orders ORDER BY total IS NULL, total;
SELECT * FROM orders ORDER BY FIELD(status, 'new', 'paid', 'shipped');
SELECT * FROM orders ORDER BY RAND() LIMIT 1;
SELECT * FROM orders LIMIT 2;
SELECT * FROM orders LIMIT 1, 2;
SELECT * FROM orders LIMIT 2 OFFSET 1;
SELECT * FROM orders ORDER BY id LIMIT 0;
-- @mariadb: OFFSET ... FETCH FIRST ... ONLY / WITH TIES is MariaDB 10.6+
SELECT * FROM orders ORDER BY total OFFSET 1 ROWS FETCH FIRST 2 ROWS ONLY;
-- @mariadb: OFFSET ... FETCH FIRST ... ONLY / WITH TIES is MariaDB 10.6+
SELECT * FROM orders ORDER BY total FETCH NEXT 1 ROW WITH TIES;

-- § Locking Reads
SELECT * FROM orders WHERE id = 1 FOR UPDATE;
SELECT * FROM orders WHERE id = 1 LOCK IN SHARE MODE;
SELECT * FROM orders WHERE id = 1 FOR UPDATE NOWAIT;
SELECT * FROM orders WHERE id = 1 FOR UPDATE SKIP LOCKED;
-- @mysql8: FOR SHARE is MySQL 8.0.1+ (MariaDB writes LOCK IN SHARE MODE)
SELECT * FROM orders WHERE id = 1 FOR SHARE;
-- @mysql8: FOR UPDATE OF is MySQL 8.0.1+
SELECT * FROM orders o JOIN customers c ON c.id = o.customer_id FOR UPDATE OF o SKIP LOCKED;
-- @mariadb: WAIT n is MariaDB 10.3+
SELECT * FROM orders WHERE id = 1 FOR UPDATE WAIT 5;

-- § Index Hints, Optimizer Hints and Partition Selection
SELECT * FROM orders USE INDEX (idx_orders_status) WHERE status = 'paid';
SELECT * FROM orders FORCE INDEX (idx_orders_customer) WHERE customer_id = 1;
SELECT * FROM orders IGNORE INDEX (idx_orders_status) WHERE status = 'paid';
SELECT * FROM orders USE INDEX FOR JOIN (idx_orders_customer) JOIN customers c ON c.id = orders.customer_id;
SELECT * FROM orders IGNORE KEY FOR ORDER BY (idx_orders_status) ORDER BY status;
SELECT * FROM orders FORCE INDEX FOR GROUP BY (idx_orders_status) WHERE status > '' GROUP BY status;
SELECT * FROM orders USE INDEX () WHERE status = 'paid';
SELECT * FROM orders AS o USE INDEX (idx_orders_status, PRIMARY) WHERE o.status = 'paid';
SELECT /*+ NO_INDEX_MERGE(orders) */ * FROM orders WHERE status = 'paid' OR customer_id = 2;
SELECT /*+ MAX_EXECUTION_TIME(1000) */ id FROM orders;
SELECT * FROM events PARTITION (p2024) WHERE kind = 'logout';
SELECT * FROM events PARTITION (p2023, pmax) AS e;

-- § TABLE and VALUES Statements
-- @mysql8: the TABLE statement is MySQL 8.0.19+
TABLE customers;
-- @mysql8: the TABLE statement is MySQL 8.0.19+
TABLE customers ORDER BY name LIMIT 2;
-- @mysql8: VALUES ROW(...) is MySQL 8.0.19+ (MariaDB writes VALUES (...))
VALUES ROW(1, 'a'), ROW(2, 'b');
-- @mariadb: a table value constructor without ROW is MariaDB 10.3+
VALUES (1, 'a'), (2, 'b');
-- @mariadb: a table value constructor without ROW is MariaDB 10.3+
SELECT * FROM (VALUES (1, 'a'), (2, 'b')) AS v;

-- § Operators: arithmetic, comparison, logical, bit
SELECT 7 + 2, 7 - 2, 7 * 2, 7 / 2, 7 DIV 2, 7 % 2, 7 MOD 2, MOD(7, 2), -7, - -7;
SELECT 5 & 3, 5 | 3, 5 ^ 3, ~5, 1 << 4, 256 >> 2;
SELECT * FROM t1 WHERE a = 1 OR b != 2 AND c <> 'x';
SELECT * FROM t1 WHERE a < 2 OR a <= 2 OR a > 2 OR a >= 2;
SELECT * FROM t1 WHERE a <=> NULL;
SELECT * FROM t1 WHERE NOT a = 1;
SELECT * FROM t1 WHERE !(a = 1);
SELECT * FROM t1 WHERE a = 1 && b = 10 || c = 'y';
SELECT * FROM t1 WHERE (a = 1) XOR (b = 10);
SELECT a IS TRUE, a IS NOT FALSE, (a > 1) IS UNKNOWN, a IS NULL, a IS NOT NULL FROM t1;
SELECT * FROM t1 WHERE a BETWEEN 1 AND 2;
SELECT * FROM t1 WHERE a NOT BETWEEN 1 AND 2;
SELECT * FROM t1 WHERE a IN (1, 2, 3);
SELECT * FROM t1 WHERE a NOT IN (1, 2);
SELECT * FROM t1 WHERE c LIKE 'x%';
SELECT * FROM t1 WHERE c NOT LIKE '%\_%';
SELECT * FROM t1 WHERE c LIKE 'x|%' ESCAPE '|';
SELECT * FROM t1 WHERE c REGEXP '^[xy]';
SELECT * FROM t1 WHERE c NOT REGEXP '^z';
SELECT * FROM t1 WHERE c RLIKE 'x$';
SELECT * FROM customers WHERE name SOUNDS LIKE 'Anne';
-- @mysql8: REGEXP_LIKE is MySQL 8.0.4+
SELECT * FROM t1 WHERE REGEXP_LIKE(c, '^X', 'i');
SELECT INTERVAL(5, 1, 3, 7) AS slot;
SELECT @@version, @@session.sql_mode;

-- § Literals: strings, numbers, hexadecimal, bit, boolean, NULL, date and time
SELECT 'single', "double", 'it''s', 'it\'s', "say \"hi\"", 'a\tb\n';
SELECT 'con' 'cat' 'enated';
SELECT N'national', n'lower';
SELECT _utf8mb4'text', _latin1'text' COLLATE latin1_bin, _binary'raw';
SELECT _utf8mb4 0x4D7953514C, _utf8mb4 X'4D7953514C';
SELECT X'4D7953514C', x'ff', 0x4D7953514C, 0xff;
SELECT b'1010', B'1', 0b1010;
SELECT 1, -1, +1, 1.5, .5, 1., 1e3, 1.5E-3, 12345678901234567890;
SELECT TRUE, FALSE, NULL, true;
-- @mariadb: \N as NULL was removed in MySQL 8.0
SELECT \N;
SELECT DATE '2024-01-31', TIME '10:20:30', TIMESTAMP '2024-01-31 10:20:30', TIMESTAMP '2024-01-31 10:20:30.123456';
SELECT {d '2024-01-31'}, {t '10:20:30'}, {ts '2024-01-31 10:20:30'};
SELECT '2024-01-31' + INTERVAL 1 DAY, INTERVAL 2 HOUR + created_at FROM orders;

-- § Flow Control Functions: CASE, IF, IFNULL, NULLIF
SELECT CASE status WHEN 'new' THEN 1 WHEN 'paid' THEN 2 ELSE 3 END FROM orders;
SELECT CASE WHEN total > 100 THEN 'big' WHEN total > 10 THEN 'medium' END FROM orders;
SELECT IF(total > 50, 'high', 'low'), IFNULL(note, '-'), NULLIF(status, 'new'), COALESCE(note, status, 'none') FROM orders;

-- § Cast Functions and Operators, Character Sets and Collations
SELECT CAST(total AS SIGNED), CAST(total AS UNSIGNED), CAST(total AS UNSIGNED INTEGER), CAST('7' AS SIGNED INTEGER) FROM orders;
SELECT CAST(total AS DECIMAL(10, 1)), CAST(total AS CHAR), CAST(total AS CHAR(5)), CAST(created_at AS DATE), CAST(created_at AS DATETIME(6)), CAST('10:00' AS TIME) FROM orders;
SELECT CAST(status AS BINARY), CAST(status AS BINARY(3)), CAST(status AS NCHAR(4)) FROM orders;
SELECT CAST(status AS CHAR(10) CHARACTER SET utf8mb4) FROM orders;
SELECT CAST(total AS DOUBLE), CAST(total AS FLOAT) FROM orders;
-- @mysql8: CAST ... AS YEAR / AS JSON are MySQL 8
SELECT CAST(2024 AS YEAR), CAST('[1]' AS JSON);
SELECT CONVERT(total, SIGNED), CONVERT(status, CHAR(3)), CONVERT(status USING utf8mb4), CONVERT(status USING latin1) FROM orders;
SELECT BINARY status, status COLLATE utf8mb4_bin, status COLLATE utf8mb4_unicode_ci = 'PAID' FROM orders;
SELECT * FROM orders ORDER BY status COLLATE utf8mb4_general_ci;
SELECT CHARSET(status), COLLATION(status), COERCIBILITY(status) FROM orders;
-- @mysql8: utf8mb4_0900_ai_ci and the other 0900 collations are MySQL 8's
SELECT name COLLATE utf8mb4_0900_ai_ci FROM customers;

-- § String Functions: the standard's keyword forms and others
SELECT SUBSTRING(name, 2), SUBSTRING(name, 2, 3), SUBSTRING(name FROM 2), SUBSTRING(name FROM 2 FOR 3), SUBSTR(name, -2), MID(name, 1, 2) FROM customers;
SELECT TRIM(name), TRIM(LEADING 'A' FROM name), TRIM(TRAILING 'n' FROM name), TRIM(BOTH ' ' FROM name), TRIM('x' FROM name) FROM customers;
SELECT POSITION('n' IN name), LOCATE('n', name), LOCATE('n', name, 2), INSTR(name, 'n') FROM customers;
SELECT CONCAT(name, ' ', city), CONCAT_WS(', ', name, city, country), LENGTH(name), CHAR_LENGTH(name), CHARACTER_LENGTH(name), OCTET_LENGTH(name), BIT_LENGTH(name) FROM customers;
SELECT UPPER(name), LOWER(name), UCASE(name), LCASE(name), LEFT(name, 2), RIGHT(name, 2), REPEAT(name, 2), REVERSE(name), SPACE(2) FROM customers;
SELECT LPAD(name, 10, '*'), RPAD(name, 10, '.'), REPLACE(name, 'n', 'N'), INSERT(name, 1, 1, 'X'), FORMAT(balance, 2), FORMAT(balance, 2, 'de_DE') FROM customers;
SELECT CHAR(77, 121, 83, 81, 76), CHAR(77, 121 USING utf8mb4), ASCII(name), ORD(name), HEX(name), UNHEX('41'), SOUNDEX(name), QUOTE(name) FROM customers;
SELECT FIELD(city, 'Berlin', 'Shanghai'), ELT(2, 'a', 'b'), FIND_IN_SET('b', 'a,b,c'), MAKE_SET(3, 'a', 'b'), EXPORT_SET(5, 'Y', 'N', ',', 4) FROM customers;
SELECT STRCMP(name, city), SUBSTRING_INDEX(email, '@', -1), REGEXP_REPLACE(name, '[aeiou]', ''), REGEXP_SUBSTR(email, '[a-z]+'), REGEXP_INSTR(email, '@') FROM customers;
SELECT WEIGHT_STRING(name), WEIGHT_STRING(name AS CHAR(4)), TO_BASE64(name), FROM_BASE64(TO_BASE64(name)) FROM customers;
SELECT MATCH (name) AGAINST ('Ann') FROM customers;
SELECT * FROM customers WHERE MATCH (name) AGAINST ('+Ann -Bob' IN BOOLEAN MODE);
SELECT * FROM customers WHERE MATCH (name) AGAINST ('Ann' IN NATURAL LANGUAGE MODE);
SELECT * FROM customers WHERE MATCH (name) AGAINST ('Ann' WITH QUERY EXPANSION);
SELECT * FROM customers WHERE MATCH (name) AGAINST ('Ann' IN NATURAL LANGUAGE MODE WITH QUERY EXPANSION);
SELECT * FROM customers WHERE MATCH name AGAINST ('Ann');
SELECT c.id, MATCH c.name AGAINST ('+Ann' IN BOOLEAN MODE) AS score FROM customers c WHERE MATCH c.name AGAINST ('+Ann' IN BOOLEAN MODE);

-- § Numeric Functions
SELECT ABS(-1), CEIL(1.2), CEILING(1.2), FLOOR(1.8), ROUND(1.25, 1), ROUND(1.5), TRUNCATE(1.99, 1), SIGN(-3), SQRT(16), POW(2, 3), POWER(2, 3), EXP(1), LN(10), LOG(10), LOG(2, 8), LOG2(8), LOG10(100);
SELECT PI(), RAND(), RAND(42), CONV('ff', 16, 10), CRC32('x'), DEGREES(PI()), RADIANS(180), SIN(0), COS(0), TAN(0), ATAN2(1, 1), GREATEST(1, 2, 3), LEAST(1, 2, 3);

-- § Date and Time Functions
SELECT NOW(), NOW(6), CURRENT_TIMESTAMP, CURRENT_TIMESTAMP(), CURRENT_DATE, CURRENT_DATE(), CURDATE(), CURRENT_TIME, CURTIME(3), LOCALTIME, LOCALTIMESTAMP(), SYSDATE(), UTC_DATE(), UTC_TIMESTAMP, UNIX_TIMESTAMP();
SELECT EXTRACT(YEAR FROM created_at), EXTRACT(MONTH FROM created_at), EXTRACT(YEAR_MONTH FROM created_at), EXTRACT(DAY_HOUR FROM created_at), EXTRACT(HOUR_SECOND FROM created_at), EXTRACT(MICROSECOND FROM created_at), EXTRACT(QUARTER FROM created_at), EXTRACT(WEEK FROM created_at) FROM orders;
SELECT DATE_ADD(created_at, INTERVAL 1 DAY), DATE_SUB(created_at, INTERVAL '1:30' HOUR_MINUTE), ADDDATE(created_at, 3), ADDDATE(created_at, INTERVAL 3 WEEK), SUBDATE(created_at, INTERVAL 1 MONTH), created_at - INTERVAL 1 YEAR FROM orders;
SELECT DATE_ADD(created_at, INTERVAL '1 2' DAY_HOUR), DATE_ADD(created_at, INTERVAL '1.5' SECOND_MICROSECOND), DATE_ADD(created_at, INTERVAL -1 QUARTER) FROM orders;
SELECT TIMESTAMPADD(MINUTE, 30, created_at), TIMESTAMPDIFF(DAY, created_at, NOW()), DATEDIFF(NOW(), created_at), TIMEDIFF('10:00:00', '09:30:00') FROM orders;
SELECT DATE_FORMAT(created_at, '%Y-%m-%d'), TIME_FORMAT(created_at, '%H:%i'), STR_TO_DATE('01,5,2013', '%d,%m,%Y'), GET_FORMAT(DATE, 'ISO'), GET_FORMAT(DATETIME, 'USA') FROM orders;
SELECT YEAR(created_at), MONTH(created_at), DAY(created_at), DAYOFWEEK(created_at), DAYOFYEAR(created_at), WEEK(created_at, 3), YEARWEEK(created_at), QUARTER(created_at), HOUR(created_at), MINUTE(created_at), SECOND(created_at), LAST_DAY(created_at), DATE(created_at), TIME(created_at) FROM orders;
SELECT FROM_UNIXTIME(1700000000), FROM_DAYS(739000), TO_DAYS(created_at), MAKEDATE(2024, 32), MAKETIME(10, 20, 30), SEC_TO_TIME(3600), TIME_TO_SEC('01:00:00'), CONVERT_TZ(created_at, '+00:00', '+08:00'), DAYNAME(created_at), MONTHNAME(created_at) FROM orders;

-- § Aggregate Functions, GROUP_CONCAT
SELECT COUNT(*), COUNT(1), COUNT(note), COUNT(DISTINCT status), COUNT(DISTINCT customer_id, status) FROM orders;
SELECT SUM(total), SUM(DISTINCT total), AVG(total), AVG(DISTINCT total), MIN(total), MAX(DISTINCT total) FROM orders;
SELECT STD(total), STDDEV(total), STDDEV_POP(total), STDDEV_SAMP(total), VARIANCE(total), VAR_POP(total), VAR_SAMP(total), BIT_AND(id), BIT_OR(id), BIT_XOR(id) FROM orders;
SELECT GROUP_CONCAT(status) FROM orders;
SELECT customer_id, GROUP_CONCAT(DISTINCT status ORDER BY status DESC SEPARATOR '; ') FROM orders GROUP BY customer_id;
SELECT GROUP_CONCAT(id, ':', status ORDER BY id SEPARATOR '') FROM orders;
SELECT JSON_ARRAYAGG(status), JSON_OBJECTAGG(id, status) FROM orders;
-- @mysql8: ANY_VALUE is MySQL 5.7+ (MariaDB has none)
SELECT ANY_VALUE(status) FROM orders;

-- § JSON Functions and Operators
SELECT JSON_EXTRACT(profile, '$.tier'), JSON_UNQUOTE(JSON_EXTRACT(profile, '$.tier')), JSON_VALUE(profile, '$.tier') FROM customers;
-- @mysql8: the column path operators -> and ->> are MySQL 8's
SELECT profile->'$.tier', profile->>'$.tier' FROM customers WHERE profile->>'$.tier' = 'gold';
SELECT JSON_OBJECT('id', id, 'name', name), JSON_ARRAY(id, name), JSON_QUOTE(name), JSON_TYPE(profile), JSON_VALID(profile), JSON_LENGTH(profile), JSON_KEYS(profile), JSON_DEPTH(profile) FROM customers;
SELECT JSON_CONTAINS(profile, '"gold"', '$.tier'), JSON_CONTAINS_PATH(profile, 'one', '$.tier', '$.x'), JSON_SEARCH(profile, 'one', 'gold'), JSON_SET(profile, '$.x', 1), JSON_INSERT(profile, '$.y', 2), JSON_REPLACE(profile, '$.tier', 'x'), JSON_REMOVE(profile, '$.tags'), JSON_MERGE_PATCH(profile, '{}'), JSON_MERGE_PRESERVE(profile, '{}') FROM customers;
-- @mysql8: MEMBER OF is MySQL 8.0.17+
SELECT * FROM customers WHERE 'a' MEMBER OF (profile->'$.tags');
SELECT * FROM JSON_TABLE('[{"a": 1}, {"a": 2}]', '$[*]' COLUMNS (rid FOR ORDINALITY, a INT PATH '$.a' DEFAULT '0' ON EMPTY, NESTED PATH '$.b[*]' COLUMNS (b INT PATH '$'))) AS jt;
SELECT c.id, jt.tag FROM customers c, JSON_TABLE(c.profile, '$.tags[*]' COLUMNS (tag VARCHAR(10) PATH '$')) AS jt;

-- § Other Functions: information, miscellaneous, encryption
SELECT DATABASE(), SCHEMA(), USER(), CURRENT_USER, CURRENT_USER(), VERSION(), CONNECTION_ID(), LAST_INSERT_ID(), ROW_COUNT(), FOUND_ROWS();
SELECT UUID(), MD5('x'), SHA1('x'), SHA2('x', 256), INET_ATON('10.0.0.1'), INET_NTOA(167772161), SLEEP(0), IS_IPV4('10.0.0.1');
-- @mysql8: UUID_TO_BIN and BIN_TO_UUID are MySQL 8's
SELECT BIN_TO_UUID(UUID_TO_BIN(UUID(), 1), 1);
SELECT ST_AsText(pos), ST_X(pos), ST_Distance(pos, POINT(0, 0)) FROM places WHERE MBRContains(ST_GeomFromText('POLYGON((0 0,5 0,5 5,0 5,0 0))'), pos);

-- § INSERT Statement
INSERT INTO t1 VALUES (10, 100, 'a');
INSERT INTO t1 (a, b, c) VALUES (11, 110, 'b'), (12, 120, 'c');
INSERT t1 (a) VALUE (13);
INSERT INTO t1 (a, b) VALUES (14, DEFAULT), (15, 14 * 10);
INSERT INTO t1 () VALUES ();
INSERT INTO t1 SET a = 16, b = 160, c = 'd';
INSERT LOW_PRIORITY INTO t1 (a) VALUES (17);
INSERT HIGH_PRIORITY IGNORE INTO t1 (a) VALUES (18);
INSERT IGNORE INTO customers (id, name) VALUES (1, 'Dup');
INSERT INTO t1 (a, b, c) SELECT a, b, c FROM t2 WHERE a > 1;
INSERT INTO t1 SELECT * FROM t2;
INSERT INTO t1 (a, b) (SELECT a, b FROM t2);
INSERT INTO t1 (a, b) WITH x AS (SELECT 20 AS a, 200 AS b) SELECT a, b FROM x;
INSERT INTO customers (id, name, city) VALUES (1, 'Ann', 'Hangzhou') ON DUPLICATE KEY UPDATE city = VALUES(city), balance = balance + 1;
INSERT INTO customers (id, name) SELECT a, c FROM t2 WHERE c IS NOT NULL ON DUPLICATE KEY UPDATE name = VALUES(name);
-- @mysql8: a row alias in INSERT ... ON DUPLICATE KEY UPDATE is MySQL 8.0.19+
INSERT INTO customers (id, name, city) VALUES (2, 'Bob', 'Bonn') AS new ON DUPLICATE KEY UPDATE city = new.city;
-- @mysql8: a row alias with a column list is MySQL 8.0.19+
INSERT INTO customers (id, name, city) VALUES (2, 'Bob', 'Bonn') AS new (i, n, c) ON DUPLICATE KEY UPDATE city = c;
INSERT INTO events PARTITION (p2024) (id, happened, kind) VALUES (3, '2024-07-01', 'x');
-- @mysql8: INSERT ... TABLE is MySQL 8.0.19+
INSERT INTO t1 TABLE t2;
-- @mariadb: INSERT ... RETURNING is MariaDB 10.5+
INSERT INTO t1 (a, b) VALUES (21, 210) RETURNING a, b * 2 AS double_b;

-- § REPLACE Statement
REPLACE INTO t1 VALUES (30, 300, 'r');
REPLACE INTO customers (id, name) VALUES (3, 'Chen'), (4, 'Dana');
REPLACE customers SET id = 5, name = 'Eve';
REPLACE LOW_PRIORITY INTO t1 (a, b) SELECT a, b FROM t2;
-- @mariadb: REPLACE ... RETURNING is MariaDB 10.5+
REPLACE INTO t1 (a) VALUES (31) RETURNING a;

-- § UPDATE Statement
UPDATE t1 SET b = b + 1;
UPDATE t1 SET b = 0, c = 'zero' WHERE a = 1;
UPDATE t1 SET b = DEFAULT WHERE a = 2;
UPDATE LOW_PRIORITY IGNORE t1 SET a = a + 1 ORDER BY a DESC LIMIT 2;
UPDATE orders SET status = 'paid', note = CONCAT(IFNULL(note, ''), '!') WHERE status = 'new' AND total > 100;
UPDATE customers c JOIN orders o ON o.customer_id = c.id SET c.balance = c.balance + o.total WHERE o.status = 'paid';
UPDATE customers c, orders o SET c.balance = 0, o.note = 'cleared' WHERE o.customer_id = c.id;
UPDATE t1 LEFT JOIN t2 USING (a) SET t1.b = t2.b WHERE t2.a IS NOT NULL;
UPDATE customers SET balance = (SELECT SUM(total) FROM orders WHERE orders.customer_id = customers.id);
UPDATE t1 SET b = (a, c) IN (SELECT a, c FROM t2);
UPDATE t1 AS x SET x.b = 5 WHERE x.a IN (SELECT a FROM t2);
-- @mysql8: WITH before UPDATE is MySQL 8 (MariaDB takes WITH before SELECT only)
WITH big AS (SELECT id FROM orders WHERE total > 100) UPDATE orders SET note = 'big' WHERE id IN (SELECT id FROM big);

-- § DELETE Statement
DELETE FROM t1 WHERE a = 1;
DELETE FROM t1;
DELETE LOW_PRIORITY QUICK IGNORE FROM t1 WHERE b IS NULL ORDER BY a LIMIT 1;
DELETE FROM t1 WHERE a IN (SELECT a FROM t2);
DELETE t1 FROM t1 JOIN t2 ON t1.a = t2.a;
DELETE t1, t2 FROM t1 INNER JOIN t2 ON t1.a = t2.a WHERE t1.b > 0;
DELETE FROM t1 USING t1 JOIN t2 ON t1.a = t2.a;
DELETE FROM t1, t2 USING t1 LEFT JOIN t2 ON t1.a = t2.a WHERE t2.a IS NULL;
DELETE x FROM t1 AS x WHERE x.a > 2;
DELETE FROM events PARTITION (p2023) WHERE kind = 'login';
-- @mysql8: WITH before DELETE is MySQL 8 (MariaDB takes WITH before SELECT only)
WITH gone AS (SELECT a FROM t2) DELETE FROM t1 WHERE a IN (SELECT a FROM gone);
-- @mariadb: DELETE ... RETURNING is MariaDB 10.0+
DELETE FROM t1 WHERE a = 2 RETURNING a, c;
-- @mysql8: a table alias in a single-table DELETE is MySQL 8.0.16+ (MariaDB 11.6+)
DELETE FROM t1 AS x WHERE x.a = 3;

-- § CREATE TABLE: data types
CREATE TABLE ty_numeric (a TINYINT, b SMALLINT, c MEDIUMINT, d INT, e INTEGER, f BIGINT, g TINYINT UNSIGNED, h INT(11) UNSIGNED ZEROFILL, i BIGINT SIGNED, j DECIMAL(10, 2), k DEC(8), l NUMERIC(6, 3), m FIXED(5, 1), n FLOAT, o FLOAT(7, 3), p DOUBLE, q DOUBLE PRECISION, r REAL, s BIT(3), t BOOL, u BOOLEAN, v SERIAL);
CREATE TABLE ty_int_synonyms (a INT1, b INT2, c INT3, d INT4, e INT8, f MIDDLEINT, g FLOAT4, h FLOAT8, i DOUBLE(10, 2) UNSIGNED);
CREATE TABLE ty_temporal (a DATE, b TIME, c TIME(3), d DATETIME, e DATETIME(6), f TIMESTAMP NULL, g TIMESTAMP(6) NULL, h YEAR, i YEAR(4));
CREATE TABLE ty_string (a CHAR, b CHAR(10), c VARCHAR(255), d BINARY(16), e VARBINARY(64), f TINYTEXT, g TEXT, h MEDIUMTEXT, i LONGTEXT, j TINYBLOB, k BLOB, l MEDIUMBLOB, m LONGBLOB, n TEXT(1000), o NATIONAL CHAR(3), p NCHAR(3), q NATIONAL VARCHAR(10), r NVARCHAR(10), s CHARACTER VARYING(5), t LONG VARCHAR);
CREATE TABLE ty_enum_set (a ENUM('x', 'y', 'z') NOT NULL DEFAULT 'x', b SET('r', 'w', 'x'), c ENUM('a''b', 'c') CHARACTER SET latin1);
CREATE TABLE ty_json_spatial (a JSON, b GEOMETRY, c POINT, d LINESTRING, e POLYGON, f MULTIPOINT, g MULTILINESTRING, h MULTIPOLYGON, i GEOMETRYCOLLECTION);
CREATE TABLE ty_charset (a CHAR(10) BINARY, b VARCHAR(10) CHARACTER SET latin1 COLLATE latin1_bin, c TEXT CHARSET utf8mb4 COLLATE utf8mb4_unicode_ci, d VARCHAR(10) CHARACTER SET utf8mb3, e VARCHAR(10) COLLATE utf8mb4_bin, f VARCHAR(10) CHARACTER SET ascii BINARY, g CHAR(3) ASCII, h CHAR(3) UNICODE, i CHAR(5) BYTE);
-- @mysql8: utf8mb4_0900_ai_ci and the other 0900 collations are MySQL 8's
CREATE TABLE ty_charset8 (a VARCHAR(10) COLLATE utf8mb4_0900_ai_ci, b VARCHAR(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_0900_as_cs) DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;

-- § CREATE TABLE: column attributes
CREATE TABLE col_attr (id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY, code VARCHAR(20) NOT NULL UNIQUE KEY, label VARCHAR(50) NULL DEFAULT NULL COMMENT 'shown to users', qty INT NOT NULL DEFAULT 0, price DECIMAL(10, 2) DEFAULT '0.00', created TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP, updated TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP, seen DATETIME(3) DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3));
CREATE TABLE col_attr2 (id BIGINT NOT NULL KEY, a INT DEFAULT (1 + 1), b VARCHAR(36) DEFAULT (UUID()), e INT UNIQUE, f INT CHECK (f > 0), h INT REFERENCES customers (id));
-- @mysql8: a named CHECK constraint in a column definition is MySQL 8.0.16+
CREATE TABLE col_check_named (id INT PRIMARY KEY, g INT CONSTRAINT g_positive CHECK (g >= 0));
-- @mysql8: COLUMN_FORMAT is MySQL 8 syntax (NDB)
CREATE TABLE col_format (id INT PRIMARY KEY, c INT COLUMN_FORMAT FIXED, d INT COLUMN_FORMAT DYNAMIC, e INT COLUMN_FORMAT DEFAULT);
CREATE TABLE col_invisible (id INT PRIMARY KEY, secret VARCHAR(10) INVISIBLE);
-- @mysql8: column STORAGE is MySQL 8 syntax (NDB)
CREATE TABLE col_storage (id INT PRIMARY KEY, a INT STORAGE DISK, b INT STORAGE MEMORY);
CREATE TABLE col_generated (id INT PRIMARY KEY, price DECIMAL(10, 2), qty INT, amount DECIMAL(12, 2) GENERATED ALWAYS AS (price * qty) STORED, label VARCHAR(40) AS (CONCAT('#', id)) VIRTUAL, doubled INT AS (qty * 2), tripled INT GENERATED ALWAYS AS (qty * 3) VIRTUAL COMMENT 'computed', KEY idx_amount (amount));
-- @mariadb: PERSISTENT is MariaDB's synonym of STORED
CREATE TABLE col_persistent (id INT PRIMARY KEY, qty INT, twice INT AS (qty * 2) PERSISTENT);
-- @mysql8: a SRID on a spatial column is MySQL 8.0.3+
CREATE TABLE col_srid (id INT PRIMARY KEY, pos POINT NOT NULL SRID 4326);
-- @mariadb: REF_SYSTEM_ID is MariaDB's column SRID, as mariadb-dump prints it (beside MySQL 8's, which MariaDB skips)
CREATE TABLE col_ref_system_id (id INT PRIMARY KEY, pos GEOMETRY /*M! REF_SYSTEM_ID=4326 */ NOT NULL /*!80003 SRID 4326 */, area POLYGON REF_SYSTEM_ID = 3857);

-- § CREATE TABLE: keys, indexes and constraints
CREATE TABLE k_primary (a INT, b INT, PRIMARY KEY (a, b));
CREATE TABLE k_primary_named (a INT NOT NULL, CONSTRAINT pk_k PRIMARY KEY (a));
CREATE TABLE k_primary_index_name (a INT NOT NULL, PRIMARY KEY pk_name (a));
CREATE TABLE k_primary_using (a INT NOT NULL, PRIMARY KEY USING BTREE (a));
CREATE TABLE k_keys (a INT, b VARCHAR(100), c TEXT, d INT, KEY (a), INDEX idx_b (b(10)), KEY idx_ab USING BTREE (a, b DESC), UNIQUE idx_d (d), UNIQUE KEY uq_ad (a, d), UNIQUE INDEX uq_b USING HASH (b), CONSTRAINT uq_named UNIQUE KEY (d, a), FULLTEXT INDEX ft_c (c), FULLTEXT (b, c));
CREATE TABLE k_index_options (a INT, b VARCHAR(20), KEY idx_a (a) COMMENT 'for lookups', KEY idx_b (b) KEY_BLOCK_SIZE = 8);
CREATE TABLE k_spatial (id INT PRIMARY KEY, g GEOMETRY NOT NULL, SPATIAL KEY sp_g (g));
-- @mysql8: invisible indexes are MySQL 8 (MariaDB 10.6 writes IGNORED)
CREATE TABLE k_invisible (a INT, KEY idx_a (a) INVISIBLE, KEY idx_a2 (a) VISIBLE);
-- @mariadb: IGNORED indexes are MariaDB 10.6+
CREATE TABLE k_ignored (a INT, KEY idx_a (a) IGNORED);
-- @mysql8: functional key parts are MySQL 8.0.13+
CREATE TABLE k_functional (a INT, b INT, c JSON, KEY idx_sum ((a + b)), KEY idx_json ((CAST(c->>'$.x' AS CHAR(10)))));
CREATE TABLE k_foreign (id INT PRIMARY KEY, customer_id INT NOT NULL, other INT, CONSTRAINT fk_customer FOREIGN KEY (customer_id) REFERENCES customers (id) ON DELETE CASCADE ON UPDATE RESTRICT, FOREIGN KEY fk_other (other) REFERENCES products (id) ON DELETE SET NULL ON UPDATE NO ACTION);
CREATE TABLE k_foreign_match (id INT PRIMARY KEY, parent INT, FOREIGN KEY (parent) REFERENCES customers (id) MATCH FULL ON DELETE NO ACTION);
CREATE TABLE k_checks (a INT, b INT, CHECK (a < b), CONSTRAINT ck_a CHECK (a > 0), CONSTRAINT ck_b CHECK (b IS NOT NULL));
-- @mysql8: NOT ENFORCED checks are MySQL 8.0.16+
CREATE TABLE k_checks_enforced (a INT, CONSTRAINT ck_lazy CHECK (a > 0) NOT ENFORCED, CHECK (a < 100) ENFORCED);

-- § CREATE TABLE: table options
CREATE TABLE opt_engine (id INT PRIMARY KEY) ENGINE = InnoDB;
CREATE TABLE opt_many (id INT PRIMARY KEY) ENGINE=InnoDB AUTO_INCREMENT=100 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci ROW_FORMAT=DYNAMIC COMMENT='many options';
CREATE TABLE opt_spaces (id INT PRIMARY KEY) ENGINE InnoDB, CHARACTER SET utf8mb4, COLLATE utf8mb4_bin, COMMENT 'commas between';
CREATE TABLE opt_stats (id INT PRIMARY KEY) STATS_PERSISTENT=1 STATS_AUTO_RECALC=0 STATS_SAMPLE_PAGES=25 PACK_KEYS=DEFAULT CHECKSUM=1 DELAY_KEY_WRITE=0 AVG_ROW_LENGTH=100 MAX_ROWS=1000 MIN_ROWS=10;
CREATE TABLE opt_compressed (id INT PRIMARY KEY, body TEXT) ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE=8;
CREATE TABLE opt_myisam (id INT PRIMARY KEY, body TEXT) ENGINE=MyISAM DEFAULT CHARACTER SET latin1;
CREATE TABLE opt_memory (id INT PRIMARY KEY, KEY USING HASH (id)) ENGINE=MEMORY;
CREATE TABLE opt_charset_utf8 (id INT) CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci;
-- @mariadb: PAGE_COMPRESSED and the other InnoDB page options are MariaDB's
CREATE TABLE opt_page_compressed (id INT PRIMARY KEY) ENGINE=InnoDB PAGE_COMPRESSED=1;
CREATE TEMPORARY TABLE opt_temp (id INT);
CREATE TABLE IF NOT EXISTS customers (id INT);
-- @mariadb: CREATE OR REPLACE TABLE is MariaDB 10.0+
CREATE OR REPLACE TABLE opt_replace (id INT);
-- @mariadb: system-versioned tables are MariaDB 10.3+
CREATE TABLE opt_versioned (id INT PRIMARY KEY, v INT) WITH SYSTEM VERSIONING;

-- § CREATE TABLE: partitioning
CREATE TABLE part_range (id INT, d DATE) PARTITION BY RANGE (YEAR(d)) (PARTITION p0 VALUES LESS THAN (2000), PARTITION p1 VALUES LESS THAN (2010), PARTITION p2 VALUES LESS THAN MAXVALUE);
CREATE TABLE part_range_columns (a INT, b CHAR(2)) PARTITION BY RANGE COLUMNS (a, b) (PARTITION p0 VALUES LESS THAN (10, 'm'), PARTITION p1 VALUES LESS THAN (MAXVALUE, MAXVALUE));
CREATE TABLE part_list (id INT, region INT) PARTITION BY LIST (region) (PARTITION pn VALUES IN (1, 2), PARTITION ps VALUES IN (3, 4));
CREATE TABLE part_list_columns (id INT, country CHAR(2)) PARTITION BY LIST COLUMNS (country) (PARTITION pa VALUES IN ('CN', 'JP'), PARTITION pe VALUES IN ('DE', 'FR'));
CREATE TABLE part_hash (id INT) PARTITION BY HASH (id) PARTITIONS 4;
CREATE TABLE part_linear (id INT) PARTITION BY LINEAR HASH (id) PARTITIONS 3;
CREATE TABLE part_key (id INT PRIMARY KEY) PARTITION BY KEY () PARTITIONS 2;
CREATE TABLE part_key_algo (id INT) PARTITION BY LINEAR KEY ALGORITHM=2 (id) PARTITIONS 2;
CREATE TABLE part_sub (id INT, d DATE) PARTITION BY RANGE (YEAR(d)) SUBPARTITION BY HASH (TO_DAYS(d)) SUBPARTITIONS 2 (PARTITION p0 VALUES LESS THAN (2000), PARTITION p1 VALUES LESS THAN MAXVALUE);
CREATE TABLE part_sub_named (id INT, d DATE) PARTITION BY RANGE (YEAR(d)) SUBPARTITION BY KEY (id) (PARTITION p0 VALUES LESS THAN (2000) (SUBPARTITION s0, SUBPARTITION s1), PARTITION p1 VALUES LESS THAN MAXVALUE (SUBPARTITION s2, SUBPARTITION s3));
CREATE TABLE part_options (id INT) ENGINE=InnoDB PARTITION BY RANGE (id) (PARTITION p0 VALUES LESS THAN (100) ENGINE = InnoDB COMMENT = 'small', PARTITION p1 VALUES LESS THAN MAXVALUE);

-- § CREATE TABLE ... LIKE and CREATE TABLE ... SELECT
CREATE TABLE like_customers LIKE customers;
CREATE TABLE like_paren (LIKE orders);
CREATE TABLE as_select AS SELECT id, name FROM customers WHERE city = 'Shanghai';
CREATE TABLE as_select2 SELECT * FROM t1;
CREATE TABLE as_select_cols (extra INT DEFAULT 0, PRIMARY KEY (a)) SELECT a, b FROM t1 WHERE a IS NOT NULL;
CREATE TABLE as_select_ignore (a INT PRIMARY KEY) IGNORE SELECT a FROM t2;
CREATE TABLE as_select_replace (a INT PRIMARY KEY) REPLACE SELECT a FROM t2;

-- § CREATE INDEX Statement
CREATE INDEX ix_city ON customers (city);
CREATE UNIQUE INDEX ix_email ON customers (email);
CREATE INDEX ix_prefix ON customers (name(10), city DESC);
CREATE INDEX ix_using USING BTREE ON orders (status, created_at);
CREATE INDEX ix_using_after ON orders (shipped_on) USING BTREE;
CREATE INDEX ix_options ON orders (total) COMMENT 'by total' ALGORITHM = INPLACE LOCK = NONE;
CREATE INDEX ix_block ON orders (note(20)) KEY_BLOCK_SIZE 8;
CREATE FULLTEXT INDEX ix_fulltext ON orders (note);
CREATE SPATIAL INDEX ix_spatial ON places (pos);
-- @mysql8: functional key parts are MySQL 8.0.13+
CREATE INDEX ix_functional ON orders ((YEAR(created_at)), (total * 2));
-- @mysql8: invisible indexes are MySQL 8
CREATE INDEX ix_invisible ON orders (shipped_on, status) INVISIBLE;
-- @mariadb: CREATE INDEX IF NOT EXISTS and OR REPLACE are MariaDB's
CREATE INDEX IF NOT EXISTS ix_city ON customers (city);
-- @mariadb: CREATE INDEX IF NOT EXISTS and OR REPLACE are MariaDB's
CREATE OR REPLACE INDEX ix_city ON customers (city, country);

-- § Comments: executable comments (the server runs the code inside)
SELECT id FROM customers /*!50000 WHERE id > 1 */;
SELECT /*!40001 SQL_NO_CACHE */ id FROM customers /*M!100100 WHERE id > 1 */;
SELECT /*!STRAIGHT_JOIN*/ c.id FROM customers c JOIN orders o ON o.customer_id = c.id;

-- § SELECT Statement: variables, INTO, and forms of older scripts
SELECT COUNT(DISTINCT city, country) FROM customers;
SELECT @total := SUM(total) FROM orders;
SELECT id INTO @first_id FROM orders ORDER BY id LIMIT 1;
SELECT id, status FROM orders ORDER BY id LIMIT 1 INTO @first_id, @first_status;
SELECT customer_id, COUNT(*) FROM orders GROUP BY customer_id ORDER BY NULL;
SELECT a IS UNKNOWN, (a > 1) IS NOT UNKNOWN FROM t1;
SELECT CHAR(77, 121 USING ascii), CONVERT('abc' USING latin1), CAST('x' AS CHAR(3) CHARACTER SET utf8mb4);
INSERT INTO t1 SET a = 5, b = DEFAULT(b), c = 'z';

-- § Keywords as names: words MariaDB does not reserve as columns and aliases
SELECT id, status, type, year, value, position, level, comment, date FROM keyword_names WHERE status = 'a' AND type IN ('x') ORDER BY position, level;
SELECT COUNT(*) AS count, MAX(year) AS year, MIN(date) AS date, boolean, minus FROM keyword_names GROUP BY boolean, minus;
CREATE TABLE keyword_columns (id INT PRIMARY KEY, status VARCHAR(10), type INT, boolean BOOLEAN, minus INT, KEY k_status (status, boolean));
SELECT sql_cache.id, boolean.status FROM keyword_names sql_cache JOIN keyword_names boolean ON boolean.id = sql_cache.id WHERE sql_cache.id = 1;
-- @mariadb: MySQL 8 reserves RANK, ROW, OF, GET, STORED, VIRTUAL, GENERATED, LAST_VALUE and FUNCTION; MariaDB 10.11 does not
SELECT k.row, k.of, get, function, stored, virtual, persistent, COUNT(*) AS generated, MAX(rank) AS last_value FROM keyword_names AS k WHERE row > 0 GROUP BY k.row, k.of, get, function, stored, virtual, persistent;
-- @mariadb: MySQL 8 reserves ROW, STORED, VIRTUAL, OF and RANK
UPDATE keyword_names SET row = 1, stored = 2, virtual = 3 WHERE of = 4 AND rank = 5;
-- @mariadb: MySQL 8 reserves ROW, OF and STORED; PERSISTENT is MariaDB's word for STORED
CREATE TABLE keyword_generated (id INT PRIMARY KEY, row INT, of INT GENERATED ALWAYS AS (row * 2) VIRTUAL, stored INT AS (row + 1) PERSISTENT, KEY k_row (row, of));

-- § SHOW CREATE TABLE and mysqldump output: MariaDB 10.11, MySQL 5.7 and 8.0
CREATE TABLE `dump_mariadb` (
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `name` varchar(64) NOT NULL,
  `login` varchar(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  `city` varchar(40) DEFAULT NULL COMMENT 'city; may be "unknown"',
  `created` datetime(3) NOT NULL DEFAULT current_timestamp(3) ON UPDATE current_timestamp(3),
  `flags` set('vip','blocked') DEFAULT NULL,
  `data` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL CHECK (json_valid(`data`)),
  `total_cents` bigint(20) GENERATED ALWAYS AS (`id` * 100) VIRTUAL,
  `active` tinyint(1) NOT NULL DEFAULT 1,
  `bits` bit(1) DEFAULT b'0',
  `ref` char(36) DEFAULT uuid(),
  `hidden` int(11) DEFAULT NULL INVISIBLE,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk_login` (`login`),
  KEY `idx_city_created` (`city`,`created`),
  KEY `idx_name` (`name`(10)),
  CONSTRAINT `fk_dump_customer` FOREIGN KEY (`id`) REFERENCES `customers` (`id`) ON DELETE CASCADE,
  CONSTRAINT `ck_active` CHECK (`active` in (0,1))
) ENGINE=InnoDB AUTO_INCREMENT=1001 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci COMMENT='customers';
CREATE TABLE `dump_mysql57` (
  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,
  `d` date NOT NULL,
  `note` text CHARACTER SET utf8 COLLATE utf8_unicode_ci,
  `price` decimal(10,2) unsigned zerofill DEFAULT '0000000.00',
  PRIMARY KEY (`id`,`d`),
  KEY `idx_d` (`d`) USING BTREE
) ENGINE=InnoDB DEFAULT CHARSET=latin1 ROW_FORMAT=DYNAMIC
/*!50100 PARTITION BY RANGE (year(`d`))
(PARTITION p0 VALUES LESS THAN (2000) ENGINE = InnoDB,
 PARTITION p1 VALUES LESS THAN MAXVALUE ENGINE = InnoDB) */;
-- @mysql8: utf8mb4_0900_ai_ci, SRID and functional key parts are MySQL 8's (and MariaDB runs /*!80000 INVISIBLE */ on an index, which it refuses)
CREATE TABLE `dump_mysql8` (
  `id` int unsigned NOT NULL AUTO_INCREMENT,
  `name` varchar(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_0900_ai_ci NOT NULL,
  `created_at` timestamp NULL DEFAULT CURRENT_TIMESTAMP,
  `updated_at` timestamp NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  `doc` json DEFAULT NULL,
  `code` varbinary(16) DEFAULT (uuid_to_bin(uuid())),
  `amount` decimal(12,2) GENERATED ALWAYS AS ((`id` * 2)) STORED,
  `secret` varchar(10) DEFAULT NULL /*!80023 INVISIBLE */,
  `pos` point NOT NULL /*!80003 SRID 4326 */,
  PRIMARY KEY (`id`),
  KEY `idx_name` (`name`) /*!80000 INVISIBLE */,
  KEY `idx_year` ((year(`created_at`))),
  CONSTRAINT `ck_id` CHECK ((`id` > 0)) /*!80016 NOT ENFORCED */
) ENGINE=InnoDB AUTO_INCREMENT=3 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;
CREATE TABLE `dump_mysql8_utf8mb3` (`id` int NOT NULL, `c` varchar(10) CHARACTER SET utf8mb3 COLLATE utf8mb3_bin DEFAULT NULL, PRIMARY KEY (`id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb3;
CREATE TABLE `dump_memory` (`id` int(11) NOT NULL, KEY `idx_id` (`id`) USING HASH) ENGINE=MEMORY DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci;
CREATE TABLE `dump_legacy` (
  `id` int(11) NOT NULL DEFAULT '0',
  `d` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  `t` timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP COMMENT 'changed',
  `body` text COLLATE utf8mb3_bin NOT NULL,
  `title` varchar(200) CHARACTER SET utf8 COLLATE utf8_bin DEFAULT '' COMMENT 'title',
  `f` float(7,4) unsigned DEFAULT NULL,
  `e` enum('a','b') CHARACTER SET latin1 NOT NULL DEFAULT 'a',
  PRIMARY KEY (`id`) USING BTREE,
  UNIQUE KEY `uk_title` (`title`(50)) USING BTREE COMMENT 'unique',
  KEY `idx_d_t` (`d`,`t`) KEY_BLOCK_SIZE=8,
  FULLTEXT KEY `ft_body` (`body`)
) ENGINE=MyISAM AUTO_INCREMENT=5 DEFAULT CHARSET=utf8 COLLATE=utf8_bin ROW_FORMAT=COMPACT COMMENT='legacy table';
CREATE TABLE `dump_key_partitions` (`id` int NOT NULL, PRIMARY KEY (`id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4
/*!50100 PARTITION BY KEY (id)
PARTITIONS 4 */;
-- @mysql8: the ngram full-text parser is MySQL's (MariaDB has no such plugin)
CREATE TABLE `dump_ngram` (`b` text, FULLTEXT KEY `ft_b` (`b`) /*!50100 WITH PARSER `ngram` */ ) ENGINE=InnoDB;
-- @mariadb: Aria's PAGE_CHECKSUM and TRANSACTIONAL are MariaDB's
CREATE TABLE `dump_aria` (`id` int(11) NOT NULL, PRIMARY KEY (`id`)) ENGINE=Aria DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci PAGE_CHECKSUM=1 TRANSACTIONAL=1;

-- § CREATE TABLE: more table options and column attributes
CREATE TABLE opt_commas (id INT PRIMARY KEY) STATS_PERSISTENT=1, ENGINE=InnoDB, PACK_KEYS=0, COMMENT='options, with commas';
CREATE TABLE opt_more (id INT PRIMARY KEY) ENGINE=InnoDB STATS_PERSISTENT=DEFAULT INSERT_METHOD=NO;
CREATE TABLE opt_union (id INT) ENGINE=MERGE UNION=(t1, t2) INSERT_METHOD=LAST;
CREATE TABLE opt_tablespace (id INT PRIMARY KEY) TABLESPACE innodb_system;
-- @mysql8: ENCRYPTION is MySQL 8's (MariaDB writes ENCRYPTED)
CREATE TABLE opt_encryption (id INT PRIMARY KEY) ENCRYPTION='N';
-- @mysql8: AUTOEXTEND_SIZE is MySQL 8.0.23+
CREATE TABLE opt_autoextend (id INT PRIMARY KEY) AUTOEXTEND_SIZE=4M;
-- @mariadb: ENCRYPTED is MariaDB's
CREATE TABLE opt_encrypted (id INT PRIMARY KEY) ENGINE=InnoDB ENCRYPTED=NO;
-- @mariadb: SEQUENCE is MariaDB's
CREATE TABLE opt_sequence (id INT PRIMARY KEY) ENGINE=InnoDB SEQUENCE=0;
CREATE TABLE col_ref_unnamed (id INT PRIMARY KEY, c INT, CONSTRAINT FOREIGN KEY (c) REFERENCES customers (id));
CREATE TABLE col_default_expr (id INT PRIMARY KEY, a DATETIME DEFAULT NOW(), b DATE DEFAULT (CURRENT_DATE), c VARCHAR(10) DEFAULT 'x' COLLATE latin1_bin, d BLOB DEFAULT ('abc'), e JSON DEFAULT (JSON_ARRAY()));
CREATE TABLE col_serial_default (id INT PRIMARY KEY, a BIGINT UNSIGNED SERIAL DEFAULT VALUE);
CREATE TABLE col_national (a NATIONAL CHARACTER VARYING(10), b NCHAR VARCHAR(10), c CHAR(3) CHARACTER SET binary, d LONG, e LONG VARBINARY);
-- @mariadb: INET6, INET4 and UUID are MariaDB 10.5-10.10 types
CREATE TABLE col_mariadb_types (a INET6, b UUID, c INET4);
