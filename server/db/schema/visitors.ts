/** Visitor sign-in (server/auth) and the watchlist, and the SMS outbox the codes go through. */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/** Text messages handed to the SMS provider; the embedded provider's outbox (server/sms). */
export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: serial("id").primaryKey(),
    site: text("site").notNull(),
    phone: text("phone").notNull(),
    body: text("body").notNull(),
    provider: text("provider").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sms_outbox_phone").on(t.phone, t.createdAt)],
);

/** One-time sign-in codes: only a salted SHA-256 of each code is kept. */
export const authCodes = pgTable(
  "auth_codes",
  {
    id: serial("id").primaryKey(),
    site: text("site").notNull(),
    phone: text("phone").notNull(),
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("auth_codes_site_phone").on(t.site, t.phone, t.createdAt)],
);

/** A visitor of one site, known by a verified mobile number (E.164). */
export const siteUsers = pgTable(
  "site_users",
  {
    id: serial("id").primaryKey(),
    site: text("site").notNull(),
    phone: text("phone").notNull(),
    createdAt: createdAt(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("site_users_site_phone").on(t.site, t.phone)],
);

/** Signed-in sessions; only a SHA-256 of the cookie's token is kept. */
export const siteSessions = pgTable(
  "site_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id").notNull().references(() => siteUsers.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("site_sessions_user").on(t.userId)],
);

/** Cars a signed-in visitor saved. */
export const watchlistItems = pgTable(
  "watchlist_items",
  {
    userId: integer("user_id").notNull().references(() => siteUsers.id, { onDelete: "cascade" }),
    vehicleId: text("vehicle_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("watchlist_items_user_vehicle").on(t.userId, t.vehicleId)],
);
