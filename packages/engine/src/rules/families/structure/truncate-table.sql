-- Fixture cases of truncate-table. Format: test-support/rule-fixtures.ts.

-- matches: 1
TRUNCATE TABLE lineitem;

-- matches: 1
TRUNCATE lineitem;

-- dialect: postgresql
-- matches: 1
TRUNCATE orders, lineitem RESTART IDENTITY CASCADE;

-- matches: 0
SELECT COUNT(*) FROM lineitem WHERE l_shipdate < '1992-06-01';

-- dialect: postgresql
-- matches: 0
UPDATE lineitem SET l_comment = 'truncate' WHERE l_orderkey = 1;
