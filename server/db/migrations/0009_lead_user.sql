ALTER TABLE "leads" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_user_id_site_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."site_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_user" ON "leads" USING btree ("user_id");