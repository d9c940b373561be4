-- dialect: mysql
-- schema: app.mysql.schema.sql

-- expect rules: select-star
-- expect index: none
SELECT `users`.* FROM `users` WHERE `users`.`id` IN (1, 2, 3);
-- expect rules: select-star
-- expect index: none
SELECT `users`.* FROM `users` WHERE `users`.`id` = 1 LIMIT 1;
-- expect rules: limit-without-order-by, select-star
-- expect index: CREATE INDEX `idx_users_email_deleted_at` ON `users` (`email`, `deleted_at`);
SELECT `users`.* FROM `users` WHERE `users`.`deleted_at` IS NULL AND `users`.`email` = 'a@example.com' LIMIT 1 /*application:Shop,controller:users,action:show*/;
-- expect rules: select-star
-- expect index: CREATE INDEX `idx_orders_user_id_created_at_cover` ON `orders` (`user_id`, `created_at`, `total`, `status`);
/*application:Shop,controller:orders,action:index*/ SELECT `orders`.* FROM `orders` WHERE `orders`.`user_id` = 7 ORDER BY `orders`.`created_at` DESC LIMIT 25 OFFSET 50;
-- expect rules: none
-- expect index: CREATE INDEX `idx_orders_status` ON `orders` (`status`);
SELECT COUNT(*) FROM `orders` WHERE `orders`.`status` = 'paid';
-- expect rules: none
-- expect index: CREATE INDEX `idx_users_email` ON `users` (`email`);
SELECT 1 AS one FROM `users` WHERE `users`.`email` = 'b@example.com' LIMIT 1;
-- expect rules: select-star
-- expect index: CREATE INDEX `idx_orders_status` ON `orders` (`status`);
SELECT `orders`.* FROM `orders` INNER JOIN `users` ON `users`.`id` = `orders`.`user_id` WHERE `users`.`deleted_at` IS NULL AND `orders`.`status` = 'paid' ORDER BY `orders`.`id` DESC LIMIT 20;
-- expect rules: none
-- expect index: none
UPDATE `users` SET `users`.`updated_at` = '2026-11-27 10:00:00' WHERE `users`.`id` = 3 /*application:Shop,controller:users,action:touch*/;
