CREATE TABLE "site_media" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_slug" text NOT NULL,
	"file" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"uploaded_by" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dealership_api_keys" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "site_media" ADD CONSTRAINT "site_media_tenant_slug_tenants_slug_fk" FOREIGN KEY ("tenant_slug") REFERENCES "public"."tenants"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "site_media_tenant_file" ON "site_media" USING btree ("tenant_slug","file");--> statement-breakpoint
-- Backfill: pictures uploaded before the library existed, from the audit log's "upload" entries
-- (the first upload of each file names who and when; alt text starts empty).
INSERT INTO "site_media" ("tenant_slug", "file", "width", "height", "bytes", "uploaded_by", "uploaded_at")
SELECT DISTINCT ON (t.slug, f.file) t.slug, f.file, (a.detail->>'width')::integer, (a.detail->>'height')::integer, (a.detail->>'bytes')::integer, a.actor, a.at
FROM "audit_log" a
JOIN "tenants" t ON t.id = a.tenant_id
CROSS JOIN LATERAL (SELECT substring(a.detail->>'src' from '^/media/uploads/[a-z0-9-]+/([a-f0-9]{32}\.webp)$') AS file) f
WHERE a.action = 'upload' AND f.file IS NOT NULL AND a.detail->>'src' = '/media/uploads/' || t.slug || '/' || f.file
	AND (a.detail->>'width') ~ '^[0-9]{1,9}$' AND (a.detail->>'height') ~ '^[0-9]{1,9}$' AND (a.detail->>'bytes') ~ '^[0-9]{1,9}$'
ORDER BY t.slug, f.file, a.id
ON CONFLICT DO NOTHING;
