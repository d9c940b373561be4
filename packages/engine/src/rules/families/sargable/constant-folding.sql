-- Fixture cases of constant-folding. Format: test-support/rule-fixtures.ts.

-- schema: example
-- matches: 1
SELECT o_orderkey FROM orders WHERE o_shippriority > 10 * 60;
-- after:
SELECT o_orderkey FROM orders WHERE o_shippriority > 600;

-- schema: example
-- matches: 2
SELECT o_orderkey FROM orders WHERE o_custkey BETWEEN -(2 + 3) * 4 AND 2 - -3;
-- after:
SELECT o_orderkey FROM orders WHERE o_custkey BETWEEN -20 AND 5;

-- TPC-H Q6 (PostgreSQL): date + interval compared with a DATE column.
-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT l_orderkey FROM lineitem WHERE l_shipdate >= date '1994-01-01' and l_shipdate < date '1994-01-01' + interval '1' year;
-- after:
SELECT l_orderkey FROM lineitem WHERE l_shipdate >= date '1994-01-01' and l_shipdate < date '1995-01-01';

-- Month ends clamp to the month's last day, as both databases do.
-- schema: example
-- matches: 2
SELECT o_orderkey FROM orders WHERE o_orderdate < DATE '2024-01-31' + INTERVAL 1 MONTH AND o_orderdate > DATE_SUB(DATE '2024-03-31', INTERVAL '1' MONTH);
-- after:
SELECT o_orderkey FROM orders WHERE o_orderdate < DATE '2024-02-29' AND o_orderdate > DATE '2024-02-29';

-- dialect: postgresql
-- schema: example
-- matches: 2
SELECT o_orderkey FROM orders WHERE o_orderdate <= date '2023-01-31' + interval '1 month' OR o_orderdate = date '2024-02-29' + interval '1 year';
-- after:
SELECT o_orderkey FROM orders WHERE o_orderdate <= date '2023-02-28' OR o_orderdate = date '2025-02-28';

-- MySQL: a string plus an interval is a string.
-- schema: example
-- matches: 1
SELECT o_orderkey FROM orders WHERE o_orderdate >= '1998-12-01' - INTERVAL '90' DAY;
-- after:
SELECT o_orderkey FROM orders WHERE o_orderdate >= '1998-09-02';

-- 65536 * 65536 overflows PostgreSQL's int4 (an error, not a result): left alone there, folded in MySQL.
-- dialect: postgresql
-- schema: example
-- matches: 0
SELECT 1 FROM orders WHERE o_orderkey < 65536 * 65536;

-- schema: example
-- matches: 1
SELECT 1 FROM orders WHERE o_orderkey < 65536 * 65536;
-- after:
SELECT 1 FROM orders WHERE o_orderkey < 4294967296;

-- PostgreSQL's date + interval is a timestamp: without the other side's type, advice only.
-- dialect: postgresql
-- matches: 1
SELECT 1 FROM t WHERE x < date '2024-01-01' + interval '1 day';

-- schema: example
-- matches: 0
SELECT 1 FROM orders WHERE o_custkey > 10 / 2;

-- schema: example
-- matches: 0
SELECT 1 FROM orders WHERE o_custkey > 1e3 * 2;

-- schema: example
-- matches: 0
SELECT 1 FROM orders WHERE 2 * 3 = 6;

-- schema: example
-- matches: 0
SELECT 2 * 3 FROM orders;

-- schema: example
-- matches: 0
SELECT 1 FROM orders WHERE o_orderdate < DATE '2024-01-31' + INTERVAL 1.5 MONTH;

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).

-- dialect: postgresql
-- verify: only
SELECT l_orderkey, l_linenumber FROM lineitem WHERE l_shipdate >= date '1994-01-01' and l_shipdate < date '1994-01-01' + interval '1' year;

-- 1992 is a leap year: January 31 plus a month is February 29.
-- dialect: postgresql
-- verify: only
SELECT o_orderkey FROM orders WHERE o_orderdate < date '1992-01-31' + interval '1 month';

-- dialect: postgresql
-- verify: only
SELECT o_orderkey FROM orders WHERE o_orderdate BETWEEN date '1998-12-01' - interval '150' day AND date '1997-08-02' + interval '1 year' AND o_orderkey < 3825600 + 10 * 10000;

-- dialect: postgresql
-- verify: only
SELECT id FROM events WHERE ts >= date '2024-01-31' + interval '1 month';

-- dialect: postgresql
-- verify: only
SELECT id FROM events WHERE tz < date '2024-03-31' - interval '1 month' OR flag = 3 * 3 OR grp > -(2 - 5);

-- dialect: mysql
-- verify: only
SELECT l_orderkey, l_linenumber FROM lineitem WHERE l_shipdate >= DATE '1994-01-01' AND l_shipdate < DATE '1994-01-01' + INTERVAL '1' YEAR;

-- dialect: mysql
-- verify: only
SELECT o_orderkey FROM orders WHERE o_orderdate < DATE_ADD('1992-01-31', INTERVAL 1 MONTH);

-- dialect: mysql
-- verify: only
SELECT o_orderkey FROM orders WHERE o_orderdate >= '1998-12-01' - INTERVAL '150' DAY AND o_orderkey > 3825600 + 10 * -10;

-- dialect: mysql
-- verify: only
SELECT id FROM events WHERE ts >= DATE '2024-01-31' + INTERVAL 1 MONTH;

-- dialect: mysql
-- verify: only
SELECT id FROM events WHERE tz < DATE_SUB(DATE '2024-03-31', INTERVAL 1 MONTH) OR grp = 2 * 2 OR flag = 3 * 3;
