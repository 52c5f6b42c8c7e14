ALTER TABLE "knowledge_items" ADD COLUMN "publish_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "knowledge_items" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "publish_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "knowledge_order_idx" ON "knowledge_items" USING btree ("status","pinned","publish_date","id");--> statement-breakpoint
CREATE INDEX "press_order_idx" ON "press_releases" USING btree ("status","pinned","publish_date","id");--> statement-breakpoint
UPDATE "knowledge_items" AS i SET "publish_date" = v."publish_date", "search_text" = v."title" || ' ' || coalesce(v."metadata"->>'desc', '') FROM "knowledge_item_versions" AS v WHERE v."id" = i."latest_version_id";--> statement-breakpoint
UPDATE "press_releases" AS i SET "publish_date" = v."publish_date", "search_text" = v."title" || ' ' || coalesce(v."metadata"->>'desc', '') FROM "press_release_versions" AS v WHERE v."id" = i."latest_version_id";
