-- dialect: postgresql
-- schema: prisma.pg.schema.sql

-- expect rules: always-true-predicate, limit-without-order-by
-- expect index: CREATE INDEX idx_user_email ON "User" (email);
SELECT "public"."User"."id", "public"."User"."email", "public"."User"."name" FROM "public"."User" WHERE ("public"."User"."email" = $1 AND 1=1) LIMIT $2 OFFSET $3;
-- expect rules: limit-without-order-by
-- expect index: none
SELECT "public"."Post"."id", "public"."Post"."title", "public"."Post"."authorId" FROM "public"."Post" WHERE "public"."Post"."authorId" IN ($1,$2,$3) OFFSET $4;
-- expect rules: none
-- expect index: CREATE INDEX idx_post_published_authorid ON "Post" (published, "authorId");
SELECT "public"."Post"."id", "public"."Post"."title" FROM "public"."Post" WHERE ("public"."Post"."published" = $1 AND "public"."Post"."authorId" = $2) ORDER BY "public"."Post"."id" ASC LIMIT $3 OFFSET $4;
-- expect rules: always-true-predicate
-- expect index: none
SELECT COUNT(*) AS "_count._all" FROM (SELECT "public"."User"."id" FROM "public"."User" WHERE 1=1 OFFSET $1) AS "sub";
-- expect rules: none
-- expect index: CREATE INDEX idx_user_createdat ON "User" ("createdAt");
SELECT "public"."User"."id" FROM "public"."User" WHERE "public"."User"."createdAt" >= $1 ORDER BY "public"."User"."createdAt" DESC LIMIT $2 OFFSET $3;
-- expect rules: none
-- expect index: none
SELECT "public"."Post"."id", "public"."Post"."title", "public"."Post"."published", "public"."Post"."authorId" FROM "public"."Post" WHERE "public"."Post"."id" = $1 LIMIT $2 OFFSET $3;
-- expect rules: limit-without-order-by
-- expect index: none
SELECT "public"."User"."id", "public"."User"."email" FROM "public"."User" WHERE "public"."User"."id" IN ($1,$2,$3) OFFSET $4;
-- expect rules: always-true-predicate
-- expect index: none
UPDATE "public"."Post" SET "published" = $1 WHERE ("public"."Post"."id" = $2 AND 1=1) RETURNING "public"."Post"."id";
