ALTER TABLE "documents" ADD COLUMN "alt_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "documents_admin_list_idx" ON "documents" USING btree ("updated","id");