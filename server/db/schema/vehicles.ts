/** The stock: vehicles, their page views, and the keys dealer feeds authenticate with. */
import { sql } from "drizzle-orm";
import { boolean, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Vehicle } from "../../../schemas/generated/vehicle";
import { createdAt } from "./columns";

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
    // Comparable stock for the price comparison (server/price-comparison): same make and model, a year window.
    index("vehicles_market").on(sql`lower(trim(${t.make}))`, sql`lower(trim(${t.model}))`, t.year),
  ],
);

/**
 * The ids of deleted vehicles, kept a day (server/inventory/store.ts deleteVehicles writes and prunes
 * them): a process that missed the deletions' NOTIFY (its LISTEN connection was lost) reads those made
 * since shortly before it lost it, and drops the cars from its caches and index
 * (server/inventory/vehicle-changes.ts, resync).
 */
export const vehicleDeletions = pgTable(
  "vehicle_deletions",
  {
    id: text("id").primaryKey(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("vehicle_deletions_at").on(t.deletedAt)],
);

/**
 * Vehicle page views the site counted (GET /api/cars/{slug}/view.json), one row per vehicle. Kept
 * apart from the vehicle document so a view is one small atomic update, not a rewrite of the car.
 */
export const vehicleViews = pgTable("vehicle_views", {
  vehicleId: text("vehicle_id")
    .primaryKey()
    .references(() => vehicles.id, { onDelete: "cascade" }),
  views: integer("views").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

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
    // When a feed last sent it (kept to the minute: a feed's every request need not write).
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("dealership_api_keys_hash").on(t.keyHash), index("dealership_api_keys_dealership").on(t.dealershipId)],
);
