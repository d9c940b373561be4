ALTER TABLE "users" DROP COLUMN "sql_used";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "xml_used";