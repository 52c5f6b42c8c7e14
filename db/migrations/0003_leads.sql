CREATE TABLE "postal_codes" (
	"country" text NOT NULL,
	"code" text NOT NULL,
	"place_name" text DEFAULT '' NOT NULL,
	"admin_code" text DEFAULT '' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	CONSTRAINT "postal_codes_country_code_pk" PRIMARY KEY("country","code")
);
--> statement-breakpoint
CREATE TABLE "rep_territories" (
	"id" serial PRIMARY KEY NOT NULL,
	"rep_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reps" (
	"id" serial PRIMARY KEY NOT NULL,
	"region_id" smallint DEFAULT 2 NOT NULL,
	"name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"photo" text,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retailers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'US' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"website" text,
	"products" text[] DEFAULT '{}' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" smallint DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"phone_e164" text,
	"data" text DEFAULT '{}' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"zipcode" text DEFAULT '' NOT NULL,
	"region_id" smallint,
	"rep_id" integer,
	"retailer_id" integer,
	"captcha" text DEFAULT 'not-configured' NOT NULL,
	"captcha_score" real,
	"status" smallint DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"to_addresses" text[] NOT NULL,
	"reply_to" text,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"form_submission_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "rep_territories" ADD CONSTRAINT "rep_territories_rep_id_reps_id_fk" FOREIGN KEY ("rep_id") REFERENCES "public"."reps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_form_submission_id_form_submissions_id_fk" FOREIGN KEY ("form_submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rep_territories_rep_kind_value_uq" ON "rep_territories" USING btree ("rep_id","kind","value");--> statement-breakpoint
CREATE INDEX "rep_territories_kind_value_idx" ON "rep_territories" USING btree ("kind","value");--> statement-breakpoint
CREATE INDEX "retailers_lat_lng_idx" ON "retailers" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "form_submissions_status_created_idx" ON "form_submissions" USING btree ("status","created");--> statement-breakpoint
CREATE INDEX "form_submissions_status_name_idx" ON "form_submissions" USING btree ("status","name");--> statement-breakpoint
CREATE INDEX "form_submissions_status_type_idx" ON "form_submissions" USING btree ("status","type");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");