-- Grammar coverage corpus, PostgreSQL: the SELECT, VALUES, TABLE, WITH, INSERT, UPDATE, DELETE, MERGE, CREATE TABLE and
-- CREATE INDEX syntax and the value expressions, literals and functions of the PostgreSQL 15-18 manual, written for
-- SQLTune (issue 11); statements run against the tables of postgresql-setup.sql. Each statement is valid on
-- PostgreSQL 15 and later except those marked:
--   -- @pg16: <why>  (@pg17, @pg18)   syntax newer than PostgreSQL 15 (databases.test.ts runs them on PGlite, PostgreSQL 18)
-- `-- § <title>` names the manual section the statements after it come from.

-- § SELECT: select list and DISTINCT
SELECT 1;
SELECT 1 AS one, 'x' AS "Quoted Alias", 2 two;
SELECT * FROM customers;
SELECT customers.* FROM customers;
SELECT c.id, c.name AS customer_name FROM customers AS c;
SELECT c.* , o.id FROM customers c, orders o WHERE o.customer_id = c.id;
SELECT DISTINCT city FROM customers;
SELECT ALL city FROM customers;
SELECT DISTINCT ON (customer_id) customer_id, id, total FROM orders ORDER BY customer_id, created_at DESC;
SELECT DISTINCT ON (city, country) city, country, name FROM customers ORDER BY city, country, name;
SELECT FROM customers;
SELECT "id", "name" FROM "customers" WHERE "city" = 'Berlin';
SELECT id FROM public.customers;
SELECT a.id, a.owner FROM app.accounts a;
SELECT id FROM ONLY parents;
SELECT id FROM parents *;
SELECT name FROM customers WHERE id = 1 AND (city = 'Berlin' OR city IS NULL);
SELECT * INTO TEMP TABLE big_orders FROM orders WHERE total > 100;
SELECT id, name INTO UNLOGGED customer_names FROM customers;

-- § SELECT: WITH queries (common table expressions)
WITH paid AS (SELECT * FROM orders WHERE status = 'paid') SELECT customer_id, sum(total) FROM paid GROUP BY customer_id;
WITH a AS (SELECT 1 AS x), b AS (SELECT x + 1 AS y FROM a) SELECT * FROM a CROSS JOIN b;
WITH totals (customer_id, amount) AS (SELECT customer_id, sum(total) FROM orders GROUP BY customer_id) SELECT * FROM totals WHERE amount > 10;
WITH RECURSIVE seq (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 10) SELECT n FROM seq;
WITH RECURSIVE chain AS (SELECT id, manager_id, name, 1 AS depth FROM employees WHERE manager_id IS NULL UNION ALL SELECT e.id, e.manager_id, e.name, chain.depth + 1 FROM employees e JOIN chain ON e.manager_id = chain.id) SELECT * FROM chain ORDER BY depth;
WITH RECURSIVE tree AS (SELECT id, manager_id FROM employees WHERE manager_id IS NULL UNION ALL SELECT e.id, e.manager_id FROM employees e JOIN tree t ON e.manager_id = t.id) SEARCH DEPTH FIRST BY id SET ordercol SELECT * FROM tree ORDER BY ordercol;
WITH RECURSIVE tree AS (SELECT id, manager_id FROM employees WHERE manager_id IS NULL UNION ALL SELECT e.id, e.manager_id FROM employees e JOIN tree t ON e.manager_id = t.id) SEARCH BREADTH FIRST BY id SET ordercol SELECT * FROM tree ORDER BY ordercol;
WITH RECURSIVE walk AS (SELECT id, manager_id FROM employees UNION ALL SELECT e.id, e.manager_id FROM employees e JOIN walk w ON e.id = w.manager_id) CYCLE id SET is_cycle USING path SELECT * FROM walk;
WITH RECURSIVE walk AS (SELECT id, manager_id FROM employees UNION ALL SELECT e.id, e.manager_id FROM employees e JOIN walk w ON e.id = w.manager_id) CYCLE id SET is_cycle TO true DEFAULT false USING path SELECT * FROM walk;
WITH m AS MATERIALIZED (SELECT * FROM orders) SELECT * FROM m WHERE id = 1;
WITH m AS NOT MATERIALIZED (SELECT * FROM orders) SELECT * FROM m WHERE id = 1;
WITH moved AS (DELETE FROM t1 WHERE a > 2 RETURNING *) INSERT INTO t2 SELECT * FROM moved;
WITH upd AS (UPDATE orders SET status = 'paid' WHERE status = 'new' RETURNING id) SELECT count(*) FROM upd;
WITH ins AS (INSERT INTO t1 VALUES (9, 90, 'n') RETURNING a) SELECT a FROM ins;
SELECT * FROM (WITH x AS (SELECT 2 AS v) SELECT v FROM x) AS d;
SELECT (WITH x AS (SELECT 3 AS v) SELECT v FROM x) AS scalar;

-- § SELECT: FROM clause, joins
SELECT * FROM customers c JOIN orders o ON o.customer_id = c.id;
SELECT * FROM customers c INNER JOIN orders o ON o.customer_id = c.id;
SELECT * FROM customers c LEFT JOIN orders o ON o.customer_id = c.id;
SELECT * FROM customers c LEFT OUTER JOIN orders o ON o.customer_id = c.id WHERE o.id IS NULL;
SELECT * FROM orders o RIGHT JOIN customers c ON o.customer_id = c.id;
SELECT * FROM orders o RIGHT OUTER JOIN customers c ON o.customer_id = c.id;
SELECT * FROM t1 FULL JOIN t2 ON t1.a = t2.a;
SELECT * FROM t1 FULL OUTER JOIN t2 ON t1.a = t2.a AND t1.c = t2.c;
SELECT * FROM customers CROSS JOIN products;
SELECT * FROM customers c CROSS JOIN products p;
SELECT * FROM t1 JOIN t2 USING (a);
SELECT * FROM t1 LEFT JOIN t2 USING (a, c);
SELECT j.a, t1.b FROM t1 JOIN t2 USING (a) AS j;
SELECT * FROM t1 NATURAL JOIN t2;
SELECT * FROM t1 NATURAL LEFT JOIN t2;
SELECT * FROM t1 NATURAL FULL OUTER JOIN t2;
SELECT * FROM t1 NATURAL INNER JOIN t2;
SELECT * FROM customers c, orders o, order_items i WHERE o.customer_id = c.id AND i.order_id = o.id;
SELECT * FROM customers c JOIN (orders o JOIN order_items i ON i.order_id = o.id) ON o.customer_id = c.id;
SELECT * FROM (t1 JOIN t2 USING (a)) AS j (a, b1, c1, b2, c2);
SELECT * FROM customers c JOIN orders o ON o.customer_id = c.id JOIN order_items i ON i.order_id = o.id LEFT JOIN products p ON p.id = i.product_id;
SELECT * FROM t1 JOIN t2 ON TRUE;

-- § SELECT: derived tables, LATERAL, functions in FROM, TABLESAMPLE
SELECT d.city, d.n FROM (SELECT city, count(*) AS n FROM customers GROUP BY city) AS d WHERE d.n > 0;
SELECT * FROM (SELECT 1, 2) AS d (x, y);
SELECT * FROM (SELECT 1, 2) d (x);
-- @pg16: a subquery in FROM without an alias is PostgreSQL 16+
SELECT * FROM (SELECT 1 AS x);
SELECT c.name, last.total FROM customers c, LATERAL (SELECT total FROM orders o WHERE o.customer_id = c.id ORDER BY created_at DESC LIMIT 1) AS last;
SELECT c.name, s.n FROM customers c LEFT JOIN LATERAL (SELECT count(*) AS n FROM orders o WHERE o.customer_id = c.id) s ON true;
SELECT c.name, s.n FROM customers c CROSS JOIN LATERAL (SELECT count(*) AS n FROM orders o WHERE o.customer_id = c.id) s;
SELECT * FROM generate_series(1, 5);
SELECT * FROM generate_series(1, 5) AS g (n);
SELECT g.n FROM generate_series(1, 10, 2) g(n) WHERE g.n > 3;
SELECT * FROM generate_series('2024-01-01'::date, '2024-01-07'::date, interval '1 day') AS d;
SELECT * FROM unnest(ARRAY[10, 20, 30]) WITH ORDINALITY AS u (value, position);
SELECT * FROM unnest(ARRAY[1, 2], ARRAY['a', 'b', 'c']) AS u (n, s);
SELECT * FROM ROWS FROM (generate_series(1, 3), unnest(ARRAY['a', 'b'])) AS r (n, s);
SELECT * FROM ROWS FROM (generate_series(1, 3), generate_series(10, 11)) WITH ORDINALITY AS r (a, b, o);
SELECT c.id, t.tag FROM customers c, LATERAL unnest(c.tags) AS t (tag);
SELECT c.id, t.tag FROM customers c CROSS JOIN unnest(c.tags) t(tag);
SELECT key, value FROM customers, jsonb_each(profile) WHERE profile IS NOT NULL;
SELECT * FROM jsonb_to_recordset('[{"a": 1, "b": "x"}]') AS r (a int, b text);
SELECT * FROM json_to_record('{"a": 1}') AS r (a int);
SELECT * FROM customers TABLESAMPLE SYSTEM (50);
SELECT * FROM customers TABLESAMPLE BERNOULLI (50) REPEATABLE (42);
SELECT * FROM customers AS c TABLESAMPLE BERNOULLI (10.5) WHERE c.city IS NOT NULL;
SELECT * FROM (VALUES (1, 'one'), (2, 'two')) AS v (n, word);
SELECT * FROM (VALUES (1), (2)) v;
SELECT * FROM ((SELECT a FROM t1) UNION (SELECT a FROM t2)) AS u;

-- § Subquery Expressions and Row and Array Comparisons
SELECT name, (SELECT count(*) FROM orders o WHERE o.customer_id = c.id) AS order_count FROM customers c;
SELECT * FROM customers WHERE id IN (SELECT customer_id FROM orders);
SELECT * FROM customers WHERE id NOT IN (SELECT customer_id FROM orders WHERE status = 'new');
SELECT * FROM customers c WHERE EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id);
SELECT * FROM customers c WHERE NOT EXISTS (SELECT FROM orders o WHERE o.customer_id = c.id);
SELECT * FROM orders WHERE total > ALL (SELECT price FROM products);
SELECT * FROM orders WHERE total > ANY (SELECT price FROM products);
SELECT * FROM orders WHERE total = SOME (SELECT price FROM products);
SELECT * FROM t1 WHERE a = ANY (ARRAY[1, 2, 3]);
SELECT * FROM t1 WHERE a <> ALL ('{1,2}'::int[]);
SELECT * FROM t1 WHERE c LIKE ANY (ARRAY['x%', 'y%']);
SELECT * FROM t1 WHERE (a, b) = (SELECT a, b FROM t2 LIMIT 1);
SELECT * FROM t1 WHERE (a, c) IN (SELECT a, c FROM t2);
SELECT * FROM t1 WHERE ROW(a, b) = ROW(1, 10);
SELECT * FROM t1 WHERE (a, b) > (1, 5);
SELECT * FROM t1 WHERE (a, b) IS DISTINCT FROM (1, 10);
SELECT * FROM t1 WHERE ROW(a, b) IS NULL;
SELECT ARRAY(SELECT id FROM customers ORDER BY id);
SELECT * FROM orders WHERE total > (SELECT avg(total) FROM orders);

-- § Combining Queries: UNION, INTERSECT, EXCEPT
SELECT a FROM t1 UNION SELECT a FROM t2;
SELECT a FROM t1 UNION ALL SELECT a FROM t2;
SELECT a FROM t1 UNION DISTINCT SELECT a FROM t2;
SELECT a FROM t1 INTERSECT SELECT a FROM t2;
SELECT a FROM t1 INTERSECT ALL SELECT a FROM t2;
SELECT a FROM t1 EXCEPT SELECT a FROM t2;
SELECT a FROM t1 EXCEPT ALL SELECT a FROM t2;
(SELECT a FROM t1 ORDER BY a LIMIT 2) UNION (SELECT a FROM t2 ORDER BY a DESC LIMIT 1);
(SELECT a FROM t1) UNION ALL (SELECT a FROM t2) ORDER BY a LIMIT 3;
SELECT a FROM t1 UNION SELECT a FROM t2 ORDER BY a DESC LIMIT 2;
SELECT a FROM t1 UNION (SELECT a FROM t2 INTERSECT SELECT a FROM t1);
((SELECT a FROM t1) UNION (SELECT a FROM t2)) EXCEPT (SELECT 3);
SELECT a FROM t1 UNION ALL SELECT b FROM t2 UNION SELECT 7;
SELECT a FROM t1 UNION ALL SELECT a FROM t2 INTERSECT SELECT a FROM t1;

-- § SELECT: GROUP BY, grouping sets, HAVING
SELECT city, count(*) FROM customers GROUP BY city;
SELECT city, country, count(*) AS n FROM customers GROUP BY city, country HAVING count(*) > 0;
SELECT customer_id, sum(total) FROM orders GROUP BY customer_id HAVING sum(total) > 20 AND count(*) >= 1;
SELECT extract(year FROM created_at) AS y, count(*) FROM orders GROUP BY 1;
SELECT status, count(*) FROM orders GROUP BY 1 ORDER BY 2 DESC;
SELECT country, city, sum(balance) FROM customers GROUP BY ROLLUP (country, city);
SELECT country, city, sum(balance) FROM customers GROUP BY CUBE (country, city);
SELECT country, city, sum(balance) FROM customers GROUP BY GROUPING SETS ((country, city), (country), ());
SELECT country, city, sum(balance) FROM customers GROUP BY GROUPING SETS (country, city);
SELECT country, city, grouping(country, city), sum(balance) FROM customers GROUP BY country, ROLLUP (city);
SELECT country, city, sum(balance) FROM customers GROUP BY ROLLUP ((country, city), email);
SELECT country, city, sum(balance) FROM customers GROUP BY DISTINCT ROLLUP (country, city), ROLLUP (country);
SELECT country, count(*) FROM customers GROUP BY ALL country;
SELECT count(*) FROM customers HAVING count(*) > 1;
SELECT count(*) FROM customers GROUP BY ();

-- § SELECT: WINDOW clause, Window Function Calls
SELECT id, row_number() OVER (ORDER BY created_at) AS rn FROM orders;
SELECT id, rank() OVER (PARTITION BY customer_id ORDER BY total DESC), dense_rank() OVER (PARTITION BY customer_id ORDER BY total DESC) FROM orders;
SELECT id, percent_rank() OVER w, cume_dist() OVER w FROM orders WINDOW w AS (ORDER BY total);
SELECT id, ntile(4) OVER (ORDER BY total) FROM orders;
SELECT id, lag(total) OVER w, lag(total, 2) OVER w, lead(total, 1, 0) OVER w FROM orders WINDOW w AS (PARTITION BY customer_id ORDER BY created_at);
SELECT id, first_value(total) OVER w, last_value(total) OVER w, nth_value(total, 2) OVER w FROM orders WINDOW w AS (ORDER BY created_at ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING);
SELECT id, sum(total) OVER () AS grand, sum(total) OVER (PARTITION BY customer_id) AS per_customer FROM orders;
SELECT id, avg(total) OVER (ORDER BY created_at ROWS 2 PRECEDING) FROM orders;
SELECT id, sum(total) OVER (ORDER BY created_at ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM orders;
SELECT id, sum(total) OVER (ORDER BY created_at ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) FROM orders;
SELECT id, sum(total) OVER (ORDER BY created_at ROWS BETWEEN 3 PRECEDING AND 1 PRECEDING) FROM orders;
SELECT id, sum(total) OVER (ORDER BY created_at ROWS UNBOUNDED PRECEDING) FROM orders;
SELECT id, sum(total) OVER (ORDER BY total RANGE BETWEEN 10 PRECEDING AND 10 FOLLOWING) FROM orders;
SELECT id, sum(total) OVER (ORDER BY total RANGE UNBOUNDED PRECEDING) FROM orders;
SELECT id, sum(total) OVER (ORDER BY total RANGE CURRENT ROW) FROM orders;
SELECT id, count(*) OVER (ORDER BY created_at RANGE BETWEEN INTERVAL '7 days' PRECEDING AND CURRENT ROW) FROM orders;
SELECT id, count(*) OVER (ORDER BY created_at RANGE BETWEEN '1 day'::interval PRECEDING AND '1 day'::interval FOLLOWING) FROM orders;
SELECT id, sum(total) OVER (ORDER BY customer_id GROUPS BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM orders;
SELECT id, sum(total) OVER (ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW EXCLUDE CURRENT ROW) FROM orders;
SELECT id, sum(total) OVER (ORDER BY customer_id GROUPS UNBOUNDED PRECEDING EXCLUDE GROUP) FROM orders;
SELECT id, sum(total) OVER (ORDER BY customer_id RANGE BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING EXCLUDE TIES) FROM orders;
SELECT id, sum(total) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE NO OTHERS) FROM orders;
SELECT id, count(*) OVER w2 FROM orders WINDOW w1 AS (PARTITION BY customer_id), w2 AS (w1 ORDER BY created_at);
SELECT id, max(total) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) FROM orders WINDOW w AS (ORDER BY id);
SELECT id, count(*) OVER w FROM orders WINDOW w AS (PARTITION BY status ORDER BY id DESC NULLS LAST);
SELECT customer_id, sum(sum(total)) OVER (ORDER BY customer_id) FROM orders GROUP BY customer_id;
SELECT id, count(*) FILTER (WHERE total > 20) OVER (PARTITION BY customer_id) FROM orders;
SELECT id, sum(total) OVER (PARTITION BY date_trunc('month', created_at) ORDER BY created_at) FROM orders;

-- § SELECT: ORDER BY, LIMIT, OFFSET, FETCH
SELECT * FROM orders ORDER BY created_at DESC, id ASC;
SELECT * FROM orders ORDER BY shipped_on NULLS FIRST;
SELECT * FROM orders ORDER BY shipped_on DESC NULLS LAST, id;
SELECT * FROM orders ORDER BY total USING >;
SELECT * FROM orders ORDER BY random() LIMIT 1;
SELECT * FROM customers ORDER BY name COLLATE "C";
SELECT * FROM orders LIMIT 2;
SELECT * FROM orders LIMIT ALL;
SELECT * FROM orders LIMIT 2 OFFSET 1;
SELECT * FROM orders OFFSET 1;
SELECT * FROM orders OFFSET 1 LIMIT 1;
SELECT * FROM orders ORDER BY id OFFSET 1 ROWS FETCH FIRST 2 ROWS ONLY;
SELECT * FROM orders ORDER BY id FETCH FIRST ROW ONLY;
SELECT * FROM orders ORDER BY id FETCH NEXT 2 ROWS ONLY;
SELECT * FROM orders ORDER BY customer_id FETCH FIRST 1 ROWS WITH TIES;
SELECT * FROM orders ORDER BY id OFFSET 1 ROW;
SELECT * FROM orders LIMIT (SELECT count(*) FROM customers) - 1;

-- § SELECT: the locking clause
SELECT * FROM orders WHERE id = 1 FOR UPDATE;
SELECT * FROM orders WHERE id = 1 FOR NO KEY UPDATE;
SELECT * FROM orders WHERE id = 1 FOR SHARE;
SELECT * FROM orders WHERE id = 1 FOR KEY SHARE;
SELECT * FROM orders WHERE id = 1 FOR UPDATE NOWAIT;
SELECT * FROM orders WHERE id = 1 FOR UPDATE SKIP LOCKED;
SELECT * FROM orders o JOIN customers c ON c.id = o.customer_id FOR UPDATE OF o;
SELECT * FROM orders o JOIN customers c ON c.id = o.customer_id FOR UPDATE OF o FOR SHARE OF c NOWAIT;
SELECT * FROM (SELECT * FROM orders FOR UPDATE) AS locked WHERE id = 1;
SELECT * FROM orders WHERE customer_id IN (SELECT id FROM customers FOR SHARE);

-- § TABLE and VALUES
TABLE customers;
TABLE ONLY parents;
VALUES (1, 'one'), (2, 'two'), (3, 'three');
VALUES (1, 'one'), (2, 'two') ORDER BY 1 DESC LIMIT 1;
SELECT * FROM t1 UNION TABLE t2;
VALUES (1, 10, 'v') UNION ALL SELECT a, b, c FROM t1;

-- § Value Expressions: operators
SELECT 7 + 2, 7 - 2, 7 * 2, 7 / 2, 7 % 2, 2 ^ 10, |/ 25, ||/ 27, @ -5, -7, - -7, +7;
SELECT 5 & 3, 5 | 3, 5 # 3, ~5, 1 << 4, 256 >> 2;
SELECT 'ab' || 'cd', 'ab' || 1, 1 || 'ab', ARRAY[1] || ARRAY[2], ARRAY[1] || 2;
SELECT * FROM t1 WHERE a = 1 OR b != 2 AND c <> 'x';
SELECT * FROM t1 WHERE a < 2 OR a <= 2 OR a > 2 OR a >= 2;
SELECT * FROM t1 WHERE NOT a = 1;
SELECT * FROM t1 WHERE a IS DISTINCT FROM 1;
SELECT * FROM t1 WHERE a IS NOT DISTINCT FROM NULL;
SELECT (a > 1) IS TRUE, (a > 1) IS NOT FALSE, (a > 1) IS UNKNOWN, (a > 1) IS NOT UNKNOWN, a IS NULL, a IS NOT NULL, a ISNULL, a NOTNULL FROM t1;
SELECT * FROM t1 WHERE a BETWEEN 1 AND 2;
SELECT * FROM t1 WHERE a NOT BETWEEN 1 AND 2;
SELECT * FROM t1 WHERE a BETWEEN SYMMETRIC 3 AND 1;
SELECT * FROM t1 WHERE a NOT BETWEEN SYMMETRIC 3 AND 1;
SELECT * FROM t1 WHERE a BETWEEN ASYMMETRIC 1 AND 3;
SELECT * FROM t1 WHERE a IN (1, 2, 3);
SELECT * FROM t1 WHERE a NOT IN (1, 2);
SELECT * FROM t1 WHERE c LIKE 'x%';
SELECT * FROM t1 WHERE c NOT LIKE '%\_%';
SELECT * FROM t1 WHERE c LIKE 'x|%' ESCAPE '|';
SELECT * FROM t1 WHERE c ILIKE 'X%';
SELECT * FROM t1 WHERE c NOT ILIKE 'Y%';
SELECT * FROM t1 WHERE c LIKE '%' || 'x' || '%';
SELECT * FROM t1 WHERE c NOT ILIKE '%' || lower('X'::text) || '_' ESCAPE '!' AND c IS NOT NULL;
SELECT * FROM t1 WHERE c LIKE '%' || (SELECT max(c) FROM t1) || '%';
SELECT * FROM t1 WHERE c ~~ 'x%' OR c ~~* 'Y%' OR c !~~ 'z%' OR c !~~* 'Z%';
SELECT * FROM t1 WHERE c SIMILAR TO '(x|y)%';
SELECT * FROM t1 WHERE c NOT SIMILAR TO 'z%';
SELECT * FROM t1 WHERE c SIMILAR TO 'x#%' ESCAPE '#';
SELECT * FROM t1 WHERE c ~ '^x' OR c ~* '^Y' OR c !~ 'z$' OR c !~* 'Z$';
SELECT * FROM customers WHERE tags @> ARRAY['vip'] AND ARRAY['vip'] <@ tags AND tags && ARRAY['early'];
SELECT * FROM docs WHERE period @> DATE '2024-01-15' AND period && daterange('2024-01-01', '2024-03-01');
SELECT * FROM docs WHERE ip << inet '10.0.0.0/8' AND ip <<= inet '10.0.0.0/8';
SELECT * FROM docs WHERE tsv @@ to_tsquery('english', 'quick & fox');
SELECT point '(1,2)' <-> point '(4,6)', box '((0,0),(2,2))' && box '((1,1),(3,3))', circle '((0,0),2)' @> point '(1,1)';
SELECT 1 OPERATOR(pg_catalog.+) 2;

-- § Value Expressions: JSON operators
SELECT profile -> 'tier', profile ->> 'tier', profile -> 'tags' -> 0, profile -> 'tags' ->> 1 FROM customers;
SELECT profile #> '{address,city}', profile #>> '{address,city}' FROM customers;
SELECT * FROM customers WHERE profile @> '{"tier": "gold"}' AND '{"tier": "gold"}' <@ profile;
SELECT * FROM customers WHERE profile ? 'tier';
SELECT * FROM customers WHERE profile ?| ARRAY['tier', 'x'] AND profile ?& ARRAY['tier'];
SELECT profile || '{"x": 1}'::jsonb, profile - 'tags', (profile -> 'tags') - 0, profile #- '{address,city}' FROM customers;
SELECT * FROM customers WHERE profile @? '$.tags[*] ? (@ == "a")';
SELECT * FROM customers WHERE profile @@ '$.tier == "gold"';
SELECT meta -> 'a', meta ->> 'a' FROM docs;
SELECT profile['tier'], profile['address']['city'] FROM customers;

-- § Value Expressions: arrays, rows, subscripts, field selection
SELECT ARRAY[1, 2, 3], ARRAY[[1, 2], [3, 4]], ARRAY[]::int[], '{1,2,3}'::int[];
SELECT nums[1], nums[2:3], nums[:2], nums[2:], grid[1][2], (ARRAY[5, 6, 7])[2] FROM docs;
SELECT tags[1] FROM customers WHERE tags[1] = 'vip';
SELECT array_length(nums, 1), cardinality(nums), array_upper(grid, 2), array_position(nums, 2), array_append(nums, 4), array_remove(nums, 1), array_to_string(nums, ','), string_to_array('a,b', ',') FROM docs;
SELECT ROW(1, 'a'), ROW(1), (1, 2, 3), ROW();
SELECT (point_pair).x, (point_pair).y, (docs.point_pair).x FROM docs;
SELECT (ROW(1, 2)::pair).*;
SELECT (d).id FROM docs d;

-- § Lexical Structure: constants
SELECT 'single', 'it''s', '';
SELECT 'first part'
  'continued on the next line';
SELECT E'tab\there', E'quote\'s', e'new\nline', E'\x41\u00e9';
SELECT U&'d\0061t\+000061', U&'d!0061t' UESCAPE '!';
SELECT $$dollar 'quoted'$$, $tag$with $$ inside$tag$, $_$x$_$;
SELECT B'1010', b'1', X'1F', x'ff';
SELECT N'national';
SELECT 1, -1, 1.5, .5, 5., 1e3, 1.5E-3, 4e+2, 12345678901234567890123;
-- @pg16: hexadecimal, octal and binary integer literals are PostgreSQL 16+
SELECT 0x1F, 0o17, 0b101;
-- @pg16: underscores in numeric literals are PostgreSQL 16+
SELECT 1_000_000, 1_000.000_1;
SELECT TRUE, FALSE, NULL, true AND false;
SELECT DATE '2024-01-31', TIME '10:20:30', TIME WITH TIME ZONE '10:20:30+08', TIMESTAMP '2024-01-31 10:20:30', TIMESTAMP WITH TIME ZONE '2024-01-31 10:20:30+00', TIMESTAMPTZ '2024-01-31 10:20:30+00';
SELECT INTERVAL '1 day', INTERVAL '2 hours 30 minutes', INTERVAL '1' DAY, INTERVAL '1-2' YEAR TO MONTH, INTERVAL '3 4:05:06' DAY TO SECOND, INTERVAL '1.5' SECOND(2), INTERVAL 'P1Y2M3DT4H5M6S', INTERVAL '@ 1 minute ago';
SELECT int '42', float8 '1.5', bool 'yes', numeric '3.14', text 'x', varchar 'y', jsonb '{"a": 1}', inet '127.0.0.1', uuid 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11';
SELECT 'epoch'::timestamp, 'infinity'::date, 'today'::date, 'now'::timestamptz, 'allballs'::time;

-- § Type Casts, Collation Expressions, AT TIME ZONE
SELECT CAST(total AS integer), CAST(total AS numeric(10, 1)), CAST(created_at AS date), CAST('10:00' AS time), CAST(total AS text), CAST('1' AS boolean) FROM orders;
SELECT total::int, total::numeric(10, 1), created_at::date, '10:00'::time, '{1,2}'::int[], 'a'::varchar(3), id::text::int FROM orders;
SELECT CAST(id AS double precision), CAST(id AS character varying(10)), CAST(created_at AS timestamp without time zone), CAST(created_at AS time with time zone), CAST(id AS bigint) FROM orders;
SELECT '5'::integer + 1, '1 day'::interval * 2, 'happy'::mood, '(1,2)'::pair, 'abc'::bytea, '10.0.0.1'::inet;
SELECT int4(total), text(id), float8(1), date(created_at) FROM orders;
SELECT name COLLATE "C", name COLLATE "POSIX" < 'b', name COLLATE pg_catalog."default" FROM customers;
SELECT created_at AT TIME ZONE 'UTC', created_at AT TIME ZONE 'Asia/Shanghai', TIMESTAMP '2024-01-01 00:00' AT TIME ZONE INTERVAL '+08:00' FROM orders;
-- @pg17: AT LOCAL is PostgreSQL 17+
SELECT created_at AT LOCAL FROM orders;
SELECT pg_typeof(1), 'customers'::regclass, 'int4'::regtype, 'now'::regproc;

-- § Conditional Expressions
SELECT CASE status WHEN 'new' THEN 1 WHEN 'paid' THEN 2 ELSE 3 END FROM orders;
SELECT CASE WHEN total > 100 THEN 'big' WHEN total > 10 THEN 'medium' END FROM orders;
SELECT COALESCE(note, status, 'none'), NULLIF(status, 'new'), GREATEST(total, 10), LEAST(total, 10, 20) FROM orders;

-- § String Functions and Operators: the SQL standard's keyword forms and others
SELECT substring(name FROM 2), substring(name FROM 2 FOR 3), substring(name FOR 2), substring(name, 2, 3), substr(name, 2), substring(name, 2) FROM customers;
SELECT substring(name FROM '^.') , substring(name FROM '%#"n#"%' FOR '#'), substring(name SIMILAR '%#"n#"%' ESCAPE '#') FROM customers;
SELECT trim(name), trim(BOTH FROM name), trim(LEADING 'A' FROM name), trim(TRAILING 'n' FROM name), trim(BOTH 'x' FROM name), trim('x' FROM name), trim(FROM name), trim(name, 'A'), btrim(name, 'A'), ltrim(name), rtrim(name, 'n') FROM customers;
SELECT position('n' IN name), strpos(name, 'n') FROM customers;
SELECT overlay(name PLACING 'XX' FROM 2), overlay(name PLACING 'XX' FROM 2 FOR 1) FROM customers;
SELECT length(name), char_length(name), character_length(name), octet_length(name), bit_length(name), upper(name), lower(name), initcap(name) FROM customers;
SELECT concat(name, ' ', city), concat_ws(', ', name, city), left(name, 2), right(name, 2), repeat(name, 2), reverse(name), lpad(name, 10, '*'), rpad(name, 10), replace(name, 'n', 'N'), translate(name, 'An', 'aN') FROM customers;
SELECT split_part(email, '@', 2), format('%s is %I', name, city), quote_ident(name), quote_literal(name), quote_nullable(email), md5(name), to_hex(id), ascii(name), chr(65) FROM customers;
SELECT regexp_replace(name, '[aeiou]', '', 'g'), regexp_match(email, '(\w+)@'), regexp_matches(email, '\w', 'g'), regexp_split_to_array(name, ''), starts_with(name, 'A') FROM customers;
SELECT normalize(name), normalize(name, NFKC), name IS NFC NORMALIZED, name IS NOT NFKD NORMALIZED FROM customers;
SELECT string_to_table('a,b', ','), unistr('\0041');
SELECT to_char(created_at, 'YYYY-MM-DD HH24:MI'), to_char(total, 'FM999.00'), to_date('2024-01-31', 'YYYY-MM-DD'), to_timestamp('2024-01-31 10:00', 'YYYY-MM-DD HH24:MI'), to_number('1,234.5', '9G999D9'), to_timestamp(1700000000) FROM orders;
SELECT COLLATION FOR (name) FROM customers;
SELECT encode(code, 'hex'), decode('61', 'hex'), get_byte(code, 0), convert_to(customers.name, 'UTF8') FROM products, customers WHERE customers.id = 1;

-- § Mathematical and Date/Time Functions
SELECT abs(-1), ceil(1.2), ceiling(1.2), floor(1.8), round(1.25, 1), round(1.5), trunc(1.99, 1), sign(-3), sqrt(16), cbrt(27), power(2, 3), exp(1), ln(10), log(100), log(2, 8), mod(7, 2), div(7, 2), pi(), random(), degrees(pi()), radians(180), sin(0), atan2(1, 1), width_bucket(5, 0, 10, 5), gcd(12, 18), lcm(4, 6);
SELECT now(), current_timestamp, current_timestamp(2), current_date, current_time, current_time(0), localtime, localtimestamp, localtimestamp(3), clock_timestamp(), statement_timestamp(), transaction_timestamp(), timeofday();
SELECT extract(year FROM created_at), extract(month FROM created_at), extract(epoch FROM created_at), extract(dow FROM created_at), extract(isodow FROM created_at), extract(doy FROM created_at), extract(quarter FROM created_at), extract(week FROM created_at), extract(century FROM created_at), extract(millennium FROM created_at), extract(timezone FROM created_at), extract(microseconds FROM created_at) FROM orders;
SELECT extract(julian FROM shipped_on), extract(timezone_hour FROM created_at), extract(day FROM INTERVAL '40 days'), extract('hour' FROM created_at), EXTRACT(HOUR FROM TIME '10:20') FROM orders;
SELECT date_part('year', created_at), date_trunc('month', created_at), date_trunc('day', created_at, 'Asia/Shanghai'), date_bin('15 minutes', created_at, TIMESTAMPTZ '2001-01-01'), age(created_at), age(TIMESTAMP '2024-01-01', TIMESTAMP '2020-06-01'), justify_days(INTERVAL '35 days'), isfinite(created_at) FROM orders;
SELECT created_at + INTERVAL '1 day', created_at - INTERVAL '1 hour', shipped_on + 7, shipped_on - DATE '2024-01-01', created_at - created_at, INTERVAL '1 hour' * 3, make_date(2024, 1, 31), make_interval(days => 10), make_timestamp(2024, 1, 31, 10, 0, 0) FROM orders;
SELECT (DATE '2024-01-01', DATE '2024-02-01') OVERLAPS (DATE '2024-01-15', DATE '2024-03-01');

-- § Aggregate Functions: DISTINCT, ORDER BY, FILTER, WITHIN GROUP
SELECT count(*), count(1), count(note), count(DISTINCT status), count(ALL status) FROM orders;
SELECT sum(total), sum(DISTINCT total), avg(total), avg(DISTINCT total), min(total), max(DISTINCT total) FROM orders;
SELECT stddev(total), stddev_pop(total), stddev_samp(total), variance(total), var_pop(total), var_samp(total), bit_and(id), bit_or(id), bit_xor(id), bool_and(total > 0), bool_or(total > 0), every(total > 0) FROM orders;
SELECT corr(total, id), covar_pop(total, id), regr_slope(total, id), regr_intercept(total, id), regr_count(total, id) FROM orders;
SELECT string_agg(status, ', '), string_agg(status, ', ' ORDER BY status DESC), string_agg(DISTINCT status, '|' ORDER BY status) FROM orders;
SELECT array_agg(id), array_agg(id ORDER BY total DESC NULLS LAST), array_agg(DISTINCT customer_id) FROM orders;
SELECT json_agg(status), jsonb_agg(data ORDER BY id), json_object_agg(id, status), jsonb_object_agg(id, total), xmlagg(xmlelement(name o, status)) FROM orders;
SELECT customer_id, sum(total ORDER BY id), min(total ORDER BY created_at DESC), bool_and(total > 0 ORDER BY id), jsonb_object_agg(id, status ORDER BY id), avg(DISTINCT total ORDER BY total) FROM orders GROUP BY customer_id;
SELECT count(*) FILTER (WHERE status = 'paid') AS paid, sum(total) FILTER (WHERE total > 20) FROM orders;
SELECT customer_id, array_agg(status ORDER BY created_at) FILTER (WHERE note IS NOT NULL) FROM orders GROUP BY customer_id;
SELECT customer_id, json_agg(id ORDER BY created_at) FILTER (WHERE status = 'paid'), bool_or(total > 100) FILTER (WHERE note IS NOT NULL) FROM orders GROUP BY customer_id;
SELECT id, json_agg(status) OVER (PARTITION BY customer_id ORDER BY id), bool_or(total > 100) OVER w FROM orders WINDOW w AS (ORDER BY created_at);
SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY total), percentile_disc(0.9) WITHIN GROUP (ORDER BY total DESC), mode() WITHIN GROUP (ORDER BY status) FROM orders;
SELECT percentile_cont(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY total) FROM orders;
SELECT rank(100) WITHIN GROUP (ORDER BY total), dense_rank(100) WITHIN GROUP (ORDER BY total), percent_rank(100) WITHIN GROUP (ORDER BY total), cume_dist(100) WITHIN GROUP (ORDER BY total) FROM orders;
SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY total) FILTER (WHERE status <> 'new') FROM orders;
SELECT status, grouping(status), count(*) FROM orders GROUP BY ROLLUP (status);
-- @pg16: any_value is PostgreSQL 16+
SELECT customer_id, any_value(status) FROM orders GROUP BY customer_id;

-- § JSON Functions and SQL/JSON
SELECT jsonb_build_object('id', id, 'name', name), json_build_array(id, name), to_jsonb(name), row_to_json(c), jsonb_pretty(profile), jsonb_typeof(profile), jsonb_set(profile, '{tier}', '"x"'), jsonb_insert(profile, '{y}', '1'), jsonb_strip_nulls(profile) FROM customers c;
SELECT jsonb_path_query_array(profile, '$.tags[*]'), jsonb_path_exists(profile, '$.tier'), jsonb_array_length(profile -> 'tags'), jsonb_extract_path_text(profile, 'address', 'city') FROM customers WHERE profile IS NOT NULL;
SELECT value FROM jsonb_array_elements('[1, 2, 3]');
-- @pg16: IS JSON predicates are PostgreSQL 16+
SELECT note IS JSON, note IS NOT JSON, '{}' IS JSON OBJECT, '[]' IS JSON ARRAY WITH UNIQUE KEYS, '1' IS JSON SCALAR FROM orders;
-- @pg16: the SQL/JSON constructors are PostgreSQL 16+
SELECT JSON_OBJECT('id' VALUE id, 'name' : name), JSON_ARRAY(id, name), JSON_ARRAY(1, NULL ABSENT ON NULL), JSON_OBJECT('a' VALUE 1 RETURNING jsonb) FROM customers;
-- @pg16: the SQL/JSON aggregates are PostgreSQL 16+
SELECT JSON_ARRAYAGG(status ORDER BY id), JSON_OBJECTAGG(id : status) FROM orders;
-- @pg17: JSON_EXISTS, JSON_QUERY and JSON_VALUE are PostgreSQL 17+
SELECT JSON_EXISTS(profile, '$.tier'), JSON_VALUE(profile, '$.tier'), JSON_QUERY(profile, '$.tags' WITH WRAPPER), JSON_VALUE(profile, '$.x' RETURNING int DEFAULT 0 ON EMPTY) FROM customers;
-- @pg17: JSON_TABLE is PostgreSQL 17+
SELECT jt.* FROM customers c, JSON_TABLE(c.profile, '$.tags[*]' COLUMNS (ord FOR ORDINALITY, tag text PATH '$')) AS jt;

-- § Other functions: system information, sequences, text search, ranges, network, UUID
SELECT current_user, session_user, user, current_role, current_schema, current_schema(), current_catalog, current_database(), version(), pg_backend_pid(), current_setting('work_mem');
-- @pg16: SYSTEM_USER is PostgreSQL 16+
SELECT SYSTEM_USER;
SELECT nextval('order_numbers'), currval('order_numbers'), setval('order_numbers', 200), setval('order_numbers', 200, false);
SELECT to_tsvector('english', body), plainto_tsquery('english', 'quick fox'), websearch_to_tsquery('english', '"quick brown" -dog'), ts_rank(tsv, to_tsquery('fox')), ts_headline('english', body, to_tsquery('fox')) FROM docs;
SELECT lower(period), upper(period), isempty(period), int4range(1, 10, '[]'), numrange(1.5, 2.5) * numrange(2, 3), period - daterange('2024-01-20', '2024-03-01') FROM docs;
SELECT host(ip), masklen(ip), network(ip), family(ip), gen_random_uuid() IS NOT NULL, md5('x')::uuid FROM docs;
SELECT coalesce(nullif(trim(note), ''), 'none') FROM orders;
SELECT num_nonnulls(note, shipped_on), num_nulls(note, shipped_on), pg_column_size(note), octet_length(note) FROM orders;
SELECT generate_subscripts(nums, 1) FROM docs;
SELECT xmlelement(name item, xmlattributes(id AS id), name), xmlforest(name, city), xmlparse(content '<a/>'), xmlserialize(content xmlelement(name x) AS text) FROM customers;
-- @pg18: uuidv7 and casefold are PostgreSQL 18+
SELECT uuidv7(), casefold('ÄÖÜ');

-- § INSERT
INSERT INTO t1 VALUES (10, 100, 'a');
INSERT INTO t1 (a, b, c) VALUES (11, 110, 'b'), (12, 120, 'c');
INSERT INTO t1 (a, b) VALUES (14, DEFAULT), (15, 14 * 10);
INSERT INTO t1 DEFAULT VALUES;
INSERT INTO t1 (a, b, c) SELECT a, b, c FROM t2 WHERE a > 1;
INSERT INTO t1 SELECT * FROM t2;
INSERT INTO t1 (a, b) (SELECT a, b FROM t2);
INSERT INTO t1 TABLE t2;
INSERT INTO t1 (a, b) VALUES (16, 160) RETURNING *;
INSERT INTO t1 AS t (a, b) VALUES (17, 170) RETURNING t.a, t.b * 2 AS doubled;
INSERT INTO t1 (a, b) WITH x AS (SELECT 20 AS a, 200 AS b) SELECT a, b FROM x;
WITH x AS (SELECT 21 AS a) INSERT INTO t1 (a) SELECT a FROM x;
INSERT INTO customers (id, name) VALUES (1, 'Ann') ON CONFLICT DO NOTHING;
INSERT INTO customers (id, name) VALUES (1, 'Ann') ON CONFLICT (id) DO NOTHING;
INSERT INTO customers (id, name, city) VALUES (1, 'Ann', 'Hangzhou') ON CONFLICT (id) DO UPDATE SET city = EXCLUDED.city, balance = customers.balance + 1;
INSERT INTO customers AS c (id, name) VALUES (2, 'Bob') ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name WHERE c.name <> EXCLUDED.name RETURNING c.id;
INSERT INTO orders (id, customer_id, status, created_at) VALUES (1, 1, 'x', now()) ON CONFLICT ON CONSTRAINT orders_pkey DO UPDATE SET status = 'dup';
INSERT INTO products (id, name) VALUES (3, 'pen') ON CONFLICT (name) DO UPDATE SET (category, price) = (EXCLUDED.category, 2.0);
INSERT INTO products (id, name) VALUES (4, 'lamp') ON CONFLICT (id) WHERE price IS NULL DO NOTHING;
INSERT INTO order_items (order_id, product_id, qty) VALUES (1, 1, 5) ON CONFLICT (order_id, product_id) DO UPDATE SET qty = order_items.qty + EXCLUDED.qty;
INSERT INTO t1 (a) OVERRIDING USER VALUE VALUES (30);
INSERT INTO app.accounts VALUES (2, 'Bob');
INSERT INTO docs (id, nums, feeling, point_pair, period) VALUES (2, ARRAY[1, 2], 'ok', ROW(3, 4), '[2024-01-01,)');
INSERT INTO docs (id, point_pair.x, point_pair.y, nums[1]) VALUES (3, 1, 2, 9);
INSERT INTO measurements VALUES (2, '2024-06-01', 31);
-- @pg18: RETURNING OLD and NEW are PostgreSQL 18+
INSERT INTO customers (id, name) VALUES (1, 'Ann') ON CONFLICT (id) DO UPDATE SET name = 'Ann2' RETURNING old.name AS before, new.name AS after;

-- § UPDATE
UPDATE t1 SET b = b + 1;
UPDATE t1 SET b = 0, c = 'zero' WHERE a = 1;
UPDATE t1 SET b = DEFAULT WHERE a = 2;
UPDATE t1 SET (b, c) = (5, 'five') WHERE a = 1;
UPDATE t1 SET (b, c) = ROW(6, 'six') WHERE a = 1;
UPDATE t1 SET (b, c) = (SELECT b, c FROM t2 WHERE t2.a = t1.a) WHERE a = 1;
UPDATE orders SET status = 'paid', note = coalesce(note, '') || '!' WHERE status = 'new' AND total > 100;
UPDATE customers c SET balance = c.balance + o.total FROM orders o WHERE o.customer_id = c.id AND o.status = 'paid';
UPDATE customers AS c SET balance = 0 FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.customer_id = c.id;
UPDATE t1 SET b = t2.b FROM t2 WHERE t1.a = t2.a RETURNING t1.*, t2.c;
UPDATE ONLY parents SET name = upper(name);
UPDATE customers SET balance = (SELECT sum(total) FROM orders WHERE orders.customer_id = customers.id);
UPDATE docs SET nums[1] = 100, point_pair.x = 5, meta = '{}' WHERE id = 1;
UPDATE app.accounts SET owner = 'x' WHERE id = 1 RETURNING id, owner;
WITH big AS (SELECT id FROM orders WHERE total > 100) UPDATE orders SET note = 'big' WHERE id IN (SELECT id FROM big);
-- @pg18: RETURNING OLD and NEW are PostgreSQL 18+
UPDATE t1 SET b = b * 2 RETURNING OLD.b AS was, NEW.b AS now;
-- @pg18: RETURNING WITH (OLD AS ..., NEW AS ...) is PostgreSQL 18+
UPDATE t1 SET b = 1 RETURNING WITH (OLD AS o, NEW AS n) o.b, n.b;

-- § DELETE
DELETE FROM t1 WHERE a = 1;
DELETE FROM t1;
DELETE FROM t1 WHERE a IN (SELECT a FROM t2);
DELETE FROM t1 USING t2 WHERE t1.a = t2.a;
DELETE FROM t1 AS x USING t2 y, customers c WHERE x.a = y.a AND c.id = x.a;
DELETE FROM ONLY parents WHERE id = 1;
DELETE FROM t1 WHERE b IS NULL RETURNING *;
DELETE FROM t1 x WHERE x.a > 2 RETURNING x.a, x.c;
DELETE FROM measurements WHERE logdate < '2024-06-01';
WITH gone AS (SELECT a FROM t2) DELETE FROM t1 WHERE a IN (SELECT a FROM gone);
-- @pg18: RETURNING OLD is PostgreSQL 18+
DELETE FROM t1 WHERE a = 2 RETURNING old.*;

-- § MERGE
MERGE INTO stock s USING stock_changes c ON s.product_id = c.product_id WHEN MATCHED THEN UPDATE SET qty = s.qty + c.delta WHEN NOT MATCHED THEN INSERT (product_id, qty) VALUES (c.product_id, c.delta);
MERGE INTO stock s USING stock_changes c ON s.product_id = c.product_id WHEN MATCHED AND c.deleted THEN DELETE WHEN MATCHED AND s.qty + c.delta > 0 THEN UPDATE SET qty = s.qty + c.delta, updated_at = now() WHEN MATCHED THEN DO NOTHING WHEN NOT MATCHED AND c.delta > 0 THEN INSERT VALUES (c.product_id, c.delta, now()) WHEN NOT MATCHED THEN DO NOTHING;
MERGE INTO stock USING (SELECT product_id, sum(delta) AS delta FROM stock_changes GROUP BY product_id) AS c ON stock.product_id = c.product_id WHEN MATCHED THEN UPDATE SET qty = stock.qty + c.delta;
MERGE INTO stock AS s USING products p ON s.product_id = p.id WHEN NOT MATCHED THEN INSERT DEFAULT VALUES;
MERGE INTO stock s USING stock_changes c ON s.product_id = c.product_id WHEN NOT MATCHED THEN INSERT (product_id, qty) OVERRIDING USER VALUE VALUES (c.product_id, DEFAULT);
MERGE INTO ONLY parents p USING (VALUES (1, 'renamed')) AS v (id, name) ON p.id = v.id WHEN MATCHED THEN UPDATE SET name = v.name;
MERGE INTO t1 USING t2 ON t1.a = t2.a WHEN MATCHED THEN UPDATE SET (b, c) = (t2.b, t2.c);
WITH changes AS (SELECT product_id, delta FROM stock_changes WHERE NOT deleted) MERGE INTO stock s USING changes c ON s.product_id = c.product_id WHEN MATCHED THEN UPDATE SET qty = s.qty + c.delta;
-- @pg17: WHEN NOT MATCHED BY SOURCE / BY TARGET is PostgreSQL 17+
MERGE INTO stock s USING stock_changes c ON s.product_id = c.product_id WHEN MATCHED THEN UPDATE SET qty = s.qty + c.delta WHEN NOT MATCHED BY SOURCE THEN DELETE WHEN NOT MATCHED BY TARGET THEN INSERT (product_id, qty) VALUES (c.product_id, c.delta);
-- @pg17: MERGE ... RETURNING and merge_action() are PostgreSQL 17+
MERGE INTO stock s USING stock_changes c ON s.product_id = c.product_id WHEN MATCHED THEN UPDATE SET qty = s.qty + c.delta WHEN NOT MATCHED THEN INSERT (product_id, qty) VALUES (c.product_id, c.delta) RETURNING merge_action(), s.*;

-- § CREATE TABLE: data types
CREATE TABLE ty_numeric (a smallint, b integer, c bigint, d int2, e int4, f int8, g decimal, h decimal(10, 2), i numeric(6), j numeric, k real, l double precision, m float, n float(10), o float4, p float8, q money, r smallserial, s serial, t bigserial, u serial4, v int);
CREATE TABLE ty_character (a text, b varchar(255), c varchar, d character varying(10), e char(10), f character(3), g char, h bpchar, i "char", j name, k character varying);
CREATE TABLE ty_temporal (a date, b time, c time(3), d time with time zone, e timetz, f timestamp, g timestamp(6), h timestamp without time zone, i timestamp with time zone, j timestamptz(3), k interval, l interval day, m interval year to month, n interval day to second(3), o interval(2), p time without time zone);
CREATE TABLE ty_misc (a boolean, b bool, c bytea, d uuid, e json, f jsonb, g jsonpath, h xml, i tsvector, j tsquery, k inet, l cidr, m macaddr, n macaddr8, o bit(3), p bit varying(5), q varbit, r pg_lsn, s oid, t regclass, u mood, v pair, w positive_int, x int4range, y daterange, z tstzrange);
CREATE TABLE ty_geometric (a point, b line, c lseg, d box, e path, f polygon, g circle);
CREATE TABLE ty_arrays (a int[], b text[][], c integer ARRAY, d integer ARRAY[4], e int[3], f varchar(10)[], g numeric(5, 2)[], h int4multirange, i public.mood[]);
CREATE TABLE ty_quoted ("Select" int, "mixed Case" text, "a""b" int);
CREATE TABLE app.ty_schema (id int);

-- § CREATE TABLE: column constraints and attributes
CREATE TABLE col_attr (id int NOT NULL PRIMARY KEY, code text NOT NULL UNIQUE, label text NULL DEFAULT NULL, qty int NOT NULL DEFAULT 0, price numeric(10, 2) DEFAULT 0.00 CHECK (price >= 0), created timestamptz NOT NULL DEFAULT now(), ref int REFERENCES customers (id), tag text COLLATE "C");
CREATE TABLE col_named (id int CONSTRAINT col_named_pk PRIMARY KEY, a int CONSTRAINT a_positive CHECK (a > 0), b int CONSTRAINT b_not_null NOT NULL, c int CONSTRAINT c_unique UNIQUE, d int CONSTRAINT d_fk REFERENCES customers ON DELETE CASCADE);
CREATE TABLE col_refs (id int PRIMARY KEY, customer_id int REFERENCES customers (id) ON DELETE SET NULL ON UPDATE CASCADE, product_id int REFERENCES products MATCH FULL ON DELETE RESTRICT, other int REFERENCES customers (id) DEFERRABLE INITIALLY DEFERRED, last int REFERENCES customers (id) NOT DEFERRABLE INITIALLY IMMEDIATE, item int REFERENCES customers (id) ON DELETE NO ACTION ON UPDATE SET DEFAULT);
CREATE TABLE col_identity (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, n int GENERATED BY DEFAULT AS IDENTITY (START WITH 10 INCREMENT BY 5), m int GENERATED BY DEFAULT AS IDENTITY (MINVALUE 1 MAXVALUE 1000 CYCLE CACHE 10));
CREATE TABLE col_generated (id int PRIMARY KEY, price numeric(10, 2), qty int, amount numeric(12, 2) GENERATED ALWAYS AS (price * qty) STORED, label text GENERATED ALWAYS AS ('#' || id::text) STORED);
-- @pg18: virtual generated columns are PostgreSQL 18+
CREATE TABLE col_virtual (id int PRIMARY KEY, qty int, doubled int GENERATED ALWAYS AS (qty * 2) VIRTUAL, tripled int GENERATED ALWAYS AS (qty * 3));
CREATE TABLE col_unique_nulls (a int UNIQUE NULLS NOT DISTINCT, b int UNIQUE NULLS DISTINCT);
CREATE TABLE col_storage (a text COMPRESSION pglz, b text DEFAULT 'x' COLLATE "POSIX");
-- @pg16: STORAGE in CREATE TABLE is PostgreSQL 16+
CREATE TABLE col_storage16 (a text STORAGE EXTERNAL, b text STORAGE MAIN COMPRESSION pglz);
CREATE TABLE col_check_no_inherit (a int CHECK (a > 0) NO INHERIT);
CREATE TABLE col_defaults (a int DEFAULT 1 + 1, b text DEFAULT 'x' || 'y', c date DEFAULT CURRENT_DATE, d timestamptz DEFAULT CURRENT_TIMESTAMP, e uuid DEFAULT gen_random_uuid(), f int DEFAULT nextval('order_numbers'), g int[] DEFAULT '{}', h boolean DEFAULT true, i interval DEFAULT '1 day'::interval);

-- § CREATE TABLE: table constraints
CREATE TABLE k_primary (a int, b int, PRIMARY KEY (a, b));
CREATE TABLE k_named (a int, b int, c int, CONSTRAINT k_named_pk PRIMARY KEY (a), CONSTRAINT k_named_uq UNIQUE (b, c), CONSTRAINT k_named_ck CHECK (c > b), CONSTRAINT k_named_fk FOREIGN KEY (b) REFERENCES customers (id));
CREATE TABLE k_unique_include (a int, b int, c text, UNIQUE (a) INCLUDE (b, c), PRIMARY KEY (b) INCLUDE (c));
CREATE TABLE k_unique_nulls (a int, b int, UNIQUE NULLS NOT DISTINCT (a, b));
CREATE TABLE k_foreign (id int PRIMARY KEY, customer_id int, order_id int, FOREIGN KEY (customer_id) REFERENCES customers (id) ON DELETE CASCADE ON UPDATE RESTRICT, FOREIGN KEY (order_id) REFERENCES orders MATCH SIMPLE ON DELETE SET NULL DEFERRABLE);
CREATE TABLE k_foreign_cols (a int, b int, FOREIGN KEY (a, b) REFERENCES order_items (order_id, product_id) ON DELETE SET NULL (b));
CREATE TABLE k_checks (a int, b int, CHECK (a < b), CHECK (a > 0) NO INHERIT);
CREATE TABLE k_exclude (id int, during tsrange, EXCLUDE USING gist (during WITH &&));
CREATE TABLE k_index_params (a int, b int, PRIMARY KEY (a) WITH (fillfactor = 70), UNIQUE (b) USING INDEX TABLESPACE pg_default);
CREATE TABLE k_deferrable (a int, UNIQUE (a) DEFERRABLE INITIALLY DEFERRED);
-- @pg18: NOT ENFORCED check constraints are PostgreSQL 18+
CREATE TABLE k_not_enforced (a int, CONSTRAINT lazy CHECK (a > 0) NOT ENFORCED);

-- § CREATE TABLE: table options, inheritance, LIKE, OF, partitioning
CREATE TEMPORARY TABLE opt_temp (id int);
CREATE TEMP TABLE opt_temp_drop (id int) ON COMMIT DROP;
CREATE TEMP TABLE opt_temp_delete (id int) ON COMMIT DELETE ROWS;
CREATE LOCAL TEMPORARY TABLE opt_temp_preserve (id int) ON COMMIT PRESERVE ROWS;
CREATE UNLOGGED TABLE opt_unlogged (id int);
CREATE TABLE IF NOT EXISTS customers (id int);
CREATE TABLE opt_with (id int) WITH (fillfactor = 70, autovacuum_enabled = false, toast_tuple_target = 256);
CREATE TABLE opt_tablespace (id int) TABLESPACE pg_default;
CREATE TABLE opt_using (id int) USING heap;
CREATE TABLE opt_empty ();
CREATE TABLE opt_inherits (extra text) INHERITS (parents);
CREATE TABLE opt_like (LIKE customers);
CREATE TABLE opt_like_including (LIKE customers INCLUDING ALL EXCLUDING INDEXES, extra int);
CREATE TABLE opt_like_options (LIKE orders INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING IDENTITY INCLUDING GENERATED INCLUDING STATISTICS INCLUDING STORAGE INCLUDING COMMENTS INCLUDING COMPRESSION);
CREATE TABLE opt_of OF pair (x WITH OPTIONS NOT NULL, PRIMARY KEY (x));
CREATE TABLE part_range (id int, logdate date) PARTITION BY RANGE (logdate);
CREATE TABLE part_list (id int, region text) PARTITION BY LIST (region);
CREATE TABLE part_hash (id int) PARTITION BY HASH (id);
CREATE TABLE part_expr (id int, name text) PARTITION BY RANGE (lower(name), id);
CREATE TABLE measurements_2025 PARTITION OF measurements FOR VALUES FROM ('2025-01-01') TO ('2026-01-01');
CREATE TABLE measurements_old PARTITION OF measurements FOR VALUES FROM (MINVALUE) TO ('2024-01-01');
CREATE TABLE measurements_future PARTITION OF measurements (peak DEFAULT 0, CONSTRAINT peak_ok CHECK (peak >= 0)) FOR VALUES FROM ('2030-01-01') TO (MAXVALUE);
CREATE TABLE measurements_rest PARTITION OF measurements DEFAULT;
CREATE TABLE regions_north PARTITION OF regions FOR VALUES IN ('north', 'south');
CREATE TABLE buckets_0 PARTITION OF buckets FOR VALUES WITH (MODULUS 4, REMAINDER 0);
CREATE TABLE part_sub PARTITION OF measurements FOR VALUES FROM ('2026-01-01') TO ('2027-01-01') PARTITION BY LIST (city_id);

-- § CREATE TABLE AS
CREATE TABLE as_select AS SELECT id, name FROM customers WHERE city = 'Shanghai';
CREATE TABLE as_select_cols (cid, cname) AS SELECT id, name FROM customers;
CREATE TABLE as_no_data AS SELECT * FROM orders WITH NO DATA;
CREATE TABLE as_with_data AS SELECT * FROM orders WITH DATA;
CREATE TEMP TABLE as_temp AS VALUES (1, 'a'), (2, 'b');
CREATE TABLE as_table AS TABLE t1;
CREATE UNLOGGED TABLE IF NOT EXISTS as_options WITH (fillfactor = 90) AS SELECT * FROM t2;
CREATE TABLE as_with AS WITH x AS (SELECT 1 AS n) SELECT n FROM x;

-- § CREATE INDEX
CREATE INDEX ix_city ON customers (city);
CREATE UNIQUE INDEX ix_email ON customers (email);
CREATE INDEX ON customers (country);
CREATE INDEX IF NOT EXISTS ix_city ON customers (city);
CREATE INDEX ix_multi ON orders (status, created_at DESC);
CREATE INDEX ix_nulls ON orders (shipped_on DESC NULLS LAST, total ASC NULLS FIRST);
CREATE INDEX ix_expr ON customers (lower(name));
CREATE INDEX ix_expr2 ON customers ((name || ' ' || city), (balance * 2));
CREATE INDEX ix_collate ON customers (name COLLATE "C");
CREATE INDEX ix_opclass ON customers (name text_pattern_ops);
CREATE INDEX ix_opclass_collate ON customers (email COLLATE "C" varchar_pattern_ops DESC);
CREATE INDEX ix_partial ON orders (created_at) WHERE status = 'new';
CREATE INDEX ix_include ON orders (customer_id) INCLUDE (total, status);
CREATE UNIQUE INDEX ix_nulls_not_distinct ON products (category) NULLS NOT DISTINCT;
CREATE INDEX ix_with ON orders (total) WITH (fillfactor = 80, deduplicate_items = off);
CREATE INDEX ix_tablespace ON orders (shipped_on) TABLESPACE pg_default;
CREATE INDEX ix_hash ON orders USING hash (status);
CREATE INDEX ix_gin ON customers USING gin (profile);
CREATE INDEX ix_gin_path ON customers USING gin (profile jsonb_path_ops);
CREATE INDEX ix_gin_array ON customers USING GIN (tags);
CREATE INDEX ix_gist ON docs USING gist (period);
CREATE INDEX ix_brin ON orders USING brin (created_at) WITH (pages_per_range = 32);
CREATE INDEX ix_spgist ON docs USING spgist (ip inet_ops);
CREATE INDEX ix_tsv ON docs USING gin (to_tsvector('english', body));
CREATE INDEX CONCURRENTLY ix_concurrently ON orders (note);
CREATE INDEX CONCURRENTLY IF NOT EXISTS ix_concurrently2 ON orders (shipped_on, id);
CREATE INDEX ix_only ON ONLY measurements (peak);
CREATE UNIQUE INDEX ix_all ON orders USING btree (customer_id, id DESC NULLS LAST) INCLUDE (total) WITH (fillfactor = 90) WHERE total IS NOT NULL;

-- § Value Expressions: array slices, COLLATE, AT TIME ZONE chains, strings with backslashes
SELECT nums[1:2], nums[:2], nums[2:], grid[1][2] FROM docs;
SELECT 'a' COLLATE "C" < 'b', lower(name) COLLATE "C", 'x' || 'y' COLLATE pg_catalog."default" FROM customers ORDER BY name COLLATE "C";
SELECT created_at AT TIME ZONE 'Asia/Shanghai' AT TIME ZONE 'UTC', date_trunc('month', created_at) AT TIME ZONE 'UTC' AT TIME ZONE 'Asia/Shanghai' FROM orders;
SELECT name FROM customers WHERE name LIKE 'A!%%' ESCAPE '!' OR name ILIKE 'b\%' ESCAPE '\' OR replace(name, '\', '/') = 'a\''b';
SELECT 'open'::text, 'ok'::public.mood, CAST('ok' AS public.mood), NULL::pg_catalog.int4, '1'::pg_catalog.numeric(5, 2);
SELECT * FROM orders ORDER BY total USING >, id USING < NULLS LAST;
SELECT 'café' IS NFC NORMALIZED, normalize('café', NFD), 'x' IS NOT NORMALIZED;
SELECT profile #>> '{address,city}', profile #- '{tier}', profile - 'tier', profile ?| ARRAY['a'], profile ?& ARRAY['a'], profile @? '$.tier', profile @@ '$.tier == "gold"' FROM customers;
SELECT 1 OPERATOR(pg_catalog.+) 2, 3 OPERATOR(+) 4;
SELECT id FROM docs ORDER BY nums <=> '{1,2,3}' LIMIT 5;
SELECT id, 1 - (nums <=> ARRAY[1, 2]) AS similarity FROM docs WHERE nums <-> '{2}' < 5 ORDER BY nums <#> '{1}', id;
SELECT rank(2) WITHIN GROUP (ORDER BY id), percentile_disc(ARRAY[0.25, 0.5]) WITHIN GROUP (ORDER BY total) FROM orders;
SELECT count(*) FILTER (WHERE status = 'paid') OVER (PARTITION BY customer_id ORDER BY id ROWS UNBOUNDED PRECEDING) FROM orders;
SELECT sum(total) FILTER (WHERE status = 'paid') OVER w, count(*) FILTER (WHERE total > 20) OVER (w ORDER BY id) FROM orders WINDOW w AS (PARTITION BY customer_id);
SELECT id, count(*) OVER (), avg(total) FILTER (WHERE status <> 'new') OVER (ORDER BY id ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) FROM orders;
SELECT * FROM ROWS FROM (generate_series(1, 3), unnest(ARRAY['a', 'b'])) AS r(n, s);
INSERT INTO t1 VALUES (9, 9, 'q') RETURNING *;

-- § Keywords as names: unreserved and column-name keywords as columns, tables and aliases; any keyword after AS in a select list, the bare labels without AS
SELECT at, json, over, session, partition, drop, between FROM keyword_names WHERE over > 0 AND between BETWEEN 1 AND 10 AND drop IS NOT NULL ORDER BY over;
SELECT k.at, k.set, count(*) OVER (PARTITION BY k.partition ORDER BY k.over) AS over FROM keyword_names AS k;
SELECT count(*) AS count, max(at) AS order, min(session) AS user, sum(over) AS limit, avg(year) AS year FROM keyword_names GROUP BY partition;
SELECT session.at FROM keyword_names AS session JOIN keyword_names AS at ON at.id = session.id;
SELECT CASE WHEN between = 1 THEN between END, coalesce(update, 0), CAST(delete AS text), value, type FROM keyword_names;
UPDATE keyword_names SET set = 1, update = 2 WHERE delete = 3 RETURNING id AS from, update;
INSERT INTO keyword_names (id, at, set) VALUES (1, now(), 2) ON CONFLICT (id) DO UPDATE SET set = 3;
CREATE TABLE keyword_columns (id int, over int, drop int, between int, at timestamptz, PRIMARY KEY (id, over));
ALTER TABLE keyword_names ADD COLUMN json2 json, DROP COLUMN drop, ALTER COLUMN over SET NOT NULL;
CREATE INDEX keyword_names_over ON keyword_names (over, between);
SELECT count(*) total, max(at) all, min(session) and, sum(over) delete, CASE WHEN id > 0 THEN 1 END end, id is, value FROM keyword_names GROUP BY id, value;
SELECT between.id, at.over FROM keyword_names between JOIN keyword_names at ON at.id = between.id WHERE between.over BETWEEN 1 AND 10;
UPDATE keyword_names SET over = 1 WHERE id = 2 RETURNING id all, over not;

-- § pg_dump output: CREATE TABLE, CREATE INDEX
CREATE TABLE public.dump_orders (
    id bigint NOT NULL,
    customer_id integer NOT NULL,
    feeling public.mood DEFAULT 'ok'::public.mood NOT NULL,
    total numeric(12,2) DEFAULT 0.00,
    placed date DEFAULT CURRENT_DATE NOT NULL,
    tags text[] DEFAULT '{}'::text[],
    name character varying(64) COLLATE pg_catalog."default",
    created timestamp(3) with time zone DEFAULT now() NOT NULL,
    seq integer DEFAULT nextval('public.order_numbers'::regclass),
    body text,
    tsv tsvector GENERATED ALWAYS AS (to_tsvector('english'::regconfig, COALESCE(body, ''::text))) STORED,
    CONSTRAINT dump_orders_total_check CHECK ((total >= (0)::numeric))
)
WITH (fillfactor='70', autovacuum_enabled='false');
CREATE TABLE public.dump_identity (id integer NOT NULL GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.dump_identity_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1), note "char", b bit varying(5), i interval day to second(3), t time(2) without time zone, p text DEFAULT 'C:\');
CREATE UNIQUE INDEX dump_idx ON public.orders USING btree (lower(status), created_at DESC NULLS LAST) INCLUDE (total) WITH (fillfactor='80') WHERE (status <> 'x'::text);
CREATE INDEX dump_jsonb ON public.customers USING gin (profile jsonb_path_ops);
CREATE INDEX dump_ops ON public.customers USING btree (name text_pattern_ops, city COLLATE "C");
