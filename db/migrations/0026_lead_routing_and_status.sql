CREATE TABLE "lead_activity" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_value" text,
	"to_value" text,
	"note" text,
	"actor_id" integer,
	"actor_email" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "lead_status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "assigned_rep_id" integer;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "assigned_user_id" integer;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "routing" text;--> statement-breakpoint
ALTER TABLE "lead_activity" ADD CONSTRAINT "lead_activity_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_activity" ADD CONSTRAINT "lead_activity_actor_id_admin_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_activity_submission_idx" ON "lead_activity" USING btree ("submission_id","id");--> statement-breakpoint
CREATE INDEX "lead_activity_kind_submission_idx" ON "lead_activity" USING btree ("kind","submission_id");--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_assigned_rep_id_reps_id_fk" FOREIGN KEY ("assigned_rep_id") REFERENCES "public"."reps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_assigned_user_id_admin_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_submissions_lead_status_created_idx" ON "form_submissions" USING btree ("lead_status","created");--> statement-breakpoint
CREATE INDEX "form_submissions_assigned_rep_idx" ON "form_submissions" USING btree ("assigned_rep_id");