/** Dealer sites: their documents, published versions, domains, dealerships, media, audit log and scheduled publishes. */
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/** A dealer site. The draft is edited freely; what visitors see is the published version. */
export const tenants = pgTable("tenants", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  draft: jsonb("draft").notNull(),
  // Bumped on every draft save; an editor sends the revision it started from (version check).
  draftRevision: integer("draft_revision").notNull().default(1),
  draftUpdatedAt: timestamp("draft_updated_at", { withTimezone: true }).notNull().defaultNow(),
  draftUpdatedBy: text("draft_updated_by").notNull(),
  // The newest saved draft without errors and its revision: what a preview shows while the draft has errors.
  lastValidDraft: jsonb("last_valid_draft"),
  lastValidRevision: integer("last_valid_revision"),
  publishedVersionId: integer("published_version_id"),
  archivedAt: timestamp("archived_at", { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Dealerships and the site each belongs to (server/admin/dealerships.ts). The id is the one tenant
 * documents and vehicles use. A site may name in its documents only the dealerships assigned to it;
 * staff assign them (explicitly, or by publishing a site that names an unassigned one). tenant_slug
 * null = unassigned (stock of a dealership no site has claimed yet).
 */
export const dealerships = pgTable(
  "dealerships",
  {
    id: integer("id").primaryKey(),
    tenantSlug: text("tenant_slug").references(() => tenants.slug),
    name: text("name").notNull().default(""),
    assignedAt: timestamp("assigned_at", { withTimezone: true }),
    assignedBy: text("assigned_by"),
  },
  (t) => [index("dealerships_tenant").on(t.tenantSlug)],
);

/**
 * A site's media library (server/admin/media.ts): one row per picture uploaded for the site, filled
 * on upload. `file` is the stored name under DATA_DIR/uploads/{tenant_slug}/ (a content hash, so the
 * same picture uploaded twice is one entry); replacing the picture points the entry at the new file.
 */
export const siteMedia = pgTable(
  "site_media",
  {
    id: serial("id").primaryKey(),
    tenantSlug: text("tenant_slug")
      .notNull()
      .references(() => tenants.slug),
    file: text("file").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
    alt: text("alt").notNull().default(""),
    uploadedBy: text("uploaded_by").notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("site_media_tenant_file").on(t.tenantSlug, t.file)],
);

/** Every published document, kept for history and restore. */
export const tenantVersions = pgTable(
  "tenant_versions",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    number: integer("number").notNull(),
    document: jsonb("document").notNull(),
    createdBy: text("created_by").notNull(),
    note: text("note"),
    restoredFrom: integer("restored_from"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("tenant_versions_tenant_number").on(t.tenantId, t.number)],
);

/** Custom domains of the published documents; one domain serves one tenant. */
export const tenantDomains = pgTable("tenant_domains", {
  domain: text("domain").primaryKey(),
  tenantId: integer("tenant_id").notNull().references(() => tenants.id),
});

export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actor: text("actor").notNull(),
    tenantId: integer("tenant_id").references(() => tenants.id),
    action: text("action").notNull(),
    detail: jsonb("detail"),
  },
  (t) => [index("audit_log_tenant").on(t.tenantId, t.at)],
);

/**
 * A draft revision to publish at a set time (server/admin/schedule.ts). status: pending → published
 * (version) or refused (outcome says why: the draft changed since, a check failed …), or
 * cancelled. At most one pending per site; the sweep claims a due row under its lock, so each is
 * published once. `override`: staff's reason to publish although checks fail.
 */
export const scheduledPublishes = pgTable(
  "scheduled_publishes",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    revision: integer("revision").notNull(),
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    createdBy: text("created_by").notNull(),
    role: text("role").$type<"staff" | "dealer">().notNull(),
    override: text("override"),
    status: text("status").$type<"pending" | "published" | "refused" | "cancelled">().notNull().default("pending"),
    outcome: text("outcome"),
    version: integer("version"),
    doneAt: timestamp("done_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("scheduled_publishes_one_pending").on(t.tenantId).where(sql`${t.status} = 'pending'`),
    index("scheduled_publishes_due").on(t.status, t.runAt),
  ],
);

/**
 * A site's secrets for services that act for it (server/tenants/event-secrets.ts): GA4's Measurement
 * Protocol API secret, Meta's Conversions API access token. Kept here, never in the tenant document
 * (exported, versioned, shown to dealers); the admin only sets, replaces or clears them.
 */
export const siteSecrets = pgTable(
  "site_secrets",
  {
    tenantSlug: text("tenant_slug")
      .notNull()
      .references(() => tenants.slug),
    name: text("name").notNull(),
    value: text("value").notNull(),
    updatedBy: text("updated_by").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantSlug, t.name] })],
);
