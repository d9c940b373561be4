-- dialect: postgresql
-- schema: prisma.pg.schema.sql

SELECT "public"."User"."id", "public"."User"."email", "public"."User"."name" FROM "public"."User" WHERE ("public"."User"."email" = $1 AND 1=1) LIMIT $2 OFFSET $3;
SELECT "public"."Post"."id", "public"."Post"."title", "public"."Post"."authorId" FROM "public"."Post" WHERE "public"."Post"."authorId" IN ($1,$2,$3) OFFSET $4;
SELECT "public"."Post"."id", "public"."Post"."title" FROM "public"."Post" WHERE ("public"."Post"."published" = $1 AND "public"."Post"."authorId" = $2) ORDER BY "public"."Post"."id" ASC LIMIT $3 OFFSET $4;
SELECT COUNT(*) AS "_count._all" FROM (SELECT "public"."User"."id" FROM "public"."User" WHERE 1=1 OFFSET $1) AS "sub";
SELECT "public"."User"."id" FROM "public"."User" WHERE "public"."User"."createdAt" >= $1 ORDER BY "public"."User"."createdAt" DESC LIMIT $2 OFFSET $3;
SELECT "public"."Post"."id", "public"."Post"."title", "public"."Post"."published", "public"."Post"."authorId" FROM "public"."Post" WHERE "public"."Post"."id" = $1 LIMIT $2 OFFSET $3;
SELECT "public"."User"."id", "public"."User"."email" FROM "public"."User" WHERE "public"."User"."id" IN ($1,$2,$3) OFFSET $4;
UPDATE "public"."Post" SET "published" = $1 WHERE ("public"."Post"."id" = $2 AND 1=1) RETURNING "public"."Post"."id";
