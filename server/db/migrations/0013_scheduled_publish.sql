CREATE TABLE "scheduled_publishes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL,
	"role" text NOT NULL,
	"override" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"outcome" text,
	"version" integer,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scheduled_publishes" ADD CONSTRAINT "scheduled_publishes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_publishes_one_pending" ON "scheduled_publishes" USING btree ("tenant_id") WHERE "scheduled_publishes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "scheduled_publishes_due" ON "scheduled_publishes" USING btree ("status","run_at");