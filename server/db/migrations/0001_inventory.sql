CREATE TABLE "dealership_api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealership_id" integer NOT NULL,
	"key_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" text PRIMARY KEY NOT NULL,
	"dealership_id" integer NOT NULL,
	"location_id" integer,
	"stocknum" text NOT NULL,
	"slug" text NOT NULL,
	"item_type" text NOT NULL,
	"car_type" text NOT NULL,
	"status" text NOT NULL,
	"show_on_dealer_website" boolean NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"year" integer NOT NULL,
	"price" double precision NOT NULL,
	"km" integer NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sold_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "dealership_api_keys_hash" ON "dealership_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "dealership_api_keys_dealership" ON "dealership_api_keys" USING btree ("dealership_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_slug" ON "vehicles" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_dealership_stocknum" ON "vehicles" USING btree ("dealership_id","stocknum");--> statement-breakpoint
CREATE INDEX "vehicles_dealership_status" ON "vehicles" USING btree ("dealership_id","status");--> statement-breakpoint
CREATE INDEX "vehicles_updated_at" ON "vehicles" USING btree ("updated_at");