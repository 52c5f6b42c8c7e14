ALTER TABLE "knowledge_items" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "knowledge_items" ADD COLUMN "unpublish_redirect" text;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "unpublish_redirect" text;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD COLUMN "unpublish_redirect" text;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "unpublish_redirect" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "unpublish_redirect" text;