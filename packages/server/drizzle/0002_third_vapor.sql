CREATE TABLE "task_report_parts" (
	"task_id" uuid NOT NULL,
	"run" uuid NOT NULL,
	"seq" integer NOT NULL,
	"part" text NOT NULL,
	CONSTRAINT "task_report_parts_task_id_run_seq_pk" PRIMARY KEY("task_id","run","seq")
);
--> statement-breakpoint
CREATE TABLE "workers" (
	"id" text PRIMARY KEY NOT NULL,
	"slots" integer NOT NULL,
	"expire_seconds" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "report_run" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "statement_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "statements_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "lease_token" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "leased_by" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "available_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "result_writes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "task_report_parts" ADD CONSTRAINT "task_report_parts_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_in_progress_idx" ON "tasks" USING btree ("created_at") WHERE "tasks"."state" = 'In Progress';--> statement-breakpoint
-- Reports are stored uncompressed: compressing tens of megabytes in the embedded database took seconds (design.md).
ALTER TABLE "task_report_parts" ALTER COLUMN "part" SET STORAGE EXTERNAL;--> statement-breakpoint
-- The job queue is the tasks table now (docs/design.md): pg-boss and its copies of the jobs go; tasks still In Progress are taken from the table.
DROP SCHEMA IF EXISTS "pgboss" CASCADE;