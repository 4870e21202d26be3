/**
 * A reservation's lead sent server-side to GA4 and Meta (server/leads/lead-events.ts): planned from
 * the visitor's own request when the reservation starts, kept on the reservation until its lead is
 * stored (maybe from the payment provider's webhook or the sweep, which have no visitor cookies),
 * queued once with the lead, and delivered to a local receiver. The webhook replay: stripe.test.ts.
 */
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { backends, withTestDatabase } from "../../tests/databases";
import { inventoryTenant } from "../../tests/fixtures/tenant";
import { feedVehicle } from "../../tests/fixtures/vehicle";
import type { DbHandle } from "../db";
import { leadDeliveries, leads, reservations } from "../db/schema";
import type { SiteContext } from "../http/site-route";
import { answerOf } from "../http/endpoint";
import { CLIENT_ADDRESS_HEADER } from "../http/client-address";
import { MemoryRateLimiter } from "../http/rate-limit";
import { upsertVehicle } from "../inventory/store";
import { createTenant, publish } from "../tenants/store";
import { smsProvider } from "../sms/provider";
import { EmbeddedPaymentProvider } from "../payments/embedded";
import { serializeConsent } from "../../domain/consent";
import { leadEventId } from "../../domain/lead-event";
import { NO_LIMITS, useEventReceiver } from "../leads/test-helpers";
import { handleReserve } from "./http";
import { cancelReservation, finalizeReservation, releaseLapsed } from "./service";
import { sendMissingLeads } from "./lead";
import { ABANDON_AFTER_MS, ABANDONED } from "./reservation";

const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const GA4_ID = "G-RESERVE1";
const PIXEL = "2234567890";
const API_SECRET = "ga4-secret-reserve";
const TOKEN = "EAAB-meta-token-reserve";
const UA = "Mozilla/5.0 (X11; Linux x86_64) reserve-test";
const both = serializeConsent({ analytics: true, ads: true, at: 1764460000 });
const CARD = { number: "4242424242424242", expiry: "12/30", cvc: "123" };
const CARD_3DS = { number: "4000002760003184", expiry: "12/30", cvc: "123" };
const DECLINED = { number: "4000000000000002", expiry: "12/30", cvc: "123" };

describe.each(backends)("a reservation's server-side lead events on %s", (_name, make) => {
  let h: DbHandle;
  const rx = useEventReceiver({ apiSecret: API_SECRET, token: TOKEN });
  const tenant = inventoryTenant("alpha");
  tenant.features.reserveOnline = { enabled: true, route: "checkout", deposit: 200, holdHours: 48 };
  tenant.features.analytics = { ga4MeasurementId: GA4_ID, metaPixelId: PIXEL, serverSideLeads: true };
  const db = withTestDatabase(make, async (handle) => {
    h = handle;
    await createTenant(h.db, tenant, "test");
    await publish(h, "alpha", { actor: "test" });
    await rx.setSecrets(h.db, "alpha");
  });

  const provider = () => new EmbeddedPaymentProvider(h.db);
  const siteCtx = (): SiteContext => ({ db: h.db, tenant, sms: smsProvider(h.db) });
  const ctx = () => ({ db: h.db, tenant, provider: provider() });
  const limiter = new MemoryRateLimiter();
  const carSlug = async (id: string) => (await upsertVehicle(h.db, feedVehicle(id, { make: "Toyota", model: "Corolla", year: 2021, price: 27990, car_type: "used" }))).vehicle.slug;
  let n = 0;
  /** The visitor's POST /api/reservations: their cookies, browser and address as the server sees them. */
  const reserve = async (slug: string, opts: { cookie?: string; card?: typeof CARD; ua?: string | null } = {}) => {
    const headers: Record<string, string> = { host: "www.alpha.test", "x-forwarded-proto": "https", "content-type": "application/json", "idempotency-key": `reserve-events-${++n}`, [CLIENT_ADDRESS_HEADER]: "203.0.113.9" };
    if (opts.ua !== null) headers["user-agent"] = opts.ua ?? UA;
    if (opts.cookie !== undefined) headers.cookie = opts.cookie;
    const body = { car: slug, url: `https://www.alpha.test/cars/${slug}?fbclid=Res_42`, contact: { first_name: "Ada", last_name: "Lovelace", email: "Ada@Example.com", phone: "0400 000 000" }, card: opts.card ?? CARD };
    const res = await answerOf(() => handleReserve(new Request("https://www.alpha.test/api/reservations", { method: "POST", headers, body: JSON.stringify(body) }), siteCtx(), { limiter, limits: NO_LIMITS, provider }));
    const answer = await res.json();
    const ownerToken = /=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1] ?? "";
    return { status: res.status, answer, ownerToken, row: async () => (await h.db.select().from(reservations).where(eq(reservations.id, answer.reservation_id)))[0] };
  };
  const events = (leadId: string) => rx.rows(h.db, leadId);
  const drain = (leadId: string) => rx.drain(h.db, leadId);

  it("with both consents, a paid reservation's lead queues one GA4 and one Meta event, delivered in the shapes the services take; the reservation keeps nothing of the visitor", async (t) => {
    db.need(t);
    rx.state.ga4.length = rx.state.meta.length = rx.state.refused.length = 0;
    const slug = await carSlug("ev1");
    const cookie = `fc_consent=${both}; _ga=GA1.1.1111111111.1764460000; _ga_RESERVE1=GS2.1.s1764460005$o2$g1$t1764460100; _fbp=fb.1.1764460000000.123456789; fc_session=private-session-token`;
    const r = await reserve(slug, { cookie });
    expect([r.status, r.answer.status]).toEqual([201, "held"]);
    const held = await r.row();
    expect(held.leadId).toEqual(expect.any(String));
    // Cleared once the lead (and its events) were stored.
    expect(held.leadEvents).toBeNull();
    const eventId = leadEventId(held.leadId!);
    const queued = await events(held.leadId!);
    expect(queued.map((q) => [q.channel, q.target, q.status])).toEqual([
      ["ga4", GA4_ID, "pending"],
      ["meta", PIXEL, "pending"],
    ]);
    expect(queued.some((q) => q.body.includes("private-session-token") || q.body.includes(API_SECRET) || q.body.includes(TOKEN))).toBe(false);

    await drain(held.leadId!);
    expect((await events(held.leadId!)).map((q) => q.status)).toEqual(["sent", "sent"]);
    expect(rx.state.refused).toEqual([]);
    const [ga4] = rx.state.ga4;
    expect(ga4.query.get("measurement_id")).toBe(GA4_ID);
    expect(ga4.body.client_id).toBe("1111111111.1764460000");
    expect(ga4.body.consent).toEqual({ ad_user_data: "GRANTED", ad_personalization: "GRANTED" });
    expect(ga4.body.events).toEqual([
      {
        name: "asc_form_submission",
        params: {
          event_id: eventId,
          event_owner: "forecourt",
          comm_type: "form",
          department: "sales",
          form_name: "Reserve Online",
          form_type: "reservation",
          page_location: `https://www.alpha.test/cars/${slug}?fbclid=Res_42`,
          engagement_time_msec: 1,
          session_id: 1764460005,
          item_id: "ev1",
          item_make: "Toyota",
          item_model: "Corolla",
          item_year: 2021,
          item_condition: "used",
          item_price: 27990,
          item_type: "car",
          currency: "AUD",
        },
      },
    ]);
    const [meta] = rx.state.meta;
    expect(meta.pixel).toBe(PIXEL);
    const [event] = meta.body.data;
    expect(event).toMatchObject({ event_name: "Lead", event_id: eventId, action_source: "website", event_source_url: `https://www.alpha.test/cars/${slug}?fbclid=Res_42` });
    expect(event.user_data).toEqual({
      em: [sha("ada@example.com")],
      ph: [sha("61400000000")],
      fn: [sha("ada")],
      ln: [sha("lovelace")],
      country: [sha("au")],
      client_ip_address: "203.0.113.9",
      client_user_agent: UA,
      fbp: "fb.1.1764460000000.123456789",
      fbc: expect.stringMatching(/^fb\.1\.\d{13}\.Res_42$/),
    });
    expect(event.custom_data).toMatchObject({ lead_type: "sales", form_type: "reservation", content_ids: ["ev1"], value: 27990, currency: "AUD" });
    // The sweep's catch-up and another finalize add nothing.
    await finalizeReservation(ctx(), held.id);
    await sendMissingLeads(h.db, new Date(Date.now() + 3600_000));
    expect((await events(held.leadId!)).length).toBe(2);
  });

  it("3-D Secure: the plan from the visitor's request waits on the reservation (no cookie in it); the lead stored on their return queues the events once", async (t) => {
    db.need(t);
    const slug = await carSlug("ev2");
    const r = await reserve(slug, { cookie: `fc_consent=${both}; _ga=GA1.1.2222222222.1764460000; fc_session=private-session-token`, card: CARD_3DS });
    expect([r.status, r.answer.status]).toEqual([200, "requires_action"]);
    const pending = await r.row();
    expect(pending.status).toBe("pending");
    // Exactly what the events need: no cookie header, no consent cookie, no session.
    expect(pending.leadEvents).toEqual({
      ga4: { measurementId: GA4_ID, clientId: "2222222222.1764460000", adsGranted: true },
      meta: { pixelId: PIXEL },
      ip: "203.0.113.9",
      userAgent: UA,
      origin: "https://www.alpha.test",
      hosts: ["www.alpha.test"],
      country: "au",
    });
    expect(JSON.stringify(pending)).not.toMatch(/private-session-token|fc_consent|v1\.a1\.d1/);

    const token = new URL(r.answer.redirect_url, "https://www.alpha.test").searchParams.get("token")!;
    await provider().completeChallenge(pending.paymentId!, token, true);
    // The shopper's return (no cookies are read here), then again: one lead, one set of events.
    const held = await finalizeReservation(ctx(), pending.id);
    expect(held).toMatchObject({ status: "held", leadId: expect.any(String), leadEvents: null });
    await finalizeReservation(ctx(), pending.id);
    const queued = await events(held.leadId!);
    expect(queued.map((q) => q.channel)).toEqual(["ga4", "meta"]);
    expect(JSON.parse(queued[0].body).events[0].params.event_id).toBe(leadEventId(held.leadId!));
    expect(JSON.parse(queued[1].body).data[0].user_data.client_ip_address).toBe("203.0.113.9");
  });

  it("no consent, no events: nothing is kept on the reservation or queued; analytics only → GA4 only, advertising only → Meta only", async (t) => {
    db.need(t);
    for (const [i, cookie] of [undefined, `fc_consent=${serializeConsent({ analytics: false, ads: false, at: 1 })}`, "fc_consent=v1.a1.d1", "fc_consent=%ZZ"].entries()) {
      const waiting = await reserve(await carSlug(`none-${i}`), { cookie, card: CARD_3DS });
      expect((await waiting.row()).leadEvents, String(cookie)).toBeNull();
      const paid = await reserve(await carSlug(`none-paid-${i}`), { cookie });
      expect(paid.answer.status).toBe("held");
      expect(await events((await paid.row()).leadId!), String(cookie)).toEqual([]);
    }
    const analytics = await reserve(await carSlug("ga-only"), { cookie: `fc_consent=${serializeConsent({ analytics: true, ads: false, at: 1764460000 })}` });
    const ga4 = await events((await analytics.row()).leadId!);
    expect(ga4.map((q) => q.channel)).toEqual(["ga4"]);
    expect(JSON.parse(ga4[0].body).consent).toEqual({ ad_user_data: "DENIED", ad_personalization: "DENIED" });
    const ads = await reserve(await carSlug("meta-only"), { cookie: `fc_consent=${serializeConsent({ analytics: false, ads: true, at: 1764460000 })}` });
    expect((await events((await ads.row()).leadId!)).map((q) => q.channel)).toEqual(["meta"]);
    // Meta takes no website event without the browser's user agent.
    const noAgent = await reserve(await carSlug("no-agent"), { cookie: `fc_consent=${both}`, ua: null });
    expect((await events((await noAgent.row()).leadId!)).map((q) => q.channel)).toEqual(["ga4"]);
  });

  it("a declined or abandoned payment forgets the plan; a cancellation's note to the dealer is no second conversion", async (t) => {
    db.need(t);
    const cookie = `fc_consent=${both}`;
    const declined = await reserve(await carSlug("ev-declined"), { cookie, card: DECLINED });
    expect(declined.status).toBe(402);
    expect(await declined.row()).toMatchObject({ status: "failed", leadEvents: null });

    const abandoned = await reserve(await carSlug("ev-abandoned"), { cookie, card: CARD_3DS });
    expect((await abandoned.row()).leadEvents).not.toBeNull();
    await releaseLapsed(h.db, new Date(Date.now() + ABANDON_AFTER_MS + 60_000));
    expect(await abandoned.row()).toMatchObject({ status: "failed", failureMessage: ABANDONED, leadEvents: null });

    const kept = await reserve(await carSlug("ev-cancelled"), { cookie });
    const held = await kept.row();
    expect((await events(held.leadId!)).length).toBe(2);
    expect((await cancelReservation(ctx(), held.id, { token: kept.ownerToken })).status).toBe("cancelled");
    const [note] = await h.db.select().from(leads).where(and(eq(leads.tenant, "alpha"), eq(leads.idempotencyKey, `reservation-cancel:${held.id}`)));
    expect((await h.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, note.id))).map((d) => d.channel)).toEqual(["email"]);
    expect((await events(held.leadId!)).length).toBe(2);
  });
});
