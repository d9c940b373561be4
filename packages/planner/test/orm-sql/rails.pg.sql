-- dialect: postgresql
-- schema: app.pg.schema.sql

SELECT "users".* FROM "users" WHERE "users"."id" = $1 LIMIT $2;
SELECT "posts".* FROM "posts" WHERE "posts"."deleted_at" IS NULL AND "posts"."user_id" = $1 ORDER BY "posts"."created_at" DESC;
/*application:Blog,controller:posts,action:index*/ SELECT "posts".* FROM "posts" WHERE "posts"."published" = $1 LIMIT $2;
SELECT "posts".* FROM "posts" WHERE "posts"."user_id" = $1 /*application:Blog,controller:users,action:show*/;
SELECT COUNT(*) FROM "posts" WHERE "posts"."deleted_at" IS NULL AND "posts"."user_id" = $1;
SELECT 1 AS one FROM "users" WHERE "users"."email" = $1 LIMIT $2;
SELECT "users".* FROM "users" WHERE "users"."id" IN ($1, $2, $3);
SELECT "posts".* FROM "posts" INNER JOIN "users" ON "users"."id" = "posts"."user_id" WHERE "users"."status" = $1 AND "posts"."deleted_at" IS NULL ORDER BY "posts"."id" ASC LIMIT $2 OFFSET $3;
UPDATE "posts" SET "title" = $1, "updated_at" = $2 WHERE "posts"."id" = $3;
