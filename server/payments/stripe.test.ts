/**
 * The Stripe provider and its webhook against a fake api.stripe.com (a local HTTP server started
 * here): each request it gets is checked (form encoding, amount in cents, currency, capture_method,
 * metadata, Idempotency-Key) and answered as Stripe answers; webhook events are signed with the
 * secret as Stripe signs them. On PGlite and on PostgreSQL.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { backends, withTestDatabase } from "../../tests/databases";
import { inventoryTenant } from "../../tests/fixtures/tenant";
import { feedVehicle } from "../../tests/fixtures/vehicle";
import type { DbHandle } from "../db";
import { leadDeliveries, leads, reservations } from "../db/schema";
import type { SiteContext } from "../http/site-route";
import { MemoryRateLimiter } from "../http/rate-limit";
import { Services, useServices } from "../root/services";
import { database } from "../db";
import { upsertVehicle } from "../inventory/store";
import { createTenant, publish } from "../tenants/store";
import { smsProvider } from "../sms/provider";
import { handleReserve } from "../reservations/http";
import { answerOf } from "../http/endpoint";
import { cancelReservation, finalizeReservation, reserveCar } from "../reservations/service";
import { ABANDONED, type ReserveRequest } from "../reservations/reservation";
import { errorResponse } from "../http/error-response";
import { paymentProvider, paymentsSetting, RESERVATIONS_REFUSED } from "./provider-for";
import { EmbeddedPaymentProvider } from "./embedded";
import { SESSION_EXPIRED, StripePaymentProvider, stripeClient } from "./stripe";
import { BAD_SIGNATURE, handleStripeWebhook, stripeWebhookRoute, WEBHOOK_OFF } from "../reservations/stripe-webhook-http";
import { setEventSecret } from "../tenants/event-secrets";
import { serializeConsent } from "../../domain/consent";
import { leadEventId } from "../../domain/lead-event";

const SECRET = "whsec_test_forecourt";

interface Seen {
  method: string;
  path: string;
  contentType: string | undefined;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  form: Record<string, string>;
  raw: string;
}

type Json = Record<string, unknown>;

/** A fake api.stripe.com: Checkout Sessions, PaymentIntents (cancel), refunds; idempotent by key as Stripe is. */
class FakeStripe {
  seen: Seen[] = [];
  sessions = new Map<string, Json>();
  intents = new Map<string, Json>();
  private replies = new Map<string, { body: Json; request: string }>();
  private n = 0;
  server: Server = createServer((req, res) => this.handle(req, res));

  async start(): Promise<number> {
    await new Promise<void>((r) => this.server.listen(0, "127.0.0.1", r));
    return (this.server.address() as AddressInfo).port;
  }

  private send(res: ServerResponse, status: number, body: Json) {
    res.writeHead(status, { "content-type": "application/json", "request-id": `req_${++this.n}` });
    res.end(JSON.stringify(body));
  }

  private handle(req: IncomingMessage, res: ServerResponse) {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const key = req.headers["idempotency-key"] as string | undefined;
      const form = Object.fromEntries(new URLSearchParams(req.method === "GET" ? url.search : raw));
      this.seen.push({ method: req.method!, path: url.pathname, contentType: req.headers["content-type"], idempotencyKey: key, authorization: req.headers.authorization, form, raw });
      if (req.headers.authorization !== "Bearer sk_test_fake") return this.send(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      if (key && this.replies.has(key)) {
        const earlier = this.replies.get(key)!;
        if (earlier.request !== `${req.method} ${url.pathname} ${raw}`) return this.send(res, 400, { error: { type: "idempotency_error", message: "Keys for idempotent requests can only be used with the same parameters they were first used with." } });
        return this.send(res, 200, earlier.body);
      }
      const answer = this.route(req.method!, url.pathname, form);
      if ("error" in answer) return this.send(res, 404, answer);
      if (key) this.replies.set(key, { body: answer, request: `${req.method} ${url.pathname} ${raw}` });
      this.send(res, 200, answer);
    });
  }

  private route(method: string, path: string, form: Record<string, string>): Json {
    const missing = { error: { type: "invalid_request_error", code: "resource_missing", message: "No such object" } };
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const id = `cs_test_${String(++this.n).padStart(10, "0")}`;
      const metadata = Object.fromEntries(Object.entries(form).filter(([k]) => k.startsWith("metadata[")).map(([k, v]) => [k.slice(9, -1), v]));
      const session = {
        id, object: "checkout.session", status: "open", payment_status: "unpaid", mode: form.mode, url: `https://checkout.stripe.test/c/pay/${id}`,
        amount_total: Number(form["line_items[0][price_data][unit_amount]"]), currency: form["line_items[0][price_data][currency]"],
        metadata, client_reference_id: form.client_reference_id ?? null, success_url: form.success_url, cancel_url: form.cancel_url,
        expires_at: Number(form.expires_at), created: Math.floor(Date.now() / 1000), payment_intent: null as string | null,
        _intent: { capture: form["payment_intent_data[capture_method]"], description: form["payment_intent_data[description]"], metadata: Object.fromEntries(Object.entries(form).filter(([k]) => k.startsWith("payment_intent_data[metadata][")).map(([k, v]) => [k.slice(29, -1), v])) },
      };
      this.sessions.set(id, session);
      return this.public(session);
    }
    const got = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (method === "GET" && got) {
      const s = this.sessions.get(got[1]);
      if (!s) return missing;
      const out = this.public(s);
      if (form["expand[0]"] === "payment_intent" && s.payment_intent) out.payment_intent = this.intents.get(s.payment_intent as string)!;
      return out;
    }
    const cancel = path.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/);
    if (method === "POST" && cancel) {
      const pi = this.intents.get(cancel[1]);
      if (!pi) return missing;
      Object.assign(pi, { status: "canceled", canceled_at: Math.floor(Date.now() / 1000), cancellation_reason: form.cancellation_reason });
      return { ...pi };
    }
    if (method === "POST" && path === "/v1/refunds") return { id: `re_${++this.n}`, object: "refund", payment_intent: form.payment_intent, status: "succeeded", created: Math.floor(Date.now() / 1000) };
    return missing;
  }

  private public(s: Json): Json {
    const { _intent, ...rest } = s;
    void _intent;
    return { ...rest };
  }

  /** The shopper pays on Stripe's page: the session completes and its PaymentIntent is authorised (manual capture). */
  pay(sessionId: string): Json {
    const s = this.sessions.get(sessionId)!;
    const intent = s._intent as { capture: string; description: string; metadata: Record<string, string> };
    const pi = {
      id: `pi_test_${++this.n}`, object: "payment_intent", amount: s.amount_total, currency: s.currency, capture_method: intent.capture,
      status: intent.capture === "manual" ? "requires_capture" : "succeeded", description: intent.description, metadata: intent.metadata, canceled_at: null,
    };
    this.intents.set(pi.id, pi);
    Object.assign(s, { status: "complete", payment_intent: pi.id });
    return this.public(s);
  }

  view(sessionId: string): Json {
    return this.public(this.sessions.get(sessionId)!);
  }

  expire(sessionId: string): Json {
    const s = this.sessions.get(sessionId)!;
    s.status = "expired";
    return this.public(s);
  }

  requests(method: string, path: RegExp | string) {
    return this.seen.filter((r) => r.method === method && (typeof path === "string" ? r.path === path : path.test(r.path)));
  }
}

const event = (type: string, object: Json, id = `evt_${Math.random().toString(36).slice(2)}`) =>
  JSON.stringify({ id, object: "event", type, api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), data: { object }, livemode: false, pending_webhooks: 1, request: null });

const signed = (payload: string, opts: { secret?: string; timestamp?: number } = {}) =>
  new Request("http://alpha.localhost/api/payments/stripe/webhook", {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? SECRET, timestamp: opts.timestamp }) },
    body: payload,
  });

describe("paymentsSetting: which provider takes deposits", () => {
  it("Stripe with both keys; the test gateway in development, on PGlite or by PAYMENTS=test; none in production on PostgreSQL; a contradiction is a problem, not a crash", () => {
    const prod = { NODE_ENV: "production", DATABASE_URL: "postgres://db/forecourt" };
    expect(paymentsSetting({ STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x", ...prod })).toEqual({ mode: "stripe", label: "stripe", problem: null });
    expect(paymentsSetting({ NODE_ENV: "development", DATABASE_URL: "postgres://db/forecourt" })).toEqual({ mode: "test", label: "test gateway", problem: null });
    // The README's demo: npm start (production) on the embedded PGlite, no settings.
    expect(paymentsSetting({ NODE_ENV: "production" })).toEqual({ mode: "test", label: "test gateway", problem: null });
    expect(paymentsSetting({ ...prod, PAYMENTS: "test" })).toEqual({ mode: "test", label: "test gateway", problem: null });
    expect(paymentsSetting(prod)).toEqual({ mode: "none", label: "none — reservations refused", problem: null });
    expect(paymentsSetting({ PAYMENTS: "stripe" })).toEqual({ mode: "none", label: "none — reservations refused", problem: "PAYMENTS=stripe but STRIPE_SECRET_KEY is not set: online reservations are refused until it is." });
    expect(paymentsSetting({ STRIPE_SECRET_KEY: "sk_live_x" }).problem).toBe("STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not (Stripe's webhook signing secret, whsec_…): online reservations are refused until it is set.");
    expect(paymentsSetting({ PAYMENTS: "paypal" })).toMatchObject({ mode: "none", problem: 'PAYMENTS must be "stripe" or "test" (it is "paypal"): online reservations are refused until it is fixed.' });
  });
});

describe.each(backends)("Stripe Checkout deposits on %s", (_name, make) => {
  let h: DbHandle;
  const fake = new FakeStripe();
  let stripe: Stripe;
  let provider: StripePaymentProvider;
  const tenant = inventoryTenant("alpha");
  tenant.features.reserveOnline = { enabled: true, route: "checkout", deposit: 200, holdHours: 48 };
  // Server-side lead events (server/leads/lead-events.ts): only for a visitor whose request carries consent.
  tenant.features.analytics = { ga4MeasurementId: "G-STRIPE01", metaPixelId: "3234567890", serverSideLeads: true };
  const db = withTestDatabase(make, async (handle) => {
    h = handle;
    await createTenant(h.db, tenant, "test");
    await publish(h, "alpha", { actor: "test" });
    await setEventSecret(h.db, "alpha", "ga4ApiSecret", "ga4-secret-stripe", "staff@forecourt.test");
    await setEventSecret(h.db, "alpha", "metaAccessToken", "EAAB-meta-token-stripe", "staff@forecourt.test");
    for (const id of ["s1", "s2", "s3", "s4", "s5"]) await upsertVehicle(h.db, feedVehicle(id, { price: 30000 }));
  });
  beforeAll(async () => {
    const port = await fake.start();
    stripe = stripeClient("sk_test_fake", { host: "127.0.0.1", port, protocol: "http" });
    provider = new StripePaymentProvider(stripe);
  });
  afterAll(() => new Promise<void>((r) => fake.server.close(() => r())));
  afterEach(() => vi.unstubAllEnvs());

  const ctx = () => ({ db: h.db, tenant, provider });
  const limiter = new MemoryRateLimiter();
  const siteCtx = (): SiteContext => ({ db: h.db, tenant, sms: smsProvider(h.db) });
  let n = 0;
  const request = (car: string, over: Partial<ReserveRequest> = {}): ReserveRequest => ({
    slug: car,
    kind: "reserve",
    contact: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone: "0400 000 000" },
    card: { number: "", expiry: "", cvc: "" },
    idempotencyKey: `stripe-test-${++n}`,
    origin: "https://www.alpha.test",
    ...over,
  });
  const webhook = (req: Request) =>
    handleStripeWebhook(req, { stripe, secret: SECRET, db: h.db, provider, tenant: async (site) => (site === "alpha" ? tenant : null) }).catch((e) => errorResponse(e));
  const row = async (id: string) => (await h.db.select().from(reservations).where(eq(reservations.id, id)))[0];
  const carSlug = async (id: string) => (await upsertVehicle(h.db, feedVehicle(id, { price: 30000 }))).vehicle.slug;

  it("POST /api/reservations opens a Checkout Session (a $200.00 AUD hold, manual capture) and answers Stripe's page; no card is asked for or sent", async (t) => {
    db.need(t);
    const car = await carSlug("s1");
    const res = await answerOf(() =>
      handleReserve(
        new Request("https://www.alpha.test/api/reservations", {
          method: "POST",
          headers: { host: "www.alpha.test", "x-forwarded-proto": "https", "content-type": "application/json", "idempotency-key": "stripe-http-1" },
          // A card sent anyway is neither checked nor forwarded.
          body: JSON.stringify({ car, contact: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone: "0400 000 000" }, card: { number: "4242424242424242", expiry: "12/30", cvc: "123" } }),
        }),
        siteCtx(),
        { limiter, provider: () => provider },
      ),
    );
    const body = await res.json();
    expect(res.status).toBe(200);
    const stored = await row(body.reservation_id);
    expect(body).toEqual({ status: "requires_action", reservation_id: stored.id, redirect_url: `https://checkout.stripe.test/c/pay/${stored.paymentId}` });
    expect(stored).toMatchObject({ status: "pending", paymentProvider: "stripe", paymentId: expect.stringMatching(/^cs_test_/), deposit: 20000, currency: "AUD", holdUntil: null });
    const [created] = fake.requests("POST", "/v1/checkout/sessions").filter((r) => r.form["metadata[reservation]"] === stored.id);
    expect(created.contentType).toBe("application/x-www-form-urlencoded");
    expect(created.idempotencyKey).toBe(`reservation:${stored.id}`);
    expect(created.form).toMatchObject({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][unit_amount]": "20000",
      "line_items[0][price_data][currency]": "aud",
      "payment_intent_data[capture_method]": "manual",
      "payment_intent_data[metadata][reservation]": stored.id,
      "payment_intent_data[metadata][site]": "alpha",
      "metadata[reservation]": stored.id,
      "metadata[site]": "alpha",
      "metadata[vehicle]": stored.vehicleId,
      client_reference_id: stored.id,
      success_url: `https://www.alpha.test/cars/${car}/reservation/${stored.id}`,
      cancel_url: `https://www.alpha.test/cars/${car}/checkout`,
    });
    expect(Number(created.form.expires_at) - Date.now() / 1000).toBeGreaterThan(34 * 60);
    expect(fake.seen.some((r) => /4242|cvc|card/i.test(r.raw))).toBe(false);
  });

  it("the amount is in cents and the currency lower-case (nzd); a reused key with another amount is a 409; no return address is a 400", async () => {
    // A fixed clock: the same request is the same form (expires_at included), as Stripe's idempotency needs.
    const at = new Date();
    const provider = new StripePaymentProvider(stripe, () => at);
    const req = { amount: 12345, currency: "NZD", description: "Reservation deposit", metadata: { site: "kiwi", reservation: "r" }, returnUrls: { success: "https://kiwi.test/ok", cancel: "https://kiwi.test/back" } };
    const first = await provider.createPayment(req, "nzd-key-0001");
    expect(first).toMatchObject({ provider: "stripe", status: "requires_action", amount: 12345, currency: "NZD", nextAction: { type: "redirect", url: `https://checkout.stripe.test/c/pay/${first.id}` } });
    expect(fake.requests("POST", "/v1/checkout/sessions").at(-1)!.form).toMatchObject({ "line_items[0][price_data][unit_amount]": "12345", "line_items[0][price_data][currency]": "nzd" });
    expect((await provider.createPayment(req, "nzd-key-0001")).id).toBe(first.id);
    await expect(provider.createPayment({ ...req, amount: 999 }, "nzd-key-0001")).rejects.toMatchObject({ status: 409, message: "This idempotency key was already used for a different payment." });
    await expect(provider.createPayment({ ...req, returnUrls: undefined }, "nzd-key-0002")).rejects.toMatchObject({ status: 400 });
  });

  it("the webhook holds the car once Stripe says the deposit is authorised; a replayed event changes nothing", async (t) => {
    db.need(t);
    const car = await carSlug("s2");
    const started = await reserveCar(ctx(), request(car));
    expect(started.status).toBe("requires_action");
    const id = started.reservation.id;
    const sessionId = (await row(id)).paymentId!;
    // Completed but not authorised yet (no PaymentIntent): nothing is held.
    const early = await webhook(signed(event("checkout.session.completed", fake.view(sessionId))));
    expect([early.status, (await row(id)).status]).toEqual([200, "pending"]);

    const paid = event("checkout.session.completed", fake.pay(sessionId), "evt_paid_once");
    const res = await webhook(signed(paid));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, reservation: id, status: "held" });
    const held = await row(id);
    expect(held).toMatchObject({ status: "held", paymentId: sessionId, leadId: expect.any(String) });
    expect(held.holdUntil!.getTime() - held.updatedAt.getTime()).toBe(48 * 3600_000);
    const leadRows = () => h.db.select().from(leads).where(eq(leads.id, held.leadId!));
    expect((await leadRows()).length).toBe(1);

    const replay = await webhook(signed(paid));
    expect(replay.status).toBe(200);
    expect(await row(id)).toEqual(held);
    expect((await leadRows()).length).toBe(1);
    // The shopper's return to the confirmation page reads the same answer.
    expect(await finalizeReservation(ctx(), id)).toEqual(held);
  });

  it("a reservation started with consent gets its lead's GA4 and Meta events from the webhook (no visitor cookies there), once: a replay queues nothing more", async (t) => {
    db.need(t);
    const car = await carSlug("s6");
    const consent = serializeConsent({ analytics: true, ads: true, at: 1764460000 });
    const started = await answerOf(() =>
      handleReserve(
        new Request("https://www.alpha.test/api/reservations", {
          method: "POST",
          headers: { host: "www.alpha.test", "x-forwarded-proto": "https", "content-type": "application/json", "idempotency-key": "stripe-events-1", "user-agent": "Mozilla/5.0 (stripe-test)", cookie: `fc_consent=${consent}; _ga=GA1.1.3333333333.1764460000` },
          body: JSON.stringify({ car, contact: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone: "0400 000 000" } }),
        }),
        siteCtx(),
        { limiter, provider: () => provider },
      ),
    );
    const id = (await started.json()).reservation_id;
    expect((await row(id)).leadEvents).toMatchObject({ ga4: { measurementId: "G-STRIPE01", clientId: "3333333333.1764460000" }, meta: { pixelId: "3234567890" } });
    const paid = signed(event("checkout.session.completed", fake.pay((await row(id)).paymentId!), "evt_paid_events"));
    const replay = paid.clone();
    expect(await (await webhook(paid)).json()).toEqual({ received: true, reservation: id, status: "held" });
    const held = await row(id);
    expect(held.leadEvents).toBeNull();
    const queued = async () => (await h.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, held.leadId!))).filter((d) => d.channel === "ga4" || d.channel === "meta");
    const first = await queued();
    expect(first.map((d) => [d.channel, d.target]).sort()).toEqual([
      ["ga4", "G-STRIPE01"],
      ["meta", "3234567890"],
    ]);
    expect(first.map((d) => JSON.parse(d.body)).map((b) => b.events?.[0].params.event_id ?? b.data[0].event_id)).toEqual([leadEventId(held.leadId!), leadEventId(held.leadId!)]);
    expect(await (await webhook(replay)).json()).toEqual({ received: true, reservation: id, status: "held" });
    expect((await queued()).map((d) => d.id).sort()).toEqual(first.map((d) => d.id).sort());
  });

  it("an unsigned, badly signed or stale event is a 400 and changes nothing", async (t) => {
    db.need(t);
    const car = await carSlug("s3");
    const id = (await reserveCar(ctx(), request(car))).reservation.id;
    const sessionId = (await row(id)).paymentId!;
    const payload = event("checkout.session.completed", fake.pay(sessionId));
    const before = await row(id);
    const attempts = [
      new Request("http://alpha.localhost/api/payments/stripe/webhook", { method: "POST", body: payload }),
      signed(payload, { secret: "whsec_someone_else" }),
      new Request("http://alpha.localhost/api/payments/stripe/webhook", { method: "POST", headers: { "stripe-signature": "t=1,v1=deadbeef" }, body: payload }),
      signed(payload, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
      // Signed, then the body changed.
      new Request("http://alpha.localhost/x", { method: "POST", headers: { "stripe-signature": signed(payload).headers.get("stripe-signature")! }, body: payload.replace("checkout.session.completed", "checkout.session.expired") }),
    ];
    for (const req of attempts) {
      const res = await webhook(req);
      expect([res.status, (await res.json()).message]).toEqual([400, BAD_SIGNATURE]);
    }
    expect(await row(id)).toEqual(before);
    expect(before.status).toBe("pending");
  });

  it("an expired session fails the attempt; cancel releases the hold once, under the reservation's idempotency key", async (t) => {
    db.need(t);
    const lapsed = (await reserveCar(ctx(), request(await carSlug("s4")))).reservation.id;
    await webhook(signed(event("checkout.session.expired", fake.expire((await row(lapsed)).paymentId!))));
    expect(await row(lapsed)).toMatchObject({ status: "failed", failureMessage: SESSION_EXPIRED, holdUntil: null });

    const started = await reserveCar(ctx(), request(await carSlug("s5")));
    const id = started.reservation.id;
    fake.pay((await row(id)).paymentId!);
    // The shopper is back before the webhook: the confirmation page holds it.
    expect((await finalizeReservation(ctx(), id)).status).toBe("held");
    const piId = fake.sessions.get((await row(id)).paymentId!)!.payment_intent as string;
    const cancelled = await cancelReservation(ctx(), id, { token: started.ownerToken });
    expect(cancelled.status).toBe("cancelled");
    expect(fake.intents.get(piId)!.status).toBe("canceled");
    const cancels = fake.requests("POST", `/v1/payment_intents/${piId}/cancel`);
    expect(cancels.map((r) => [r.idempotencyKey, r.form.cancellation_reason])).toEqual([[`refund:${id}`, "requested_by_customer"]]);
    expect((await cancelReservation(ctx(), id, { token: started.ownerToken })).status).toBe("cancelled");
    expect(fake.requests("POST", `/v1/payment_intents/${piId}/cancel`).length).toBe(1);
    expect(await provider.getPayment((await row(id)).paymentId!)).toMatchObject({ status: "refunded" });
    // The car is free again.
    expect((await h.db.select().from(reservations).where(and(eq(reservations.vehicleId, (await row(id)).vehicleId), eq(reservations.status, "held")))).length).toBe(0);
  });

  it("paid after the attempt was given up (the sweep closed it): the webhook releases the card's hold and holds no car", async (t) => {
    db.need(t);
    const car = await carSlug("s1");
    const id = (await reserveCar(ctx(), request(car))).reservation.id;
    await h.db.update(reservations).set({ status: "failed", failureMessage: ABANDONED }).where(eq(reservations.id, id));
    const sessionId = (await row(id)).paymentId!;
    const res = await webhook(signed(event("checkout.session.completed", fake.pay(sessionId))));
    expect(await res.json()).toEqual({ received: true, reservation: id, status: "failed" });
    const piId = fake.sessions.get(sessionId)!.payment_intent as string;
    expect(fake.intents.get(piId)!.status).toBe("canceled");
    expect(fake.requests("POST", `/v1/payment_intents/${piId}/cancel`).map((r) => r.idempotencyKey)).toEqual([`refund:${id}`]);
    expect(await row(id)).toMatchObject({ status: "failed", failureMessage: ABANDONED, holdUntil: null });
  });

  it("with Stripe active, a test-gateway payment made before (pay_…) is still read and refunded by the test gateway", async (t) => {
    db.need(t);
    const test = new EmbeddedPaymentProvider(h.db);
    const before = await test.createPayment({ amount: 20000, currency: "AUD", description: "staging deposit" }, "staging-key-0001");
    await test.confirmPayment(before.id, { number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" }, { returnUrl: "/" });
    vi.stubEnv("STRIPE_SECRET_KEY", "sk_test_switched");
    vi.stubEnv("STRIPE_WEBHOOK_SECRET", SECRET);
    const now = paymentProvider(h.db);
    expect([now.name, now.flow]).toEqual(["stripe", "hosted"]);
    expect(await now.getPayment(before.id)).toMatchObject({ provider: "embedded", status: "succeeded" });
    expect(await now.refundPayment(before.id, "refund:staging-0001")).toMatchObject({ provider: "embedded", status: "refunded" });
  });

  it("the route: 404 unless Stripe is the provider; with it, STRIPE_WEBHOOK_SECRET checks the signature; an event for no reservation of ours is acknowledged", async (t) => {
    db.need(t);
    const previous = useServices(new Services().with(database, h));
    try {
      vi.stubEnv("STRIPE_SECRET_KEY", "");
      vi.stubEnv("PAYMENTS", "");
      const payload = event("checkout.session.completed", { id: "cs_test_elsewhere", object: "checkout.session", metadata: { site: "no-such-site", reservation: "00000000-0000-4000-8000-000000000000" } });
      const off = await stripeWebhookRoute(signed(payload));
      expect([off.status, await off.json()]).toEqual([404, { message: WEBHOOK_OFF }]);
      vi.stubEnv("STRIPE_SECRET_KEY", "sk_test_route");
      vi.stubEnv("STRIPE_WEBHOOK_SECRET", SECRET);
      const forged = await stripeWebhookRoute(signed(payload, { secret: "whsec_forged" }));
      expect([forged.status, await forged.json()]).toEqual([400, { message: BAD_SIGNATURE }]);
      const ok = await stripeWebhookRoute(signed(payload));
      expect([ok.status, await ok.json()]).toEqual([200, { received: true, ignored: "no such site" }]);
      const other = await stripeWebhookRoute(signed(event("customer.created", { id: "cus_1", object: "customer" })));
      expect([other.status, await other.json()]).toEqual([200, { received: true, ignored: "not a payment event" }]);
    } finally {
      useServices(previous);
    }
  });

  it("a production deployment on PostgreSQL without a provider answers 503 with the message and records nothing", async (t) => {
    db.need(t);
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("DATABASE_URL", "postgres://db.example/forecourt");
    vi.stubEnv("PAYMENTS", "");
    vi.stubEnv("STRIPE_SECRET_KEY", "");
    const before = (await h.db.select().from(reservations)).length;
    const res = await answerOf(() =>
      handleReserve(
        new Request("http://alpha.localhost/api/reservations", { method: "POST", headers: { "content-type": "application/json", "idempotency-key": "refused-0001" }, body: JSON.stringify({ car: "anything" }) }),
        siteCtx(),
        { limiter },
      ),
    );
    expect([res.status, await res.json()]).toEqual([503, { message: RESERVATIONS_REFUSED }]);
    expect(RESERVATIONS_REFUSED).toBe("Reserving online is not available on this site right now. Please call or enquire instead.");
    expect((await h.db.select().from(reservations)).length).toBe(before);
  });
});
