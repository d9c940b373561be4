-- dialect: postgresql
-- schema: app.pg.schema.sql

-- expect rules: none
-- expect index: CREATE INDEX idx_users_status_created_at_cover ON users (status, created_at) INCLUDE (id, email) WHERE deleted_at IS NULL;
select "id", "email" from "users" where "status" = ? and "deleted_at" is null order by "created_at" desc limit ?;
-- expect rules: select-star
-- expect index: none
select * from "users" where "id" = ? limit ?;
-- expect rules: count-not-null-column
-- expect index: CREATE INDEX idx_orders_user_id_cover ON orders (user_id) INCLUDE (id);
select count("id") as "count" from "orders" where "user_id" = ?;
-- expect rules: limit-without-order-by
-- expect index: CREATE INDEX idx_users_email_cover ON users (email) INCLUDE (id);
select "public"."users"."id", "public"."users"."email" from "public"."users" where "public"."users"."email" = ? fetch next ? rows only;
-- expect rules: none
-- expect index: CREATE INDEX idx_orders_status_user_id ON orders (status, user_id);
select "public"."orders"."user_id", count(*) from "public"."orders" where "public"."orders"."status" = ? group by "public"."orders"."user_id";
-- expect rules: none
-- expect index: CREATE INDEX idx_users_email_cover ON users (email) INCLUDE (id, name);
SELECT u0."id", u0."email", u0."name" FROM "users" AS u0 WHERE (u0."email" = $1);
-- expect rules: none
-- expect index: CREATE INDEX idx_posts_user_id_created_at_cover ON posts (user_id, created_at) INCLUDE (id, title) WHERE deleted_at IS NULL;
SELECT p0."id", p0."title" FROM "posts" AS p0 WHERE (p0."user_id" = $1) AND (p0."deleted_at" IS NULL) ORDER BY p0."created_at" DESC LIMIT $2;
-- expect rules: count-not-null-column
-- expect index: CREATE INDEX idx_users_status_cover ON users (status) INCLUDE (id);
SELECT count(u0."id") FROM "users" AS u0 WHERE (u0."status" = $1);
-- expect rules: none
-- expect index: none
SELECT u0."id", o1."total" FROM "users" AS u0 INNER JOIN "orders" AS o1 ON o1."user_id" = u0."id" WHERE (u0."id" = ANY($1));
-- expect rules: none
-- expect index: CREATE INDEX idx_orders_status_user_id ON orders (status, user_id);
select "users"."id", "users"."email" from "users" inner join "orders" on "orders"."user_id" = "users"."id" where "orders"."status" = ? and "users"."deleted_at" is null;
-- expect rules: none
-- expect index: CREATE INDEX idx_posts_user_id_cover ON posts (user_id) INCLUDE (id, title) WHERE published = true;
SELECT p0."id", p0."title", p0."user_id" FROM "posts" AS p0 WHERE (p0."user_id" = ANY($1)) AND (p0."published" = TRUE);
