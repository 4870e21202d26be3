CREATE TABLE "site_secrets" (
	"tenant_slug" text NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_secrets_tenant_slug_name_pk" PRIMARY KEY("tenant_slug","name")
);
--> statement-breakpoint
ALTER TABLE "site_secrets" ADD CONSTRAINT "site_secrets_tenant_slug_tenants_slug_fk" FOREIGN KEY ("tenant_slug") REFERENCES "public"."tenants"("slug") ON DELETE no action ON UPDATE no action;