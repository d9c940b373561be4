CREATE TABLE "User" (
  "id" text PRIMARY KEY,
  "email" text NOT NULL,
  "name" text,
  "createdAt" timestamp(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE TABLE "Post" (
  "id" text PRIMARY KEY,
  "title" text NOT NULL,
  "published" boolean NOT NULL DEFAULT false,
  "authorId" text NOT NULL REFERENCES "User"("id")
);
