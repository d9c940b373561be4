-- Fixture cases of password-literal-comparison. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT id FROM users WHERE name = 'alice' AND password = 'hunter2';

-- dialect: postgresql
-- matches: 1
SELECT id FROM users WHERE 'secret' = u_passwd;

-- A bind parameter, an empty check, a hash column.
-- matches: 0
SELECT id FROM users WHERE name = 'alice' AND password = ?;

-- matches: 0
SELECT id FROM users WHERE password = '' OR password IS NULL;

-- matches: 0
SELECT id FROM users WHERE password_hash = 'x';
