CREATE TABLE "editor_presence" (
	"user_id" integer NOT NULL,
	"item_key" text NOT NULL,
	"tab" text NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "editor_presence_user_id_item_key_tab_pk" PRIMARY KEY("user_id","item_key","tab")
);
--> statement-breakpoint
ALTER TABLE "editor_presence" ADD CONSTRAINT "editor_presence_user_id_admin_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "editor_presence_item_idx" ON "editor_presence" USING btree ("item_key","last_seen");--> statement-breakpoint
CREATE INDEX "editor_presence_last_seen_idx" ON "editor_presence" USING btree ("last_seen");