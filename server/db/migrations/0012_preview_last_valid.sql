ALTER TABLE "tenants" ADD COLUMN "last_valid_draft" jsonb;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "last_valid_revision" integer;--> statement-breakpoint
-- A preview validates it before showing it: an invalid draft copied here is never shown.
UPDATE "tenants" SET "last_valid_draft" = "draft", "last_valid_revision" = "draft_revision";
