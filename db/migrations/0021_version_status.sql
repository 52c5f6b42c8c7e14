ALTER TABLE "knowledge_item_versions" ADD COLUMN "status" smallint;--> statement-breakpoint
ALTER TABLE "press_release_versions" ADD COLUMN "status" smallint;--> statement-breakpoint
ALTER TABLE "landing_page_versions" ADD COLUMN "status" smallint;--> statement-breakpoint
ALTER TABLE "page_versions" ADD COLUMN "status" smallint;--> statement-breakpoint
ALTER TABLE "product_versions" ADD COLUMN "status" smallint;--> statement-breakpoint
-- hand-added: versions saved before this column take their item's status now (drafts stay drafts, deleted items count as drafts)
UPDATE "knowledge_item_versions" v SET "status" = GREATEST(b."status", 0) FROM "knowledge_items" b WHERE b."id" = v."item_id";--> statement-breakpoint
UPDATE "press_release_versions" v SET "status" = GREATEST(b."status", 0) FROM "press_releases" b WHERE b."id" = v."item_id";--> statement-breakpoint
UPDATE "landing_page_versions" v SET "status" = GREATEST(b."status", 0) FROM "landing_pages" b WHERE b."id" = v."page_id";--> statement-breakpoint
UPDATE "page_versions" v SET "status" = GREATEST(b."status", 0) FROM "pages" b WHERE b."id" = v."page_id";--> statement-breakpoint
UPDATE "product_versions" v SET "status" = GREATEST(b."status", 0) FROM "products" b WHERE b."id" = v."product_id";
