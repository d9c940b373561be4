CREATE TABLE "purchases" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"item" integer NOT NULL,
	"order_reference" text NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"grant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_provider_event_id_item_pk" PRIMARY KEY("provider","event_id","item")
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchases_order_idx" ON "purchases" USING btree ("provider","order_reference");