-- Fixture cases of redundant-date-cast. Format: test-support/rule-fixtures.ts.

-- TPC-H's MySQL flavour casts DATE columns to DATE.
-- schema: example
-- matches: 2
SELECT l_orderkey FROM lineitem WHERE CAST(l_shipdate AS DATE) >= DATE '1994-01-01' AND CAST(l_shipdate AS DATE) < DATE '1995-01-01';
-- after:
SELECT l_orderkey FROM lineitem WHERE l_shipdate >= DATE '1994-01-01' AND l_shipdate < DATE '1995-01-01';

-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT o_orderkey FROM orders WHERE o_orderdate::date BETWEEN DATE '1995-01-01' AND DATE '1995-12-31';
-- after:
SELECT o_orderkey FROM orders WHERE o_orderdate BETWEEN DATE '1995-01-01' AND DATE '1995-12-31';

-- PostgreSQL: a date-to-date cast is the identity anywhere in a filter, even inside EXTRACT.
-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT l_orderkey FROM lineitem WHERE extract(year from cast(l_shipdate as date)) = 1995;
-- after:
SELECT l_orderkey FROM lineitem WHERE extract(year from l_shipdate) = 1995;

-- schema: example
-- matches: 2
SELECT 1 FROM orders o JOIN lineitem l ON DATE(o.o_orderdate) = DATE(l.l_shipdate);
-- after:
SELECT 1 FROM orders o JOIN lineitem l ON o.o_orderdate = l.l_shipdate;

-- schema: example
-- matches: 1
SELECT o_orderkey FROM orders WHERE DATE(o_orderdate) IN ('1995-01-01', DATE '1995-01-02');
-- after:
SELECT o_orderkey FROM orders WHERE o_orderdate IN ('1995-01-01', DATE '1995-01-02');

-- MySQL: compared with a date-time string, the bare column may compare differently: advice only.
-- schema: example
-- matches: 1
SELECT o_orderkey FROM orders WHERE DATE(o_orderdate) = '1995-03-15 10:00:00';

-- No schema: the column's type is unknown, advice only.
-- matches: 1
SELECT 1 FROM t WHERE CAST(d AS DATE) >= DATE '2024-01-01';

-- A DATETIME column: the cast drops the time, it is not redundant.
-- schema: ev
-- matches: 0
SELECT id FROM ev WHERE CAST(ts AS DATE) >= DATE '2024-01-01';

-- Compared with a 'YYYY-MM-DD' string on a DATE column: the cast goes, no range needed.
-- schema: example
-- matches: 1
SELECT o_orderkey FROM orders WHERE DATE(o_orderdate) = '1995-03-15';
-- after:
SELECT o_orderkey FROM orders WHERE o_orderdate = '1995-03-15';

-- schema: example
-- matches: 0
SELECT CAST(o_orderdate AS DATE) FROM orders;

-- A CTE named like a schema table hides it: the column's type is unknown, advice only.
-- dialect: postgresql
-- schema: example
-- matches: 1
WITH orders AS (SELECT now() AS o_orderdate) SELECT 1 FROM orders WHERE o_orderdate::date >= DATE '2024-01-01';

-- dialect: postgresql
-- schema: ev
-- matches: 0
SELECT id FROM ev WHERE d::date::text = '2024-01-01';

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).

-- dialect: postgresql
-- verify: only
SELECT o_orderkey FROM orders WHERE o_orderdate::date = '1996-01-02';

-- dialect: postgresql
-- verify: only
SELECT l_orderkey, l_linenumber FROM lineitem WHERE CAST(l_shipdate AS date) <= '1992-04-30';

-- dialect: mysql
-- verify: only
SELECT o_orderkey FROM orders WHERE DATE(o_orderdate) = '1996-01-02';

-- dialect: mysql
-- verify: only
SELECT l_orderkey, l_linenumber FROM lineitem WHERE CAST(l_shipdate AS DATE) <= '1992-04-30';

-- dialect: postgresql
-- verify: only
SELECT l_orderkey, l_linenumber FROM lineitem WHERE CAST(l_shipdate AS DATE) >= date '1994-01-01' AND CAST(l_shipdate AS DATE) < date '1994-01-01' + interval '1' year;

-- dialect: postgresql
-- verify: only
SELECT o_orderkey FROM orders WHERE extract(year from o_orderdate::date) = 1995 AND o_orderdate::date BETWEEN o_orderdate AND o_orderdate;

-- dialect: postgresql
-- verify: only
SELECT e.id, (SELECT count(*) FROM orders o WHERE o.o_orderdate::date >= e.ts::date - 11000 AND date(o.o_orderdate) <> date '1995-01-01') AS n FROM events e;

-- redundant-date-cast (TPC-H's MySQL flavour)
-- dialect: mysql
-- verify: only
SELECT l_orderkey, l_linenumber FROM lineitem WHERE CAST(l_shipdate AS DATE) >= DATE '1994-01-01' AND CAST(l_shipdate AS DATE) < DATE '1994-01-01' + INTERVAL '1' YEAR;

-- dialect: mysql
-- verify: only
SELECT o_orderkey FROM orders WHERE DATE(o_orderdate) IN ('1995-01-01', DATE '1996-01-02', '1997-03-15') OR DATE(o_orderdate) BETWEEN '1998-01-01' AND CURDATE();

-- dialect: mysql
-- verify: only
SELECT e.id, (SELECT COUNT(*) FROM orders o WHERE DATE(o.o_orderdate) <= DATE(e.ts) AND o.o_orderkey < 3826000) AS n FROM events e;
