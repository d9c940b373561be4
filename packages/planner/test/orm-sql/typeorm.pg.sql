-- dialect: postgresql
-- schema: typeorm.pg.schema.sql

-- expect rules: none
-- expect index: none
SELECT "User"."id" AS "User_id", "User"."firstName" AS "User_firstName", "User"."lastName" AS "User_lastName" FROM "user" "User" WHERE "User"."id" IN ($1);
-- expect rules: none
-- expect index: none
SELECT "user"."id" AS "user_id", "photo"."id" AS "photo_id", "photo"."url" AS "photo_url" FROM "user" "user" LEFT JOIN "photo" "photo" ON "photo"."userId"="user"."id" WHERE "user"."firstName" = $1 AND "user"."isActive" = $2;
-- expect rules: none
-- expect index: none
SELECT DISTINCT "distinctAlias"."User_id" AS "ids_User_id" FROM (SELECT "User"."id" AS "User_id", "User"."firstName" AS "User_firstName" FROM "user" "User" WHERE "User"."isActive" = $1) "distinctAlias" ORDER BY "User_id" ASC LIMIT 10;
-- expect rules: count-not-null-column
-- expect index: none
SELECT COUNT(DISTINCT("User"."id")) AS "cnt" FROM "user" "User" WHERE "User"."lastName" = $1;
-- expect rules: none
-- expect index: CREATE INDEX idx_photo_userid ON photo ("userId");
SELECT "photo"."id" AS "photo_id", "photo"."url" AS "photo_url", "photo"."userId" AS "photo_userId" FROM "photo" "photo" WHERE "photo"."userId" IN ($1, $2);
-- expect rules: none
-- expect index: none
UPDATE "user" SET "isActive" = $1 WHERE "id" = $2;
