-- dialect: mysql
-- schema: sequelize.mysql.schema.sql

-- expect rules: none
-- expect index: none
SELECT `id`, `email`, `firstName`, `createdAt`, `updatedAt`, `deletedAt` FROM `Users` AS `User` WHERE (`User`.`deletedAt` IS NULL AND `User`.`id` = 1);
-- expect rules: limit-without-order-by
-- expect index: CREATE INDEX `idx_users_email_deletedat` ON `Users` (`email`, `deletedAt`);
SELECT `id`, `email` FROM `Users` AS `User` WHERE `User`.`deletedAt` IS NULL AND `User`.`email` = 'x@example.com' LIMIT 1;
-- expect rules: none
-- expect index: CREATE INDEX `idx_users_deletedat` ON `Users` (`deletedAt`);
SELECT count(*) AS `count` FROM `Users` AS `User` WHERE (`User`.`deletedAt` IS NULL);
-- expect rules: none
-- expect index: CREATE INDEX `idx_users_deletedat_createdat_cover` ON `Users` (`deletedAt`, `createdAt`, `email`);
SELECT `id`, `email` FROM `Users` AS `User` WHERE (`User`.`deletedAt` IS NULL) ORDER BY `User`.`createdAt` DESC LIMIT 0, 20;
-- expect rules: none
-- expect index: CREATE INDEX `idx_users_email_deletedat_cover` ON `Users` (`email`, `deletedAt`, `firstName`);
SELECT `id`, `email`, `firstName` FROM `Users` AS `User` WHERE (`User`.`deletedAt` IS NULL AND `User`.`email` IN ('a@example.com', 'b@example.com'));
-- expect rules: none
-- expect index: none
UPDATE `Users` SET `firstName`=?,`updatedAt`=? WHERE `id` = ?;
-- expect rules: none
-- expect index: CREATE INDEX `idx_users_deletedat` ON `Users` (`deletedAt`);
SELECT `id`, `email` FROM `Users` AS `User` WHERE (`User`.`deletedAt` IS NULL AND `User`.`createdAt` >= '2026-01-01 00:00:00') ORDER BY `User`.`createdAt` DESC LIMIT 20;
