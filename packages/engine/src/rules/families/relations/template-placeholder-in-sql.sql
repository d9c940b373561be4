-- Fixture cases of template-placeholder-in-sql. Format: test-support/rule-fixtures.ts.

-- matches: 2
SELECT c_name FROM customer ORDER BY ${column} ${direction};

-- matches: 2
SELECT c_name FROM customer WHERE c_custkey = ${id} LIMIT ${n};

-- dialect: postgresql
-- matches: 1
SELECT * FROM ${table} WHERE id = #{id};

-- Bind parameters and a quoted ${} (the other rule) are not this rule's.
-- matches: 0
SELECT c_name FROM customer WHERE c_custkey = #{id};

-- matches: 0
SELECT c_name FROM customer WHERE c_name = '${name}';

-- dialect: postgresql
-- matches: 0
SELECT '$' || '{x}' AS s;
