-- Fixture cases of grant-all-privileges. Format: test-support/rule-fixtures.ts.

-- matches: 1
GRANT ALL ON *.* TO 'app'@'%' WITH GRANT OPTION;

-- matches: 1
GRANT ALL ON shop.* TO app;

-- dialect: postgresql
-- matches: 1
GRANT ALL PRIVILEGES ON ALL TABLES IN SCHEMA public TO app;

-- dialect: postgresql
-- matches: 1
GRANT ALL ON orders TO app;

-- matches: 0
GRANT SELECT, INSERT, UPDATE ON shop.* TO 'app'@'10.0.%';

-- dialect: postgresql
-- matches: 0
GRANT SELECT ON orders TO reporting;
