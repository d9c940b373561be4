CREATE TABLE "examples" (
	"name" text PRIMARY KEY NOT NULL,
	"task_id" uuid,
	"previous_task_id" uuid,
	"engine_version" text NOT NULL,
	"input_digest" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "examples" ADD CONSTRAINT "examples_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "examples" ADD CONSTRAINT "examples_previous_task_id_tasks_id_fk" FOREIGN KEY ("previous_task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;