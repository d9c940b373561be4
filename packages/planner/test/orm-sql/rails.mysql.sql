-- dialect: mysql
-- schema: app.mysql.schema.sql

SELECT `users`.* FROM `users` WHERE `users`.`id` IN (1, 2, 3);
SELECT `users`.* FROM `users` WHERE `users`.`id` = 1 LIMIT 1;
SELECT `users`.* FROM `users` WHERE `users`.`deleted_at` IS NULL AND `users`.`email` = 'a@example.com' LIMIT 1 /*application:Shop,controller:users,action:show*/;
/*application:Shop,controller:orders,action:index*/ SELECT `orders`.* FROM `orders` WHERE `orders`.`user_id` = 7 ORDER BY `orders`.`created_at` DESC LIMIT 25 OFFSET 50;
SELECT COUNT(*) FROM `orders` WHERE `orders`.`status` = 'paid';
SELECT 1 AS one FROM `users` WHERE `users`.`email` = 'b@example.com' LIMIT 1;
SELECT `orders`.* FROM `orders` INNER JOIN `users` ON `users`.`id` = `orders`.`user_id` WHERE `users`.`deleted_at` IS NULL AND `orders`.`status` = 'paid' ORDER BY `orders`.`id` DESC LIMIT 20;
UPDATE `users` SET `users`.`updated_at` = '2026-11-27 10:00:00' WHERE `users`.`id` = 3 /*application:Shop,controller:users,action:touch*/;
