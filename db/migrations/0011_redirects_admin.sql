CREATE TABLE "not_found_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"first_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "not_found_log_path_unique" UNIQUE("path")
);
--> statement-breakpoint
ALTER TABLE "redirects" ALTER COLUMN "to_path" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "redirects" ADD COLUMN "keep_query" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "redirects" ADD COLUMN "hits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "redirects" ADD COLUMN "last_hit" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "not_found_log_last_seen_idx" ON "not_found_log" USING btree ("last_seen");