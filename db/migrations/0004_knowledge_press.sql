CREATE TABLE "knowledge_item_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"title" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"hero_media" jsonb,
	"modules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"publish_date" timestamp with time zone NOT NULL,
	"author_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" smallint DEFAULT 0 NOT NULL,
	"category" smallint,
	"pinned" boolean DEFAULT false NOT NULL,
	"slug" text NOT NULL,
	"region_id" smallint DEFAULT 2 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"latest_version_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knowledge_items_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "press_release_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"title" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"hero_media" jsonb,
	"modules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"publish_date" timestamp with time zone NOT NULL,
	"author_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "press_releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" smallint DEFAULT 0 NOT NULL,
	"category" smallint,
	"pinned" boolean DEFAULT false NOT NULL,
	"slug" text NOT NULL,
	"region_id" smallint DEFAULT 2 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"latest_version_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "press_releases_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "knowledge_item_versions" ADD CONSTRAINT "knowledge_item_versions_item_id_knowledge_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."knowledge_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_release_versions" ADD CONSTRAINT "press_release_versions_item_id_press_releases_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."press_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_versions_item_idx" ON "knowledge_item_versions" USING btree ("item_id","id");--> statement-breakpoint
CREATE INDEX "knowledge_list_idx" ON "knowledge_items" USING btree ("status","region_id","category","type");--> statement-breakpoint
CREATE INDEX "press_versions_item_idx" ON "press_release_versions" USING btree ("item_id","id");--> statement-breakpoint
CREATE INDEX "press_list_idx" ON "press_releases" USING btree ("status","region_id","category","type");