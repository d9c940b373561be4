-- dialect: postgresql
-- schema: app.pg.schema.sql

select "id", "email" from "users" where "status" = ? and "deleted_at" is null order by "created_at" desc limit ?;
select * from "users" where "id" = ? limit ?;
select count("id") as "count" from "orders" where "user_id" = ?;
select "public"."users"."id", "public"."users"."email" from "public"."users" where "public"."users"."email" = ? fetch next ? rows only;
select "public"."orders"."user_id", count(*) from "public"."orders" where "public"."orders"."status" = ? group by "public"."orders"."user_id";
SELECT u0."id", u0."email", u0."name" FROM "users" AS u0 WHERE (u0."email" = $1);
SELECT p0."id", p0."title" FROM "posts" AS p0 WHERE (p0."user_id" = $1) AND (p0."deleted_at" IS NULL) ORDER BY p0."created_at" DESC LIMIT $2;
SELECT count(u0."id") FROM "users" AS u0 WHERE (u0."status" = $1);
SELECT u0."id", o1."total" FROM "users" AS u0 INNER JOIN "orders" AS o1 ON o1."user_id" = u0."id" WHERE (u0."id" = ANY($1));
select "users"."id", "users"."email" from "users" inner join "orders" on "orders"."user_id" = "users"."id" where "orders"."status" = ? and "users"."deleted_at" is null;
SELECT p0."id", p0."title", p0."user_id" FROM "posts" AS p0 WHERE (p0."user_id" = ANY($1)) AND (p0."published" = TRUE);
