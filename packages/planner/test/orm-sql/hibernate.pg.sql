-- dialect: postgresql
-- schema: app.pg.schema.sql

select user0_.id as id1_0_, user0_.email as email2_0_, user0_.name as name3_0_ from users user0_ where user0_.email=?;
select user0_.id as id1_0_0_, orders1_.id as id1_1_1_, user0_.email as email2_0_0_, orders1_.total as total3_1_1_, orders1_.user_id as user_id5_1_0__, orders1_.id as id1_1_0__ from users user0_ left outer join orders orders1_ on user0_.id=orders1_.user_id where user0_.email=? order by user0_.created_at desc;
select u1_0.id,u1_0.email from users u1_0 where u1_0.email=? fetch first ? rows only;
select u1_0.id,u1_0.email from users u1_0 where u1_0.status=? order by u1_0.created_at desc offset ? rows fetch first ? rows only;
select u1_0.id,u1_0.email,u1_0.name from users u1_0 where u1_0.id=? for update of u1_0;
select o1_0.id,o1_0.status,o1_0.total from orders o1_0 where o1_0.id in (?,?,?,?,?,?,?,?,?,?);
select count(u1_0.id) from users u1_0 where u1_0.status=?;
select o1_0.user_id,sum(o1_0.total) from orders o1_0 where o1_0.created_at>=? group by o1_0.user_id having sum(o1_0.total)>?;
select u1_0.id from users u1_0 where u1_0.deleted_at is null and u1_0.email=?;
update users set name=?, status=? where id=?;
