-- Issue 21 (ASVS level 2). Sign-in sessions: one row per refresh-token family, checked on every
-- authenticated request; the families live today become sessions signed in when their first token was made.
CREATE TABLE "auth_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"signed_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_admin_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
INSERT INTO "auth_sessions" ("id", "user_id", "signed_in_at", "revoked_at")
SELECT "family_id", min("user_id"), min("created"), CASE WHEN bool_and("revoked_at" IS NOT NULL) THEN max("revoked_at") END
FROM "refresh_tokens" GROUP BY "family_id";--> statement-breakpoint
-- Lockout per (username, client) and per username: the old per-username counts are dropped (at worst a lock ends early).
DELETE FROM "sign_in_failures";--> statement-breakpoint
ALTER TABLE "sign_in_failures" DROP CONSTRAINT "sign_in_failures_pkey";--> statement-breakpoint
ALTER TABLE "sign_in_failures" ADD COLUMN "client" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_failures" ADD COLUMN "lock_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_failures" ADD CONSTRAINT "sign_in_failures_username_client_pk" PRIMARY KEY("username","client");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "sensitive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Auth emails already sent: their links are blanked now (unsent ones are marked so they are blanked once sent).
UPDATE "mail_outbox" SET "sensitive" = true WHERE "kind" IN ('password-reset', 'set-password', 'one-time-sign-in');--> statement-breakpoint
UPDATE "mail_outbox" SET "text" = '[Removed after sending: this email held a sign-in or password link.]' WHERE "sensitive" AND "status" <> 'pending';--> statement-breakpoint
-- Redirects left by renames are marked; the ones that exist today cannot be told apart, so they count as an administrator's (renames leave them alone).
ALTER TABLE "redirects" ADD COLUMN "origin" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD COLUMN "data" jsonb;--> statement-breakpoint
-- The audit log: what was changed, and append-only. User ids stop being foreign keys (deleting a user would rewrite entries).
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor_user_id_admin_users_id_fk";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_target_user_id_admin_users_id_fk";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "subject_kind" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "subject_id" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "subject_title" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "subject_link" text;--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_email");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action");--> statement-breakpoint
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
