-- Fixture cases of sleep-or-benchmark-call. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT c_name FROM customer WHERE c_custkey = 7 AND SLEEP(5) = 0;

-- matches: 1
SELECT BENCHMARK(1000000, MD5('x'));

-- dialect: postgresql
-- matches: 1
SELECT pg_sleep(1);

-- matches: 0
SELECT c_name FROM customer WHERE c_comment = 'sleep(5)';
