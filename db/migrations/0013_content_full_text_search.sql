CREATE TABLE "knowledge_item_search" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', summary), 'B') || setweight(to_tsvector('english', body), 'C')) STORED NOT NULL,
	"rank_document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', summary), 'B')) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "press_release_search" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', summary), 'B') || setweight(to_tsvector('english', body), 'C')) STORED NOT NULL,
	"rank_document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', summary), 'B')) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_item_search" ADD CONSTRAINT "knowledge_item_search_item_id_knowledge_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."knowledge_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_release_search" ADD CONSTRAINT "press_release_search_item_id_press_releases_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."press_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_search_document_idx" ON "knowledge_item_search" USING gin ("document");--> statement-breakpoint
CREATE INDEX "press_search_document_idx" ON "press_release_search" USING gin ("document");--> statement-breakpoint
ALTER TABLE "knowledge_items" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "press_releases" DROP COLUMN "search_text";--> statement-breakpoint
INSERT INTO "knowledge_item_search" ("item_id", "title", "summary", "body") SELECT i."id", v."title", coalesce(v."metadata"->>'desc', ''), coalesce((SELECT string_agg(t.x #>> '{}', ' ') FROM (SELECT jsonb_path_query(v."modules", 'lax $[*].content') AS x UNION ALL SELECT jsonb_path_query(v."modules", 'lax $[*].items[*].headline') AS x UNION ALL SELECT jsonb_path_query(v."modules", 'lax $[*].items[*].shortDescription') AS x UNION ALL SELECT jsonb_path_query(v."modules", 'lax $[*].items[*].imageItem.alttext') AS x UNION ALL SELECT jsonb_path_query(v."modules", 'lax $[*].items[*].editorData') AS x) AS t WHERE jsonb_typeof(t.x) = 'string'), '') FROM "knowledge_items" AS i JOIN "knowledge_item_versions" AS v ON v."id" = i."latest_version_id";--> statement-breakpoint
INSERT INTO "press_release_search" ("item_id", "title", "summary", "body") SELECT i."id", v."title", coalesce(v."metadata"->>'desc', ''), coalesce((SELECT string_agg(t.x #>> '{}', ' ') FROM (SELECT jsonb_path_query(v."modules", 'lax $[*].content') AS x UNION ALL SELECT jsonb_path_query(v."modules", 'lax $[*].items[*].headline') AS x UNION ALL SELECT jsonb_path_query(v."modules", 'lax $[*].items[*].shortDescription') AS x UNION ALL SELECT jsonb_path_query(v."modules", 'lax $[*].items[*].imageItem.alttext') AS x UNION ALL SELECT jsonb_path_query(v."modules", 'lax $[*].items[*].editorData') AS x) AS t WHERE jsonb_typeof(t.x) = 'string'), '') FROM "press_releases" AS i JOIN "press_release_versions" AS v ON v."id" = i."latest_version_id";
