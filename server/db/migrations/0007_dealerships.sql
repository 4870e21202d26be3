CREATE TABLE "dealerships" (
	"id" integer PRIMARY KEY NOT NULL,
	"tenant_slug" text,
	"name" text DEFAULT '' NOT NULL,
	"assigned_at" timestamp with time zone,
	"assigned_by" text
);
--> statement-breakpoint
ALTER TABLE "dealerships" ADD CONSTRAINT "dealerships_tenant_slug_tenants_slug_fk" FOREIGN KEY ("tenant_slug") REFERENCES "public"."tenants"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dealerships_tenant" ON "dealerships" USING btree ("tenant_slug");--> statement-breakpoint
-- Backfill: every dealership a site's published document names belongs to that site (when two
-- sites' documents name the same one, the site created first keeps it); dealerships that only
-- vehicles or feed keys name are listed unassigned.
INSERT INTO "dealerships" ("id", "tenant_slug", "name", "assigned_at", "assigned_by")
SELECT DISTINCT ON (x.id) x.id, x.slug, x.name, now(), 'migration'
FROM (
	SELECT (e->>'id')::integer AS id, t.slug, coalesce(e->>'name', '') AS name, t.id AS tenant_id
	FROM "tenants" t
	JOIN "tenant_versions" v ON v.id = t.published_version_id
	CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(v.document->'dealerships') = 'array' THEN v.document->'dealerships' ELSE '[]'::jsonb END) e
	WHERE jsonb_typeof(e->'id') = 'number' AND (e->>'id') ~ '^[0-9]{1,9}$'
) x
ORDER BY x.id, x.tenant_id;
--> statement-breakpoint
INSERT INTO "dealerships" ("id")
SELECT DISTINCT "dealership_id" FROM "vehicles"
UNION SELECT DISTINCT "dealership_id" FROM "dealership_api_keys"
ON CONFLICT ("id") DO NOTHING;
