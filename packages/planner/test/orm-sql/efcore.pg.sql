-- dialect: postgresql
-- schema: efcore.pg.schema.sql

SELECT u."Id", u."Email" FROM "Users" AS u WHERE u."Email" = @__email_0 LIMIT 1;
SELECT u."Id", u."DisplayName" FROM "Users" AS u WHERE NOT (u."IsDeleted") AND u."Email" = @__email_0 LIMIT 2;
SELECT o."Id", o."Total" FROM "Orders" AS o WHERE o."UserId" = @__userId_0 AND o."CreatedAt" >= @__since_1 ORDER BY o."CreatedAt" DESC LIMIT @__p_2 OFFSET @__p_1;
SELECT count(*)::int FROM "Users" AS u WHERE NOT (u."IsDeleted");
SELECT u."Id", o."Id", o."Total" FROM "Users" AS u LEFT JOIN "Orders" AS o ON u."Id" = o."UserId" WHERE u."Id" = @__id_0 ORDER BY u."Id";
SELECT u."Id", u."Email", u."DisplayName" FROM "Users" AS u WHERE u."Id" = ANY (@__ids_0);
SELECT EXISTS (SELECT 1 FROM "Users" AS u WHERE u."Email" = @__email_0);
