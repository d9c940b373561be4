-- dialect: postgresql
-- schema: typeorm.pg.schema.sql

SELECT "User"."id" AS "User_id", "User"."firstName" AS "User_firstName", "User"."lastName" AS "User_lastName" FROM "user" "User" WHERE "User"."id" IN ($1);
SELECT "user"."id" AS "user_id", "photo"."id" AS "photo_id", "photo"."url" AS "photo_url" FROM "user" "user" LEFT JOIN "photo" "photo" ON "photo"."userId"="user"."id" WHERE "user"."firstName" = $1 AND "user"."isActive" = $2;
SELECT DISTINCT "distinctAlias"."User_id" AS "ids_User_id" FROM (SELECT "User"."id" AS "User_id", "User"."firstName" AS "User_firstName" FROM "user" "User" WHERE "User"."isActive" = $1) "distinctAlias" ORDER BY "User_id" ASC LIMIT 10;
SELECT COUNT(DISTINCT("User"."id")) AS "cnt" FROM "user" "User" WHERE "User"."lastName" = $1;
SELECT "photo"."id" AS "photo_id", "photo"."url" AS "photo_url", "photo"."userId" AS "photo_userId" FROM "photo" "photo" WHERE "photo"."userId" IN ($1, $2);
UPDATE "user" SET "isActive" = $1 WHERE "id" = $2;
