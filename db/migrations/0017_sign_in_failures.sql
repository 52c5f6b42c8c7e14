CREATE TABLE "sign_in_failures" (
	"username" text PRIMARY KEY NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_failures_updated_idx" ON "sign_in_failures" USING btree ("updated");--> statement-breakpoint
-- Carry over the failures and lockouts counted on the accounts before this release.
INSERT INTO "sign_in_failures" ("username", "failed_attempts", "locked_until")
SELECT lower(trim("email")), "failed_attempts", "locked_until" FROM "admin_users"
WHERE "failed_attempts" > 0 OR "locked_until" > now()
ON CONFLICT ("username") DO NOTHING;--> statement-breakpoint
ALTER TABLE "admin_users" DROP COLUMN "failed_attempts";--> statement-breakpoint
ALTER TABLE "admin_users" DROP COLUMN "locked_until";