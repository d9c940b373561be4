-- Fixture cases of server-file-access. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT c_name INTO OUTFILE '/tmp/c.csv' FROM customer;

-- matches: 1
SELECT LOAD_FILE('/etc/passwd');

-- dialect: postgresql
-- matches: 1
SELECT pg_read_file('/etc/passwd');

-- matches: 0
SELECT c_name INTO @name FROM customer WHERE c_custkey = 1;

-- matches: 0
SELECT c_name FROM customer WHERE c_comment = 'load_file';
