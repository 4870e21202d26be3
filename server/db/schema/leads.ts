/** Leads (server/leads), stored before the answer and delivered through the outbox, and analytics events (server/analytics). */
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { siteUsers } from "./visitors";

/** Every lead a site's form sent (POST /api/leads); one per (tenant, Idempotency-Key). */
export const leads = pgTable(
  "leads",
  {
    id: uuid("id").primaryKey(),
    tenant: text("tenant").notNull(),
    dealershipId: integer("dealership_id").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    // SHA-256 of the validated payload: the same key sent with a different lead is refused (409).
    payloadHash: text("payload_hash").notNull(),
    payload: jsonb("payload").notNull(),
    // The site's signed-in visitor who sent it (null: anonymous), for their My Garage.
    userId: integer("user_id").references(() => siteUsers.id, { onDelete: "set null" }),
    // SHA-256 of the token a multi-step form's first step gave the visitor (a service booking): every
    // later step must present it (server/http/owner-token.ts). Null: no later steps are taken.
    ownerTokenHash: text("owner_token_hash"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("leads_tenant_idempotency_key").on(t.tenant, t.idempotencyKey),
    index("leads_tenant_created").on(t.tenant, t.createdAt),
    index("leads_user").on(t.userId),
  ],
);

/**
 * The outbox: one row per lead, channel and round ("email" to the dealership's lead address, "adf"
 * XML to its CRM URL, "buyer": an e-mail to the visitor — a reservation's confirmation with its link;
 * never resent, and not part of the lead's delivery status; "alert": a saved search's confirmation or
 * alert to the shopper (no lead); "ga4" / "meta": the lead's server-side conversion event (target the
 * measurement / pixel id, body the JSON payload without the secret; server/leads/lead-events.ts), not
 * part of the lead's delivery status and never resent; round 0 is the first delivery, each resend from the admin's leads inbox adds
 * the next round). status: pending → sent, or kept (e-mail with no SMTP_URL or no address: the
 * message stays here, readable with npm run leads:outbox), or dead after the last failed attempt;
 * replaced when a resend took over a row still pending (the outbox no longer sends it).
 */
export type DeliveryChannel = "email" | "adf" | "buyer" | "alert" | "ga4" | "meta";
/** Rows that are not the dealer's delivery of the lead: not in its delivery status, never resent. */
export const NOT_DEALER_CHANNELS: DeliveryChannel[] = ["buyer", "ga4", "meta"];

export const leadDeliveries = pgTable(
  "lead_deliveries",
  {
    id: serial("id").primaryKey(),
    // Null for a saved search's mail (saved_search_id instead).
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "cascade" }),
    channel: text("channel").$type<DeliveryChannel>().notNull(),
    target: text("target"),
    status: text("status").$type<"pending" | "sent" | "kept" | "dead" | "replaced">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    subject: text("subject"),
    body: text("body").notNull(),
    round: integer("round").notNull().default(0),
    // "alert" rows (server/saved-searches): the search, a key that makes a second insert a no-op
    // (one per search and day, or its confirmation), the e-mail's HTML and headers (List-Unsubscribe).
    savedSearchId: uuid("saved_search_id"),
    idempotencyKey: text("idempotency_key"),
    html: text("html"),
    headers: jsonb("headers").$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("lead_deliveries_lead_channel_round").on(t.leadId, t.channel, t.round),
    index("lead_deliveries_due").on(t.status, t.nextAttemptAt),
    uniqueIndex("lead_deliveries_idempotency_key").on(t.idempotencyKey),
    index("lead_deliveries_saved_search").on(t.savedSearchId),
  ],
);

// ---- analytics (server/analytics): the events the browser pushes to the site's tag manager ----

/** Every analytics event a visitor's browser recorded (POST /api/events): the spec's numbered ids. */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: serial("id").primaryKey(),
    tenant: text("tenant").notNull(),
    eventId: integer("event_id").notNull(),
    label: text("label"),
    path: text("path").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("analytics_events_tenant_created").on(t.tenant, t.createdAt)],
);
