CREATE TABLE "backfills_done" (
	"name" text PRIMARY KEY NOT NULL,
	"rows" integer NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL
);
