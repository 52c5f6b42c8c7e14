ALTER TABLE "import_jobs" ADD COLUMN "started_by" text;--> statement-breakpoint
-- hand-added: imports that ran side by side before this index keep only the latest of each kind as running
UPDATE "import_jobs" SET "state" = 'lost' WHERE "state" = 'running' AND "id" NOT IN (SELECT DISTINCT ON ("kind") "id" FROM "import_jobs" WHERE "state" = 'running' ORDER BY "kind", "updated" DESC);--> statement-breakpoint
CREATE UNIQUE INDEX "import_jobs_one_running_idx" ON "import_jobs" USING btree ("kind") WHERE "import_jobs"."state" = 'running';
