CREATE TABLE "embedded_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"failure_code" text,
	"failure_message" text,
	"challenge_hash" text,
	"return_url" text,
	"refund_key" text,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"site" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"kind" text NOT NULL,
	"vehicle_id" text NOT NULL,
	"dealership_id" integer NOT NULL,
	"user_id" integer,
	"status" text NOT NULL,
	"deposit" integer NOT NULL,
	"currency" text NOT NULL,
	"hold_hours" integer NOT NULL,
	"contact" jsonb NOT NULL,
	"purchase" jsonb,
	"payment_provider" text NOT NULL,
	"payment_id" text,
	"failure_message" text,
	"lead_id" uuid,
	"hold_until" timestamp with time zone,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_user_id_site_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."site_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "embedded_payments_idempotency_key" ON "embedded_payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_site_idempotency_key" ON "reservations" USING btree ("site","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_one_held_per_vehicle" ON "reservations" USING btree ("vehicle_id") WHERE "reservations"."status" = 'held';--> statement-breakpoint
CREATE INDEX "reservations_held_until" ON "reservations" USING btree ("status","hold_until");--> statement-breakpoint
CREATE INDEX "reservations_user" ON "reservations" USING btree ("site","user_id");