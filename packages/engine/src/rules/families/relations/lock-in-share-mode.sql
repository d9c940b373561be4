-- Fixture cases of lock-in-share-mode. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT c_acctbal FROM customer WHERE c_custkey = 7 LOCK IN SHARE MODE;

-- matches: 0
SELECT c_acctbal FROM customer WHERE c_custkey = 7 FOR UPDATE;
