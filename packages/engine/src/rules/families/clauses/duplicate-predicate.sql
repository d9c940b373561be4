-- Fixture cases of duplicate-predicate. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT 1 FROM orders WHERE o_orderstatus = 'F' AND o_custkey = 7 AND o_orderstatus = 'F';

-- matches: 1
SELECT 1 FROM t WHERE a = 1 OR (b = 2 OR a = 1);

-- AND is associative: the same three conditions grouped differently are the same condition.
-- matches: 1
SELECT 1 FROM t WHERE (a = 1 AND b = 2 AND c = 3) OR (a = 1 AND (b = 2 AND c = 3));

-- matches: 0
SELECT 1 FROM t WHERE (a = 1 AND b = 2) OR (a = 1 AND (b = 3));

-- Two bind parameters (MySQL `?`, MyBatis `#{}`) may hold different values.
-- matches: 0
SELECT 1 FROM t WHERE a = ? OR a = ?;

-- matches: 0
SELECT 1 FROM t WHERE a = #{first} OR a = #{second};

-- dialect: postgresql
-- matches: 1
SELECT 1 FROM t WHERE a = 1 AND A = 1;

-- matches: 0
SELECT 1 FROM t WHERE a = 1 AND b = 1;

-- Two calls of a random function are two different conditions.
-- matches: 0
SELECT 1 FROM t WHERE RAND() < 0.5 AND RAND() < 0.5;

-- matches: 0
SELECT 1 FROM t WHERE a = LAST_INSERT_ID() AND a = LAST_INSERT_ID();

-- The clock is fixed for the whole statement: two NOW() are one value.
-- matches: 1
SELECT 1 FROM t WHERE a < NOW() AND a < NOW();

-- dialect: postgresql
-- matches: 0
SELECT 1 FROM t WHERE a = 'x' AND a = 'X';

-- The same condition in different chains is not a repeat.
-- matches: 0
SELECT 1 FROM t WHERE (a = 1 OR b = 1) AND (a = 1 OR c = 1);
