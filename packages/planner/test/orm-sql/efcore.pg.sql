-- dialect: postgresql
-- schema: efcore.pg.schema.sql

-- expect rules: limit-without-order-by
-- expect index: CREATE INDEX idx_users_email_cover ON "Users" ("Email") INCLUDE ("Id");
SELECT u."Id", u."Email" FROM "Users" AS u WHERE u."Email" = @__email_0 LIMIT 1;
-- expect rules: limit-without-order-by
-- expect index: CREATE INDEX idx_users_email_partial ON "Users" ("Email") WHERE NOT "IsDeleted";
SELECT u."Id", u."DisplayName" FROM "Users" AS u WHERE NOT (u."IsDeleted") AND u."Email" = @__email_0 LIMIT 2;
-- expect rules: none
-- expect index: CREATE INDEX idx_orders_userid_createdat ON "Orders" ("UserId", "CreatedAt");
SELECT o."Id", o."Total" FROM "Orders" AS o WHERE o."UserId" = @__userId_0 AND o."CreatedAt" >= @__since_1 ORDER BY o."CreatedAt" DESC LIMIT @__p_2 OFFSET @__p_1;
-- expect rules: none
-- expect index: none
SELECT count(*)::int FROM "Users" AS u WHERE NOT (u."IsDeleted");
-- expect rules: none
-- expect index: CREATE INDEX idx_orders_userid_cover ON "Orders" ("UserId") INCLUDE ("Id", "Total");
SELECT u."Id", o."Id", o."Total" FROM "Users" AS u LEFT JOIN "Orders" AS o ON u."Id" = o."UserId" WHERE u."Id" = @__id_0 ORDER BY u."Id";
-- expect rules: none
-- expect index: none
SELECT u."Id", u."Email", u."DisplayName" FROM "Users" AS u WHERE u."Id" = ANY (@__ids_0);
-- expect rules: none
-- expect index: CREATE INDEX idx_users_email ON "Users" ("Email");
SELECT EXISTS (SELECT 1 FROM "Users" AS u WHERE u."Email" = @__email_0);
