ALTER TABLE "leads" ADD COLUMN "owner_token_hash" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "owner_token_hash" text;