import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

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
  publishedVersionId: integer("published_version_id"),
  archivedAt: timestamp("archived_at", { withTimezone: true }),
  createdAt: createdAt(),
});

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
