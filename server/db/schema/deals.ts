/** Trade-in valuations (server/valuation), the embedded test gateway's payments (server/payments) and reservations (server/reservations). */
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { leads } from "./leads";
import { siteUsers } from "./visitors";
import type { LeadEventPlan } from "../../../domain/lead-event";

// ---- trade-in valuations (server/valuation): the instant-offer wizard's evaluations ----

/**
 * One visitor's trade-in evaluation on one site (spec leads §3, §4, §7 EvalID): what they sent
 * (`request`: rego, state, chosen description, odometer, answers, contact), what the provider
 * answered (`answer`: the lookup and the valuation), the stage the lead has reached, the images'
 * metadata (at most 10) and, once sent, the lead. The id is a random UUID: unguessable, and every
 * read is scoped to the site as well.
 */
export const tradeInEvaluations = pgTable(
  "trade_in_evaluations",
  {
    id: uuid("id").primaryKey(),
    site: text("site").notNull(),
    dealershipId: integer("dealership_id"),
    // The browser's visitor id (cookie), so a visitor reads back only their own evaluation.
    visitorId: text("visitor_id"),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
    // The car being bought, from /cars/trade-in?car_id={id}.
    carId: text("car_id"),
    stage: text("stage").notNull(),
    rego: text("rego").notNull(),
    state: text("state").notNull(),
    request: jsonb("request").$type<Record<string, unknown>>().notNull().default({}),
    answer: jsonb("answer").$type<Record<string, unknown>>().notNull().default({}),
    images: jsonb("images").$type<unknown[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("trade_in_evaluations_site_created").on(t.site, t.createdAt), index("trade_in_evaluations_lead").on(t.leadId)],
);

// ---- payments (server/payments): the embedded test gateway's own records ----

/**
 * Payments the embedded provider (server/payments/embedded.ts) took: what a real gateway (Stripe,
 * Windcave) keeps on its side. Never the card number or CVC: the brand and last 4 digits only. One
 * payment per idempotency key; `requestHash` refuses the same key sent with another request.
 */
export const embeddedPayments = pgTable(
  "embedded_payments",
  {
    id: text("id").primaryKey(),
    idempotencyKey: text("idempotency_key").notNull(),
    requestHash: text("request_hash").notNull(),
    // Minor units (cents) of `currency`.
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    description: text("description").notNull(),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    status: text("status").$type<"requires_confirmation" | "requires_action" | "succeeded" | "failed" | "refunded">().notNull(),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    failureCode: text("failure_code"),
    failureMessage: text("failure_message"),
    // The 3-D Secure challenge: a SHA-256 of its one-time token, and where the shopper returns.
    challengeHash: text("challenge_hash"),
    returnUrl: text("return_url"),
    refundKey: text("refund_key"),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("embedded_payments_idempotency_key").on(t.idempotencyKey)],
);

// ---- reservations (server/reservations): reserve online and online purchase deposits ----

/**
 * A visitor's reservation of a car with a deposit (spec leads §9). status: pending (payment not
 * finished: declined, abandoned or awaiting 3-D Secure — reserves nothing) → held (paid; the car
 * is reserved until hold_until) → expired (the hold lapsed) or cancelled (refunded); failed when
 * the payment was declined or another visitor's hold won. At most one held reservation per car:
 * the partial unique index decides between two visitors paying at once.
 */
export const reservations = pgTable(
  "reservations",
  {
    id: uuid("id").primaryKey(),
    site: text("site").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    requestHash: text("request_hash").notNull(),
    kind: text("kind").$type<"reserve" | "purchase">().notNull(),
    vehicleId: text("vehicle_id").notNull(),
    dealershipId: integer("dealership_id").notNull(),
    userId: integer("user_id").references(() => siteUsers.id, { onDelete: "set null" }),
    status: text("status").$type<"pending" | "held" | "expired" | "cancelled" | "failed">().notNull(),
    // Minor units (cents) of `currency`.
    deposit: integer("deposit").notNull(),
    currency: text("currency").notNull(),
    holdHours: integer("hold_hours").notNull(),
    contact: jsonb("contact").$type<Record<string, string>>().notNull(),
    purchase: jsonb("purchase").$type<Record<string, string>>(),
    paymentProvider: text("payment_provider").notNull(),
    paymentId: text("payment_id"),
    failureMessage: text("failure_message"),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
    // SHA-256 of the buyer's token (their browser's HttpOnly cookie): only its holder (or the signed-in
    // buyer) sees the payment reference and may cancel. Null for reservations from before the rule.
    ownerTokenHash: text("owner_token_hash"),
    // The lead's server-side analytics events as planned from the visitor's own request (their
    // consent, GA4 client/session id, _fbp/_fbc, address, browser: server/leads/lead-events.ts), null
    // without consent. Only until the lead is stored (the payment provider's webhook has no cookies)
    // or the attempt fails: then cleared.
    leadEvents: jsonb("lead_events").$type<LeadEventPlan>(),
    holdUntil: timestamp("hold_until", { withTimezone: true }),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reservations_site_idempotency_key").on(t.site, t.idempotencyKey),
    uniqueIndex("reservations_one_held_per_vehicle").on(t.vehicleId).where(sql`${t.status} = 'held'`),
    index("reservations_held_until").on(t.status, t.holdUntil),
    index("reservations_user").on(t.site, t.userId),
  ],
);
