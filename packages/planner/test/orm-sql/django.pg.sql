-- dialect: postgresql
-- schema: app.pg.schema.sql

SELECT "app_user"."id", "app_user"."username", "app_user"."email", "app_user"."is_active" FROM "app_user" WHERE ("app_user"."is_active" AND UPPER("app_user"."email"::text) = UPPER(%s)) ORDER BY "app_user"."id" ASC LIMIT 21;
SELECT "app_user"."id", "app_user"."username" FROM "app_user" INNER JOIN "app_user_groups" ON ("app_user"."id" = "app_user_groups"."user_id") WHERE "app_user_groups"."group_id" = %s ORDER BY "app_user"."username" ASC;
SELECT (1) AS "a" FROM "app_user" WHERE "app_user"."username" = %(username)s LIMIT 1;
SELECT EXISTS(SELECT 1 AS "a" FROM "app_user" WHERE "app_user"."email" = %s LIMIT 1) AS "a";
SELECT COUNT(*) AS "__count" FROM "app_user" WHERE "app_user"."is_staff";
SELECT "app_user"."id", "app_user"."email" FROM "app_user" WHERE "app_user"."date_joined" >= %s::timestamptz ORDER BY "app_user"."date_joined" DESC LIMIT 21;
SELECT "app_group"."id", "app_group"."name" FROM "app_group" INNER JOIN "app_user_groups" ON ("app_group"."id" = "app_user_groups"."group_id") WHERE "app_user_groups"."user_id" IN (%s, %s, %s);
UPDATE "app_user" SET "is_active" = %s WHERE "app_user"."id" = %s;
SELECT "app_user"."id" FROM "app_user" WHERE "app_user"."email"::text LIKE %s ESCAPE '\' LIMIT 21;
