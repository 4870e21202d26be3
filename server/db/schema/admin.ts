/** The admin (server/admin): staff and dealer accounts, their sessions, sign-in failures and preview tokens; the platform's shared secret. */
import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * People who sign in to /admin. staff: every site (create, archive); dealer: only the sites in
 * `tenants` (content, pages, feature flags — not domains or slug). Only an scrypt hash of the
 * password is kept (server/admin/passwords.ts says how).
 */
export const adminUsers = pgTable("admin_users", {
  id: serial("id").primaryKey(),
  // Stored lower-cased: one account per address whatever the case it is typed in.
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  role: text("role").$type<"staff" | "dealer">().notNull(),
  // Slugs of the sites a dealer may edit (empty for staff, who may edit every site).
  tenants: text("tenants").array().notNull().default(sql`'{}'::text[]`),
  createdAt: createdAt(),
  lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
});

/** Admin sessions; only a SHA-256 of the cookie's token is kept. */
export const adminSessions = pgTable(
  "admin_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("admin_sessions_user").on(t.userId)],
);

/**
 * Failed sign-ins, counted per e-mail address, per client address (its bucket) and per network
 * (networkKey of the bucket: IPv4 /24, IPv6 /48) to slow down guessing. A busy answer is stored with
 * the e-mail address "" (server/admin/accounts.ts). Rows from before the network was kept have "".
 */
export const adminSignInFailures = pgTable(
  "admin_sign_in_failures",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    ip: text("ip").notNull(),
    network: text("network").notNull().default(""),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("admin_sign_in_failures_email").on(t.email, t.at),
    index("admin_sign_in_failures_ip").on(t.ip, t.at),
    index("admin_sign_in_failures_network").on(t.network, t.at),
  ],
);

/**
 * Preview links: the draft of one site shown on its own host (/preview/{token}/…) to whoever holds
 * the link, until it expires. Only a SHA-256 of the token is kept.
 */
export const adminPreviewTokens = pgTable(
  "admin_preview_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    tenantSlug: text("tenant_slug").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("admin_preview_tokens_expires").on(t.expiresAt)],
);

/**
 * The secret every process on this PostgreSQL database signs with when FORECOURT_SECRET is unset
 * (server/http/challenge-secret.ts): made by the first process to start, read by the others.
 */
export const platformSecrets = pgTable("platform_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});
