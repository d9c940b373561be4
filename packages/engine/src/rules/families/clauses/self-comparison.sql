-- Fixture cases of self-comparison. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT 1 FROM customer c JOIN orders o ON o.o_custkey = o.o_custkey;

-- dialect: postgresql
-- matches: 1
SELECT 1 FROM t WHERE a <> a;

-- matches: 0
SELECT 1 FROM t a JOIN t b ON a.k = b.k;

-- `t.a` and `a` may be different columns (a could belong to another table).
-- matches: 0
SELECT 1 FROM t JOIN u ON u.k = t.k WHERE t.a = a;

-- matches: 0
SELECT a = a FROM t;

-- Backticked qualifiers name their tables (Magento's EAV joins, Hibernate): two tables' columns, not one.
-- matches: 0
SELECT `e`.`sku` FROM `t` AS `e` LEFT JOIN `t` AS `at_name` ON (`at_name`.`entity_id` = `e`.`entity_id`);

-- matches: 1
SELECT `e`.`sku` FROM `t` AS `e` WHERE `e`.`entity_id` = `e`.`entity_id`;
