CREATE TABLE "user" (
  "id" SERIAL PRIMARY KEY,
  "firstName" character varying NOT NULL,
  "lastName" character varying NOT NULL,
  "isActive" boolean NOT NULL DEFAULT true
);
CREATE TABLE "photo" ("id" SERIAL PRIMARY KEY, "url" character varying NOT NULL, "userId" integer REFERENCES "user"("id"));
