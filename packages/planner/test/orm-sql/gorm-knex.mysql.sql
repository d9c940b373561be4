-- dialect: mysql
-- schema: app.mysql.schema.sql

SELECT * FROM `users` WHERE `users`.`deleted_at` IS NULL ORDER BY `users`.`id` LIMIT 1;
SELECT * FROM `users` WHERE email = 'jinzhu@example.com' AND `users`.`deleted_at` IS NULL ORDER BY `users`.`id` LIMIT 1;
SELECT * FROM `users` WHERE name <> 'jinzhu' AND `users`.`deleted_at` IS NULL;
SELECT count(*) FROM `users` WHERE status = 'active' AND `users`.`deleted_at` IS NULL;
SELECT * FROM `orders` WHERE `orders`.`user_id` IN (1,2,3);
UPDATE `users` SET `name`='hello',`updated_at`='2026-11-27 10:00:00.123' WHERE `users`.`deleted_at` IS NULL AND `id` = 10;
select `id`, `email` from `users` where `status` = ? and `deleted_at` is null order by `created_at` desc limit ?;
select * from `users` where `id` = ? limit ?;
