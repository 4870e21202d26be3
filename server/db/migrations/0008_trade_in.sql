CREATE TABLE "trade_in_evaluations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"site" text NOT NULL,
	"dealership_id" integer,
	"visitor_id" text,
	"lead_id" uuid,
	"car_id" text,
	"stage" text NOT NULL,
	"rego" text NOT NULL,
	"state" text NOT NULL,
	"request" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"answer" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_in_evaluations" ADD CONSTRAINT "trade_in_evaluations_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_in_evaluations_site_created" ON "trade_in_evaluations" USING btree ("site","created_at");--> statement-breakpoint
CREATE INDEX "trade_in_evaluations_lead" ON "trade_in_evaluations" USING btree ("lead_id");