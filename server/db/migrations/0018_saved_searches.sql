CREATE TABLE "saved_search_hits" (
	"search_id" uuid NOT NULL,
	"vehicle_id" text NOT NULL,
	"price" integer NOT NULL,
	"was_price" integer,
	"pending" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_search_hits_search_id_vehicle_id_pk" PRIMARY KEY("search_id","vehicle_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"email" text NOT NULL,
	"state" jsonb NOT NULL,
	"label" text NOT NULL,
	"origin" text NOT NULL,
	"path" text DEFAULT '/search' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_deliveries" ALTER COLUMN "lead_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD COLUMN "saved_search_id" uuid;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "saved_search_hits" ADD CONSTRAINT "saved_search_hits_search_id_saved_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_site_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."site_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_search_hits_pending" ON "saved_search_hits" USING btree ("pending","search_id");--> statement-breakpoint
CREATE INDEX "saved_searches_tenant_status" ON "saved_searches" USING btree ("tenant","status");--> statement-breakpoint
CREATE INDEX "saved_searches_email" ON "saved_searches" USING btree ("tenant","email");--> statement-breakpoint
CREATE INDEX "saved_searches_user" ON "saved_searches" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "saved_searches_updated" ON "saved_searches" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_deliveries_idempotency_key" ON "lead_deliveries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "lead_deliveries_saved_search" ON "lead_deliveries" USING btree ("saved_search_id");