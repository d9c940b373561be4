-- dialect: mysql
-- schema: app.mysql.schema.sql

-- expect rules: none
-- expect index: none
SELECT `app_user`.`id`, `app_user`.`username`, `app_user`.`email` FROM `app_user` WHERE (`app_user`.`is_active` AND `app_user`.`email` LIKE %s) ORDER BY `app_user`.`id` ASC LIMIT 21;
-- expect rules: none
-- expect index: none
SELECT COUNT(*) AS `__count` FROM `app_user` WHERE `app_user`.`is_active`;
-- expect rules: none
-- expect index: none
SELECT 1 AS `a` FROM `app_user` WHERE `app_user`.`username` = %(username)s LIMIT 1;
-- expect rules: none
-- expect index: none
SELECT `app_user`.`id`, `app_user`.`email` FROM `app_user` WHERE `app_user`.`date_joined` >= %s ORDER BY `app_user`.`date_joined` DESC LIMIT 21;
-- expect rules: none
-- expect index: CREATE INDEX `idx_app_user_email` ON `app_user` (`email`);
SELECT (1) AS `a` FROM `app_user` WHERE `app_user`.`email` = %(email)s LIMIT 1;
-- expect rules: none
-- expect index: none
UPDATE `app_user` SET `is_active` = %s WHERE `app_user`.`id` = %s;
