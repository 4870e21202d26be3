DROP INDEX "lead_deliveries_lead_channel";--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD COLUMN "round" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_deliveries_lead_channel_round" ON "lead_deliveries" USING btree ("lead_id","channel","round");