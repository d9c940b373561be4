-- Fixture cases of template-placeholder-in-string. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT c_custkey FROM customer WHERE c_name = '${name}';

-- dialect: postgresql
-- matches: 1
SELECT c_custkey FROM customer WHERE c_name LIKE '%${kw}%' -- ${note}
;

-- matches: 0
SELECT c_custkey FROM customer WHERE c_name = '$name' AND c_comment = '{x}' -- ${note}
;
