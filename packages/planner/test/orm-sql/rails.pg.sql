-- dialect: postgresql
-- schema: app.pg.schema.sql

-- expect rules: select-star
-- expect index: none
SELECT "users".* FROM "users" WHERE "users"."id" = $1 LIMIT $2;
-- expect rules: select-star
-- expect index: CREATE INDEX idx_posts_user_id_created_at_partial ON posts (user_id, created_at) WHERE deleted_at IS NULL;
SELECT "posts".* FROM "posts" WHERE "posts"."deleted_at" IS NULL AND "posts"."user_id" = $1 ORDER BY "posts"."created_at" DESC;
-- expect rules: limit-without-order-by, select-star
-- expect index: none
/*application:Blog,controller:posts,action:index*/ SELECT "posts".* FROM "posts" WHERE "posts"."published" = $1 LIMIT $2;
-- expect rules: select-star
-- expect index: CREATE INDEX idx_posts_user_id ON posts (user_id);
SELECT "posts".* FROM "posts" WHERE "posts"."user_id" = $1 /*application:Blog,controller:users,action:show*/;
-- expect rules: none
-- expect index: CREATE INDEX idx_posts_user_id_partial ON posts (user_id) WHERE deleted_at IS NULL;
SELECT COUNT(*) FROM "posts" WHERE "posts"."deleted_at" IS NULL AND "posts"."user_id" = $1;
-- expect rules: none
-- expect index: CREATE INDEX idx_users_email ON users (email);
SELECT 1 AS one FROM "users" WHERE "users"."email" = $1 LIMIT $2;
-- expect rules: select-star
-- expect index: none
SELECT "users".* FROM "users" WHERE "users"."id" IN ($1, $2, $3);
-- expect rules: select-star
-- expect index: CREATE INDEX idx_users_status ON users (status);
-- expect index: CREATE INDEX idx_posts_user_id_partial ON posts (user_id) WHERE deleted_at IS NULL;
SELECT "posts".* FROM "posts" INNER JOIN "users" ON "users"."id" = "posts"."user_id" WHERE "users"."status" = $1 AND "posts"."deleted_at" IS NULL ORDER BY "posts"."id" ASC LIMIT $2 OFFSET $3;
-- expect rules: none
-- expect index: none
UPDATE "posts" SET "title" = $1, "updated_at" = $2 WHERE "posts"."id" = $3;
