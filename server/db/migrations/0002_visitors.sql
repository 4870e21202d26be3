CREATE TABLE "auth_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"site" text NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"site" text NOT NULL,
	"phone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"site" text NOT NULL,
	"phone" text NOT NULL,
	"body" text NOT NULL,
	"provider" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watchlist_items" (
	"user_id" integer NOT NULL,
	"vehicle_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_sessions" ADD CONSTRAINT "site_sessions_user_id_site_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."site_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_items" ADD CONSTRAINT "watchlist_items_user_id_site_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."site_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_codes_site_phone" ON "auth_codes" USING btree ("site","phone","created_at");--> statement-breakpoint
CREATE INDEX "site_sessions_user" ON "site_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_users_site_phone" ON "site_users" USING btree ("site","phone");--> statement-breakpoint
CREATE INDEX "sms_outbox_phone" ON "sms_outbox" USING btree ("phone","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "watchlist_items_user_vehicle" ON "watchlist_items" USING btree ("user_id","vehicle_id");