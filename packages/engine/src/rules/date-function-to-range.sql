-- Fixture cases of date-function-to-range. Format: test-support/rule-fixtures.ts.

-- schema: events-datetime
-- matches: 1
SELECT 1 FROM events WHERE DATE(ts) = '1995-03-15' AND id = 7;
-- after:
SELECT 1 FROM events WHERE ts >= '1995-03-15' AND ts < '1995-03-16' AND id = 7;

-- A DATE column: the conversion is redundant-date-cast's to drop, no range.
-- schema: orders-customer
-- matches: 0
SELECT 1 FROM orders WHERE DATE(o_orderdate) = '1995-03-15' AND o_custkey = 7;

-- The next day across a leap day, a month end and a year end; one-sided bounds for < <= > >=.
-- schema: events-datetime
-- matches: 3
SELECT id FROM events WHERE DATE(ts) = '2024-02-28' OR DATE(ts) = '2024-02-29' OR '1999-12-31' < DATE(ts);
-- after:
SELECT id FROM events WHERE (ts >= '2024-02-28' AND ts < '2024-02-29') OR (ts >= '2024-02-29' AND ts < '2024-03-01') OR ts >= '2000-01-01';

-- dialect: postgresql
-- schema: events-timestamp
-- matches: 2
SELECT id FROM events e WHERE e.ts::date <= '2023-02-28' AND CAST(ts AS date) >= '2023-01-31';
-- after:
SELECT id FROM events e WHERE e.ts < '2023-03-01' AND ts >= '2023-01-31';

-- dialect: postgresql
-- schema: events-timestamp
-- matches: 1
SELECT id FROM events WHERE date(ts) = '2023-12-31' OR label = 'x';
-- after:
SELECT id FROM events WHERE (ts >= '2023-12-31' AND ts < '2024-01-01') OR label = 'x';

-- A string column, or no table structure: reported, not rewritten. Not a valid date, or not a filter: ignored.
-- schema: events-datetime
-- matches: 1
SELECT id FROM events WHERE DATE(label) = '2024-01-01';

-- matches: 1
SELECT 1 FROM t WHERE DATE(ts) = '2024-01-01';

-- schema: events-datetime
-- matches: 0
SELECT id FROM events WHERE DATE(ts) = '2023-02-29';

-- schema: events-datetime
-- matches: 0
SELECT DATE(ts) = '2024-01-01' FROM events;

-- Run only on real data (the planner's equivalence tests: the TPC-H sample and the `events` table).

-- dialect: postgresql
-- verify: only
SELECT id FROM events WHERE ts::date = '2024-02-29';

-- dialect: postgresql
-- verify: only
SELECT id FROM events WHERE date(ts) <= '2023-12-31' OR CAST(ts AS date) > '2024-02-29';

-- dialect: postgresql
-- verify: only
SELECT id FROM events WHERE '2024-02-28' < ts::date;

-- dialect: mysql
-- verify: only
SELECT id FROM events WHERE DATE(ts) = '2024-02-29';

-- dialect: mysql
-- verify: only
SELECT id FROM events WHERE DATE(tz) = '2024-02-29' OR DATE(tz) = '2024-01-01';

-- dialect: mysql
-- verify: only
SELECT id FROM events WHERE DATE(ts) <= '2023-12-31' OR CAST(ts AS DATE) > '2024-02-29';

-- dialect: mysql
-- verify: only
SELECT id FROM events WHERE '2024-02-28' < DATE(ts) AND DATE(tz) < '2024-03-01';
