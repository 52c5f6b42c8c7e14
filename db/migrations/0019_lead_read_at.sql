ALTER TABLE "form_submissions" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
-- leads that arrived before the dashboard counted unread ones were handled already
UPDATE "form_submissions" SET "read_at" = "created";
