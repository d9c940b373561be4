-- dialect: mysql
-- schema: app.mysql.schema.sql

-- expect rules: none
-- expect index: CREATE INDEX `idx_users_email_cover` ON `users` (`email`, `name`);
select user0_.id as id1_0_, user0_.email as email2_0_, user0_.name as name3_0_ from users user0_ where user0_.email=?;
-- expect rules: none
-- expect index: CREATE INDEX `idx_users_email` ON `users` (`email`);
-- expect index: CREATE INDEX `idx_orders_user_id_cover` ON `orders` (`user_id`, `total`);
select user0_.id as id1_0_0_, orders1_.id as id1_1_1_, orders1_.total as total3_1_1_ from users user0_ left outer join orders orders1_ on user0_.id=orders1_.user_id where user0_.email=? order by user0_.created_at desc;
-- expect rules: limit-without-order-by
-- expect index: CREATE INDEX `idx_users_email` ON `users` (`email`);
select u1_0.id,u1_0.email from users u1_0 where u1_0.email=? limit ?;
-- expect rules: none
-- expect index: CREATE INDEX `idx_users_status_created_at_cover` ON `users` (`status`, `created_at`, `email`);
select u1_0.id,u1_0.email from users u1_0 where u1_0.status=? order by u1_0.created_at desc limit ?,?;
-- expect rules: none
-- expect index: none
select u1_0.id,u1_0.email from users u1_0 where u1_0.id=? for update;
-- expect rules: none
-- expect index: none
select o1_0.id,o1_0.status from orders o1_0 where o1_0.id in (?,?,?,?,?,?,?,?);
-- expect rules: count-not-null-column
-- expect index: CREATE INDEX `idx_users_status` ON `users` (`status`);
select count(u1_0.id) from users u1_0 where u1_0.status=?;
-- expect rules: none
-- expect index: CREATE INDEX `idx_users_email_deleted_at` ON `users` (`email`, `deleted_at`);
select u1_0.id from users u1_0 where u1_0.deleted_at is null and u1_0.email=?;
-- expect rules: none
-- expect index: none
update users set name=?, status=? where id=?;
-- expect rules: none
-- expect index: CREATE INDEX `idx_orders_status_user_id_created_at_cover` ON `orders` (`status`, `user_id`, `created_at`, `total`);
select o1_0.id,o1_0.total,u1_0.email from orders o1_0 join users u1_0 on u1_0.id=o1_0.user_id where o1_0.status=? and o1_0.created_at>=? order by o1_0.created_at desc limit ?;
