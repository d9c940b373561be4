-- Fixture cases of ambiguous-column. Format: test-support/rule-fixtures.ts.

-- schema: example
-- matches: 1
SELECT o_orderkey, o2.o_orderkey FROM orders o1 JOIN orders o2 ON o2.o_custkey = o1.o_custkey;

-- dialect: postgresql
-- schema: example
-- matches: 1
SELECT o1.o_orderkey FROM orders o1 JOIN orders o2 ON o2.o_orderkey = o1.o_orderkey WHERE o_comment IS NULL;

-- Distinct column names; USING merges its column; ORDER BY names an output column.
-- schema: example
-- matches: 0
SELECT c_name FROM customer c JOIN orders o ON o_custkey = c_custkey WHERE o_totalprice > 10;

-- schema: example
-- matches: 0
SELECT o1.o_orderkey FROM orders o1 JOIN orders o2 USING (o_custkey) WHERE o_custkey = 3;

-- schema: example
-- matches: 0
SELECT o1.o_orderkey FROM orders o1 JOIN orders o2 ON o2.o_custkey = o1.o_custkey ORDER BY o_orderkey;

-- ON sees only the tables joined so far: n_regionkey there is the first nation's.
-- schema: example
-- matches: 0
SELECT a.n_name FROM nation a JOIN region r ON r_regionkey = n_regionkey JOIN nation b ON b.n_nationkey = a.n_nationkey;

-- A subquery's unqualified column belongs to its own table first.
-- schema: example
-- matches: 0
SELECT o1.o_orderkey FROM orders o1 WHERE EXISTS (SELECT 1 FROM orders o2 WHERE o_custkey = o1.o_custkey);

-- A CTE named like a table hides it.
-- schema: example
-- matches: 0
WITH orders AS (SELECT 1 AS x) SELECT o_orderkey FROM orders, lineitem;

-- matches: 0
SELECT o_orderkey FROM orders o1 JOIN orders o2 ON o2.o_custkey = o1.o_custkey;

-- Backticked qualifiers (Magento's EAV joins) say which table's value and entity_id; an unqualified one still does not.
-- schema: magento-eav
-- matches: 0
SELECT `e`.`sku`, `at_name`.`value` AS `name` FROM `catalog_product_entity` AS `e` LEFT JOIN `catalog_product_entity_varchar` AS `at_name` ON (`at_name`.`entity_id` = `e`.`entity_id`) AND (`at_name`.`attribute_id` = 73);

-- schema: magento-eav
-- matches: 1
SELECT `e`.`sku`, `entity_id` FROM `catalog_product_entity` AS `e` LEFT JOIN `catalog_product_entity_varchar` AS `at_name` ON (`at_name`.`entity_id` = `e`.`entity_id`);
