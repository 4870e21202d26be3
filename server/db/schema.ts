import { boolean, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Vehicle } from "../../schemas/generated/vehicle";

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

/**
 * Dealer stock. The whole validated document (schemas/vehicle.schema.json) is `data`; the scalar
 * columns beside it are copies for lookups, uniqueness and listing. Vehicles belong to a
 * dealership, not to a site: every site that lists the dealership shows them.
 */
export const vehicles = pgTable(
  "vehicles",
  {
    id: text("id").primaryKey(),
    dealershipId: integer("dealership_id").notNull(),
    locationId: integer("location_id"),
    stocknum: text("stocknum").notNull(),
    slug: text("slug").notNull(),
    itemType: text("item_type").notNull(),
    carType: text("car_type").notNull(),
    status: text("status").notNull(),
    showOnDealerWebsite: boolean("show_on_dealer_website").notNull(),
    make: text("make").notNull(),
    model: text("model").notNull(),
    year: integer("year").notNull(),
    price: doublePrecision("price").notNull(),
    km: integer("km").notNull(),
    data: jsonb("data").$type<Vehicle>().notNull(),
    // When the vehicle was first listed (the document's created_at).
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    soldAt: timestamp("sold_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("vehicles_slug").on(t.slug),
    uniqueIndex("vehicles_dealership_stocknum").on(t.dealershipId, t.stocknum),
    index("vehicles_dealership_status").on(t.dealershipId, t.status),
    index("vehicles_updated_at").on(t.updatedAt),
  ],
);

/** Keys dealer feeds authenticate with (Authorization: Bearer <key>); only a SHA-256 of each key is kept. */
export const dealershipApiKeys = pgTable(
  "dealership_api_keys",
  {
    id: serial("id").primaryKey(),
    dealershipId: integer("dealership_id").notNull(),
    keyHash: text("key_hash").notNull(),
    // The first characters of the key, so staff can tell keys apart without the secret.
    keyPrefix: text("key_prefix").notNull(),
    label: text("label").notNull().default(""),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("dealership_api_keys_hash").on(t.keyHash), index("dealership_api_keys_dealership").on(t.dealershipId)],
);
