/** Saved searches and their alerts (server/saved-searches): a shopper's search, the cars it has seen, and what is waiting to be mailed. */
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { siteUsers } from "./visitors";

import type { SavedSearchState } from "../../../domain/saved-search";

/**
 * One saved search of one site: pending until its address confirmed it (double opt-in; no alert
 * before), active, or unsubscribed. updated_at moves on every change, so every process's matcher
 * re-reads only what changed since its last read.
 */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: uuid("id").primaryKey(),
    tenant: text("tenant").notNull(),
    email: text("email").notNull(),
    state: jsonb("state").$type<SavedSearchState>().notNull(),
    label: text("label").notNull(),
    // The https origin its links use (the site's domain, else the host it was saved on).
    origin: text("origin").notNull(),
    // The site's search page it was saved on (/search, /used-car …), for the link back.
    path: text("path").notNull().default("/search"),
    status: text("status").$type<"pending" | "active" | "unsubscribed">().notNull().default("pending"),
    // The site's signed-in visitor who saved it (their My Garage lists it); null: anonymous.
    userId: integer("user_id").references(() => siteUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("saved_searches_tenant_status").on(t.tenant, t.status),
    index("saved_searches_email").on(t.tenant, t.email),
    index("saved_searches_user").on(t.userId),
    index("saved_searches_updated").on(t.updatedAt),
  ],
);

/**
 * The cars a saved search has matched, at the price last seen; `pending` is what the next alert
 * says of it ("new" to the search, or "price" dropped), null once mailed (or for the cars it
 * matched when confirmed, which are never announced).
 */
export const savedSearchHits = pgTable(
  "saved_search_hits",
  {
    searchId: uuid("search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    vehicleId: text("vehicle_id").notNull(),
    price: integer("price").notNull(),
    // The price before the drop (a "price" hit), for the e-mail's "was".
    wasPrice: integer("was_price"),
    pending: text("pending").$type<"new" | "price">(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.searchId, t.vehicleId] }), index("saved_search_hits_pending").on(t.pending, t.searchId)],
);
