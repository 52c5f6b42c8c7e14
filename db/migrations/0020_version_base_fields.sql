ALTER TABLE "knowledge_item_versions" ADD COLUMN "base_fields" jsonb;--> statement-breakpoint
ALTER TABLE "press_release_versions" ADD COLUMN "base_fields" jsonb;--> statement-breakpoint
ALTER TABLE "landing_page_versions" ADD COLUMN "base_fields" jsonb;--> statement-breakpoint
ALTER TABLE "page_versions" ADD COLUMN "base_fields" jsonb;--> statement-breakpoint
ALTER TABLE "product_versions" ADD COLUMN "base_fields" jsonb;