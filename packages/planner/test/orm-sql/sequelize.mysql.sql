-- dialect: mysql
-- schema: sequelize.mysql.schema.sql

SELECT `id`, `email`, `firstName`, `createdAt`, `updatedAt`, `deletedAt` FROM `Users` AS `User` WHERE (`User`.`deletedAt` IS NULL AND `User`.`id` = 1);
SELECT `id`, `email` FROM `Users` AS `User` WHERE `User`.`deletedAt` IS NULL AND `User`.`email` = 'x@example.com' LIMIT 1;
SELECT count(*) AS `count` FROM `Users` AS `User` WHERE (`User`.`deletedAt` IS NULL);
SELECT `id`, `email` FROM `Users` AS `User` WHERE (`User`.`deletedAt` IS NULL) ORDER BY `User`.`createdAt` DESC LIMIT 0, 20;
SELECT `id`, `email`, `firstName` FROM `Users` AS `User` WHERE (`User`.`deletedAt` IS NULL AND `User`.`email` IN ('a@example.com', 'b@example.com'));
UPDATE `Users` SET `firstName`=?,`updatedAt`=? WHERE `id` = ?;
SELECT `id`, `email` FROM `Users` AS `User` WHERE (`User`.`deletedAt` IS NULL AND `User`.`createdAt` >= '2026-01-01 00:00:00') ORDER BY `User`.`createdAt` DESC LIMIT 20;
