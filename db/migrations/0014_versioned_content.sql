DROP INDEX "landing_page_versions_page_idx";--> statement-breakpoint
DROP INDEX "page_versions_page_idx";--> statement-breakpoint
DROP INDEX "product_versions_product_idx";--> statement-breakpoint
ALTER TABLE "knowledge_item_versions" ADD COLUMN "seo" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_item_versions" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "knowledge_items" ADD COLUMN "current_version_id" integer;--> statement-breakpoint
ALTER TABLE "knowledge_items" ADD COLUMN "next_publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "press_release_versions" ADD COLUMN "seo" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "press_release_versions" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "current_version_id" integer;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "next_publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "landing_page_versions" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD COLUMN "status" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD COLUMN "current_version_id" integer;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD COLUMN "next_publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "page_versions" ADD COLUMN "seo" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "page_versions" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "status" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "current_version_id" integer;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "next_publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_versions" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "product_versions" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "current_version_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "next_publish_at" timestamp with time zone;--> statement-breakpoint
-- Hand-added data copy (drizzle-kit cannot express it; see docs/decisions/017-versioned-content.md).
-- 1. One SEO shape: knowledge items, press releases and pages stored it as "metadata".
UPDATE "knowledge_item_versions" SET "seo" = coalesce("metadata", '{}'::jsonb);--> statement-breakpoint
UPDATE "press_release_versions" SET "seo" = coalesce("metadata", '{}'::jsonb);--> statement-breakpoint
UPDATE "page_versions" SET "seo" = coalesce("metadata", '{}'::jsonb);--> statement-breakpoint
-- 2. Every version has a title: a product's was its "name".
UPDATE "product_versions" SET "title" = "name";--> statement-breakpoint
ALTER TABLE "product_versions" ALTER COLUMN "title" SET NOT NULL;--> statement-breakpoint
-- 3. One status convention (1 published, 0 draft, -1 deleted): a page was served only when visibility was 1.
UPDATE "pages" SET "status" = CASE WHEN "visibility" = 1 THEN 1 ELSE 0 END;--> statement-breakpoint
-- 4. The pointer everywhere, set to the version each kind showed until now: knowledge items and
--    press releases followed latest_version_id; products, pages and landing pages showed their newest version.
UPDATE "knowledge_items" SET "current_version_id" = "latest_version_id";--> statement-breakpoint
UPDATE "press_releases" SET "current_version_id" = "latest_version_id";--> statement-breakpoint
UPDATE "products" b SET "current_version_id" = (SELECT max(v."id") FROM "product_versions" v WHERE v."product_id" = b."id");--> statement-breakpoint
UPDATE "pages" b SET "current_version_id" = (SELECT max(v."id") FROM "page_versions" v WHERE v."page_id" = b."id");--> statement-breakpoint
UPDATE "landing_pages" b SET "current_version_id" = (SELECT max(v."id") FROM "landing_page_versions" v WHERE v."page_id" = b."id");--> statement-breakpoint
-- 5. authorId now references admin_users: an id naming no user (there should be none) becomes null.
UPDATE "knowledge_item_versions" SET "author_id" = NULL WHERE "author_id" IS NOT NULL AND "author_id" NOT IN (SELECT "id" FROM "admin_users");--> statement-breakpoint
UPDATE "press_release_versions" SET "author_id" = NULL WHERE "author_id" IS NOT NULL AND "author_id" NOT IN (SELECT "id" FROM "admin_users");--> statement-breakpoint
UPDATE "product_versions" SET "author_id" = NULL WHERE "author_id" IS NOT NULL AND "author_id" NOT IN (SELECT "id" FROM "admin_users");--> statement-breakpoint
UPDATE "page_versions" SET "author_id" = NULL WHERE "author_id" IS NOT NULL AND "author_id" NOT IN (SELECT "id" FROM "admin_users");--> statement-breakpoint
UPDATE "landing_page_versions" SET "author_id" = NULL WHERE "author_id" IS NOT NULL AND "author_id" NOT IN (SELECT "id" FROM "admin_users");--> statement-breakpoint
ALTER TABLE "knowledge_item_versions" ADD CONSTRAINT "knowledge_item_versions_author_id_admin_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_release_versions" ADD CONSTRAINT "press_release_versions_author_id_admin_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_page_versions" ADD CONSTRAINT "landing_page_versions_author_id_admin_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_author_id_admin_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_versions" ADD CONSTRAINT "product_versions_author_id_admin_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "landing_page_versions_item_idx" ON "landing_page_versions" USING btree ("page_id","id");--> statement-breakpoint
CREATE INDEX "page_versions_item_idx" ON "page_versions" USING btree ("page_id","id");--> statement-breakpoint
CREATE INDEX "product_versions_item_idx" ON "product_versions" USING btree ("product_id","id");--> statement-breakpoint
-- The columns the data was copied from.
ALTER TABLE "knowledge_item_versions" DROP COLUMN "metadata";--> statement-breakpoint
ALTER TABLE "knowledge_items" DROP COLUMN "latest_version_id";--> statement-breakpoint
ALTER TABLE "press_release_versions" DROP COLUMN "metadata";--> statement-breakpoint
ALTER TABLE "press_releases" DROP COLUMN "latest_version_id";--> statement-breakpoint
ALTER TABLE "page_versions" DROP COLUMN "metadata";--> statement-breakpoint
ALTER TABLE "pages" DROP COLUMN "visibility";--> statement-breakpoint
ALTER TABLE "product_versions" DROP COLUMN "name";
