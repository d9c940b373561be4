-- Each stored report becomes one part of a run of its own before the column goes.
UPDATE "tasks" SET "report_run" = gen_random_uuid() WHERE "report" IS NOT NULL;--> statement-breakpoint
INSERT INTO "task_report_parts" ("task_id", "run", "seq", "part")
  SELECT "id", "report_run", 0, "report"::text FROM "tasks" WHERE "report" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" DROP COLUMN "report";
