CREATE TABLE "privacy_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"created_by" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "privacy_text_id" integer;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_privacy_text_id_privacy_texts_id_fk" FOREIGN KEY ("privacy_text_id") REFERENCES "public"."privacy_texts"("id") ON DELETE no action ON UPDATE no action;