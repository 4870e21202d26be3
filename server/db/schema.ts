import { sql } from "drizzle-orm";
import { boolean, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
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

// ---- visitor sign-in (server/auth) and the watchlist ----

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

// ---- leads (server/leads): stored before the answer, delivered through the outbox ----

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
    // later step must present it (server/leads/owner-token.ts). Null: no later steps are taken.
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
 * never resent, and not part of the lead's delivery status; round 0 is the first delivery, each resend from the admin's leads inbox adds
 * the next round). status: pending → sent, or kept (e-mail with no SMTP_URL or no address: the
 * message stays here, readable with npm run leads:outbox), or dead after the last failed attempt;
 * replaced when a resend took over a row still pending (the outbox no longer sends it).
 */
export const leadDeliveries = pgTable(
  "lead_deliveries",
  {
    id: serial("id").primaryKey(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    channel: text("channel").$type<"email" | "adf" | "buyer">().notNull(),
    target: text("target"),
    status: text("status").$type<"pending" | "sent" | "kept" | "dead" | "replaced">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    subject: text("subject"),
    body: text("body").notNull(),
    round: integer("round").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("lead_deliveries_lead_channel_round").on(t.leadId, t.channel, t.round), index("lead_deliveries_due").on(t.status, t.nextAttemptAt)],
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

// ---- the admin (server/admin): staff and dealer accounts, their sessions, previews ----

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
