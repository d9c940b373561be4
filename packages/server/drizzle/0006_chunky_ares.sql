ALTER TABLE "users" ADD COLUMN "unsubscribe_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_unsubscribe_id_unique" UNIQUE("unsubscribe_id");