CREATE TABLE "rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "redeem_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"plan" text NOT NULL,
	"period" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"redeemed_by" uuid,
	"redeemed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"email" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "verification_codes_email_purpose_pk" PRIMARY KEY("email","purpose")
);
--> statement-breakpoint
ALTER TABLE "plan_grants" ADD COLUMN "sql_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_grants" ADD COLUMN "xml_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_grants" ADD COLUMN "source" text DEFAULT 'free' NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_grants" ADD COLUMN "valid_from" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "activation_token_hash" text;--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD CONSTRAINT "redeem_codes_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_grants_user_valid_idx" ON "plan_grants" USING btree ("user_id","valid_until");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_grants_free_cycle_idx" ON "plan_grants" USING btree ("user_id","valid_from") WHERE "plan_grants"."source" = 'free';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_activation_token_hash_unique" UNIQUE("activation_token_hash");--> statement-breakpoint
-- Accounts made before activation existed were active at once and stay so.
UPDATE "users" SET "activated_at" = "created_at";--> statement-breakpoint
-- Every grant so far was the free plan granted at sign-up: it becomes the account's first monthly cycle, and the usage
-- counted for life on the user moves onto it (usage is per grant now; an ended cycle's usage ends with it).
UPDATE "plan_grants" AS g SET "valid_from" = u."created_at", "valid_until" = u."created_at" + interval '1 month',
  "sql_used" = u."sql_used", "xml_used" = u."xml_used"
  FROM "users" AS u WHERE u."id" = g."user_id";
