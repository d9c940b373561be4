-- dialect: mysql
-- schema: app.mysql.schema.sql

-- expect rules: select-star
-- expect index: CREATE INDEX `idx_users_deleted_at` ON `users` (`deleted_at`);
SELECT * FROM `users` WHERE `users`.`deleted_at` IS NULL ORDER BY `users`.`id` LIMIT 1;
-- expect rules: select-star
-- expect index: CREATE INDEX `idx_users_email_deleted_at` ON `users` (`email`, `deleted_at`);
SELECT * FROM `users` WHERE email = 'jinzhu@example.com' AND `users`.`deleted_at` IS NULL ORDER BY `users`.`id` LIMIT 1;
-- expect rules: select-star
-- expect index: CREATE INDEX `idx_users_deleted_at_cover` ON `users` (`deleted_at`, `name`);
SELECT * FROM `users` WHERE name <> 'jinzhu' AND `users`.`deleted_at` IS NULL;
-- expect rules: none
-- expect index: CREATE INDEX `idx_users_status_deleted_at` ON `users` (`status`, `deleted_at`);
SELECT count(*) FROM `users` WHERE status = 'active' AND `users`.`deleted_at` IS NULL;
-- expect rules: select-star
-- expect index: CREATE INDEX `idx_orders_user_id_cover` ON `orders` (`user_id`, `total`, `status`, `created_at`);
SELECT * FROM `orders` WHERE `orders`.`user_id` IN (1,2,3);
-- expect rules: none
-- expect index: none
UPDATE `users` SET `name`='hello',`updated_at`='2026-11-27 10:00:00.123' WHERE `users`.`deleted_at` IS NULL AND `id` = 10;
-- expect rules: none
-- expect index: CREATE INDEX `idx_users_status_deleted_at_created_at_cover` ON `users` (`status`, `deleted_at`, `created_at`, `email`);
select `id`, `email` from `users` where `status` = ? and `deleted_at` is null order by `created_at` desc limit ?;
-- expect rules: select-star
-- expect index: none
select * from `users` where `id` = ? limit ?;
