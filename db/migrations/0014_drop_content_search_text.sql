ALTER TABLE "knowledge_items" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "press_releases" DROP COLUMN "search_text";