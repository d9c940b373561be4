-- dialect: mysql
-- schema: app.mysql.schema.sql

select user0_.id as id1_0_, user0_.email as email2_0_, user0_.name as name3_0_ from users user0_ where user0_.email=?;
select user0_.id as id1_0_0_, orders1_.id as id1_1_1_, orders1_.total as total3_1_1_ from users user0_ left outer join orders orders1_ on user0_.id=orders1_.user_id where user0_.email=? order by user0_.created_at desc;
select u1_0.id,u1_0.email from users u1_0 where u1_0.email=? limit ?;
select u1_0.id,u1_0.email from users u1_0 where u1_0.status=? order by u1_0.created_at desc limit ?,?;
select u1_0.id,u1_0.email from users u1_0 where u1_0.id=? for update;
select o1_0.id,o1_0.status from orders o1_0 where o1_0.id in (?,?,?,?,?,?,?,?);
select count(u1_0.id) from users u1_0 where u1_0.status=?;
select u1_0.id from users u1_0 where u1_0.deleted_at is null and u1_0.email=?;
update users set name=?, status=? where id=?;
select o1_0.id,o1_0.total,u1_0.email from orders o1_0 join users u1_0 on u1_0.id=o1_0.user_id where o1_0.status=? and o1_0.created_at>=? order by o1_0.created_at desc limit ?;
