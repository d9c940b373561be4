-- Fixture cases of sql-calc-found-rows. Format: test-support/rule-fixtures.ts.

-- WordPress's WP_Query as WooCommerce's product list sends it.
-- matches: 1
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts LEFT JOIN wp_postmeta ON (wp_posts.ID = wp_postmeta.post_id) WHERE 1=1 AND wp_posts.post_type = 'product' GROUP BY wp_posts.ID ORDER BY wp_posts.post_date DESC LIMIT 0, 10;

-- In a derived table too.
-- matches: 1
SELECT n.ID FROM (SELECT SQL_CALC_FOUND_ROWS ID FROM wp_posts LIMIT 10) AS n;

-- The count asked for separately, and other select options.
-- matches: 0
SELECT SQL_NO_CACHE COUNT(*) FROM wp_posts WHERE post_type = 'product';

-- matches: 0
SELECT FOUND_ROWS();
