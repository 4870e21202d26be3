CREATE TABLE "analytics_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"event_id" integer NOT NULL,
	"label" text,
	"path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_events_tenant_created" ON "analytics_events" USING btree ("tenant","created_at");