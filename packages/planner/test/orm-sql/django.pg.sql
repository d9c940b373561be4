-- dialect: postgresql
-- schema: app.pg.schema.sql

-- expect rules: function-on-column
-- expect index: CREATE INDEX idx_app_user_upper_email_text_id_cover ON app_user ((upper(email::text)), id) INCLUDE (username, email, is_active);
SELECT "app_user"."id", "app_user"."username", "app_user"."email", "app_user"."is_active" FROM "app_user" WHERE ("app_user"."is_active" AND UPPER("app_user"."email"::text) = UPPER(%s)) ORDER BY "app_user"."id" ASC LIMIT 21;
-- expect rules: none
-- expect index: CREATE INDEX idx_app_user_groups_group_id_user_id ON app_user_groups (group_id, user_id);
SELECT "app_user"."id", "app_user"."username" FROM "app_user" INNER JOIN "app_user_groups" ON ("app_user"."id" = "app_user_groups"."user_id") WHERE "app_user_groups"."group_id" = %s ORDER BY "app_user"."username" ASC;
-- expect rules: none
-- expect index: none
SELECT (1) AS "a" FROM "app_user" WHERE "app_user"."username" = %(username)s LIMIT 1;
-- expect rules: none
-- expect index: CREATE INDEX idx_app_user_email ON app_user (email);
SELECT EXISTS(SELECT 1 AS "a" FROM "app_user" WHERE "app_user"."email" = %s LIMIT 1) AS "a";
-- expect rules: none
-- expect index: none
SELECT COUNT(*) AS "__count" FROM "app_user" WHERE "app_user"."is_staff";
-- expect rules: none
-- expect index: CREATE INDEX idx_app_user_date_joined_cover ON app_user (date_joined) INCLUDE (id, email);
SELECT "app_user"."id", "app_user"."email" FROM "app_user" WHERE "app_user"."date_joined" >= %s::timestamptz ORDER BY "app_user"."date_joined" DESC LIMIT 21;
-- expect rules: none
-- expect index: CREATE INDEX idx_app_user_groups_user_id_group_id ON app_user_groups (user_id, group_id);
SELECT "app_group"."id", "app_group"."name" FROM "app_group" INNER JOIN "app_user_groups" ON ("app_group"."id" = "app_user_groups"."group_id") WHERE "app_user_groups"."user_id" IN (%s, %s, %s);
-- expect rules: none
-- expect index: none
UPDATE "app_user" SET "is_active" = %s WHERE "app_user"."id" = %s;
-- expect rules: limit-without-order-by
-- expect index: none
SELECT "app_user"."id" FROM "app_user" WHERE "app_user"."email"::text LIKE %s ESCAPE '\' LIMIT 21;
