import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { backends, withTestDatabase } from "../../tests/databases";
import { feedVehicle } from "../../tests/fixtures/vehicle";
import type { DbHandle } from "../db";
import { leadDeliveries, siteSecrets } from "../db/schema";
import { upsertVehicle } from "../inventory/store";
import { createTenant, publish } from "../tenants/store";
import { serializeConsent } from "../../domain/consent";
import { ascDepartment, leadEventId } from "../../domain/lead-event";
import { eventSecrets, eventSecretStatus, secretProblem, setEventSecret } from "../tenants/event-secrets";
import { ga4ClientId, ga4SessionId } from "./lead-events";
import { normalisePhone } from "./lead-event-bodies";
import { eventEndpoints, GA4_ENDPOINT, META_ENDPOINT } from "./lead-event-sender";
import { resendLead } from "./inbox-lead";
import { demoSite, deps, post, useEventReceiver, validLead } from "./test-helpers";
import { serviceBookingSpec, type ServiceValues } from "../../domain/service-booking";
import { buildServiceLead } from "../../domain/service-booking-lead";

const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const GA4_ID = "G-TEST1234";
const PIXEL = "1234567890";
const API_SECRET = "ga4-secret-0001";
const TOKEN = "EAAB-meta-token-0001";
const both = serializeConsent({ analytics: true, ads: true, at: 1764460000 });

describe("lead event helpers", () => {
  it("derive one event id per lead and a department per form (none for a job application)", () => {
    expect(leadEventId("0b5c1f7e-1111-4222-8333-944445555666")).toBe("lead.0b5c1f7e-1111-4222-8333-944445555666");
    expect((["vehicle-enquiry", "test-drive", "service", "trade-in", "careers"] as const).map((form) => ascDepartment({ form }))).toEqual(["sales", "sales", "service", "trade", null]);
    expect(ascDepartment({ form: "enquiry", subcategory: "Career Enquiry" })).toBeNull();
  });

  it("normalise phone numbers as Meta asks: digits with the country code, no trunk 0", () => {
    expect(normalisePhone("0400 000 000", "au")).toBe("61400000000");
    expect(normalisePhone("(07) 3000 1234", "au")).toBe("61730001234");
    expect(normalisePhone("021 555 0100", "nz")).toBe("64215550100");
    expect(normalisePhone("+64 21 555 0100", "au")).toBe("64215550100");
    expect(normalisePhone("0011 44 20 7946 0000", "au")).toBe("442079460000");
    expect(normalisePhone("00 44 20 7946 0000", "nz")).toBe("442079460000");
    expect(normalisePhone("12", "au")).toBeNull();
    expect(normalisePhone("9".repeat(41), "au")).toBeNull();
  });

  it("read the GA4 client and session ids from the _ga cookies, and ignore anything else", () => {
    expect(ga4ClientId("_ga=GA1.1.1234567890.1764460000")).toEqual({ clientId: "1234567890.1764460000", fromCookie: true });
    const made = ga4ClientId("_ga=GA1.1.<script>; other=1");
    expect(made.fromCookie).toBe(false);
    expect(made.clientId).toMatch(/^\d{10}\.\d{10}$/);
    expect(ga4SessionId("_ga_TEST1234=GS1.1.1764460001.3.1.1764460100.0.0.0", GA4_ID)).toBe(1764460001);
    expect(ga4SessionId("_ga_TEST1234=GS2.1.s1764460002$o3$g1$t1764460100", GA4_ID)).toBe(1764460002);
    expect(ga4SessionId("_ga_OTHER=GS1.1.1764460001.3", GA4_ID)).toBeUndefined();
  });

  it("send to the real services unless GA4_MP_ENDPOINT / META_CAPI_ENDPOINT say otherwise", () => {
    expect(eventEndpoints({})).toEqual({ ga4: "https://www.google-analytics.com/mp/collect", meta: "https://graph.facebook.com/v21.0/{pixel}/events" });
    expect([GA4_ENDPOINT, META_ENDPOINT]).toEqual([eventEndpoints({}).ga4, eventEndpoints({}).meta]);
    expect(eventEndpoints({ GA4_MP_ENDPOINT: " http://127.0.0.1:9/mp ", META_CAPI_ENDPOINT: "" })).toEqual({ ga4: "http://127.0.0.1:9/mp", meta: META_ENDPOINT });
  });

  it("take secrets only as the services issue them", () => {
    expect(secretProblem("ga4ApiSecret", "short")).toBe("The GA4 Measurement Protocol API secret must be 8 to 512 characters without spaces, as the service issued it.");
    expect(secretProblem("metaAccessToken", "has a space in it")).toMatch(/^The Meta Conversions API access token must be/);
    expect(secretProblem("metaAccessToken", 42)).not.toBeNull();
    expect(secretProblem("metaAccessToken", TOKEN)).toBeNull();
  });
});

describe.each(backends)("server-side lead events on %s", (_name, make) => {
  let h: DbHandle;
  const rx = useEventReceiver({ apiSecret: API_SECRET, token: TOKEN });
  const analytics = { ga4MeasurementId: GA4_ID, metaPixelId: PIXEL, serverSideLeads: true };
  const site = demoSite(null);
  site.document.features.analytics = analytics;
  const logs: string[] = [];
  const drain = (leadId: string) => rx.drain(h.db, leadId, (m) => logs.push(m));
  const rows = (leadId: string) => rx.rows(h.db, leadId);
  const send = async (opts: { cookie?: string; lead?: Record<string, unknown>; key?: string; doc?: typeof site; ua?: string | null } = {}) => {
    const headers: Record<string, string> = opts.ua === null ? {} : { "user-agent": opts.ua ?? "Mozilla/5.0 (X11; Linux x86_64) test" };
    if (opts.cookie !== undefined) headers.cookie = opts.cookie;
    const res = await post(deps(h, opts.doc ?? site), validLead(opts.lead), { headers, key: opts.key });
    if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
    return (await res.json()) as { lead_id: string; event_id: string };
  };
  const { need } = withTestDatabase(make, async (opened) => {
    h = opened;
    await createTenant(h.db, site.document, "test");
    await publish(h, "harbourline", { actor: "test" });
    await upsertVehicle(h.db, feedVehicle("car-ev", { dealership_id: 101, location_id: 1001, make: "Toyota", model: "Corolla", year: 2021, price: 27990, vin: "JTDBR32E720000001", car_type: "used", body: "Hatch", colour: "White" }));
    await rx.setSecrets(h.db, "harbourline");
  });

  it("with both consents, queues one GA4 and one Meta event per lead and delivers them in the shapes the services take", async (ctx) => {
    need(ctx);
    rx.state.ga4.length = rx.state.meta.length = 0;
    const cookie = `fc_consent=${both}; _ga=GA1.1.1234567890.1764460000; _ga_TEST1234=GS1.1.1764460001.3.1.1764460100.0.0.0; _fbp=fb.1.1764460000000.987654321`;
    const lead = await send({ cookie, lead: { car_id: "car-ev", url: "https://harbourline.localhost/cars/2021-toyota-corolla?fbclid=AbC_12-x" } });
    expect(lead.event_id).toBe(`lead.${lead.lead_id}`);
    expect((await rows(lead.lead_id)).map((r) => [r.channel, r.target, r.status])).toEqual([
      ["ga4", GA4_ID, "pending"],
      ["meta", PIXEL, "pending"],
    ]);
    // The secret is read when sending, never kept in the outbox.
    expect((await rows(lead.lead_id)).some((r) => r.body.includes(API_SECRET) || r.body.includes(TOKEN))).toBe(false);
    await drain(lead.lead_id);
    expect((await rows(lead.lead_id)).map((r) => r.status)).toEqual(["sent", "sent"]);
    expect(rx.state.refused).toEqual([]);

    const [ga4] = rx.state.ga4;
    expect(ga4.query.get("measurement_id")).toBe(GA4_ID);
    expect(ga4.body.client_id).toBe("1234567890.1764460000");
    expect(ga4.body.consent).toEqual({ ad_user_data: "GRANTED", ad_personalization: "GRANTED" });
    expect(ga4.body.events).toEqual([
      {
        name: "asc_form_submission",
        params: {
          event_id: lead.event_id,
          event_owner: "forecourt",
          comm_type: "form",
          department: "sales",
          form_name: "Vehicle Enquiry",
          form_type: "vehicle_inquiry",
          page_location: "https://harbourline.localhost/cars/2021-toyota-corolla?fbclid=AbC_12-x",
          engagement_time_msec: 1,
          session_id: 1764460001,
          item_id: "car-ev",
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
    expect(event).toMatchObject({ event_name: "Lead", event_id: lead.event_id, action_source: "website", event_source_url: "https://harbourline.localhost/cars/2021-toyota-corolla?fbclid=AbC_12-x" });
    expect(Math.abs(event.event_time - Date.now() / 1000)).toBeLessThan(120);
    expect(event.user_data).toEqual({
      em: [sha("ada@example.com")],
      ph: [sha("61400000000")],
      fn: [sha("ada")],
      ln: [sha("lovelace")],
      zp: [sha("4000")],
      country: [sha("au")],
      client_ip_address: "203.0.113.7",
      client_user_agent: "Mozilla/5.0 (X11; Linux x86_64) test",
      fbp: "fb.1.1764460000000.987654321",
      fbc: expect.stringMatching(/^fb\.1\.\d{13}\.AbC_12-x$/),
    });
    expect(event.custom_data).toEqual({
      lead_type: "sales",
      form_type: "vehicle_inquiry",
      content_type: "vehicle",
      content_ids: ["car-ev"],
      make: "Toyota",
      model: "Corolla",
      year: 2021,
      state_of_vehicle: "used",
      vin: "JTDBR32E720000001",
      body_style: "HATCHBACK",
      exterior_color: "White",
      fuel_type: "GASOLINE",
      price: 27990,
      currency: "AUD",
      country: "Australia",
      value: 27990,
    });
  });

  it("sends nothing without consent: no cookie, a denied choice, a forged or malformed cookie", async (ctx) => {
    need(ctx);
    for (const cookie of [undefined, `fc_consent=${serializeConsent({ analytics: false, ads: false, at: 1 })}`, "fc_consent=v1.a1.d1", "fc_consent=v2.a1.d1.1764460000", "fc_consent=v1.a1.d1.1764460000x", `fc_consent=${"v1.a1.d1.1".repeat(2000)}`, "fc_consent=%ZZ; fc_consent=v1.a1.d1.1"]) {
      const lead = await send({ cookie });
      expect(await rows(lead.lead_id), String(cookie).slice(0, 60)).toEqual([]);
    }
  });

  it("sends GA4 only on analytics consent and Meta only on advertising consent", async (ctx) => {
    need(ctx);
    const analyticsOnly = await send({ cookie: `fc_consent=${serializeConsent({ analytics: true, ads: false, at: 1764460000 })}` });
    const ga4Rows = await rows(analyticsOnly.lead_id);
    expect(ga4Rows.map((r) => r.channel)).toEqual(["ga4"]);
    // Without a _ga cookie the client id is made for this lead; ads were denied, so GA4 is told so.
    const body = JSON.parse(ga4Rows[0].body);
    expect(body.client_id).toMatch(/^\d{10}\.\d{10}$/);
    expect(body.consent).toEqual({ ad_user_data: "DENIED", ad_personalization: "DENIED" });
    const adsOnly = await send({ cookie: `fc_consent=${serializeConsent({ analytics: false, ads: true, at: 1764460000 })}` });
    expect((await rows(adsOnly.lead_id)).map((r) => r.channel)).toEqual(["meta"]);
    // Meta takes no website event without the browser's user agent: none is queued for a request without one.
    const noAgent = await send({ cookie: `fc_consent=${both}`, ua: null });
    expect((await rows(noAgent.lead_id)).map((r) => r.channel)).toEqual(["ga4"]);
  });

  it("sends nothing for a site that does not send leads server-side, has no ids, or has no secret, nor for a job application", async (ctx) => {
    need(ctx);
    const cookie = `fc_consent=${both}`;
    const off = demoSite(null);
    off.document.features.analytics = { ...analytics, serverSideLeads: false };
    const noIds = demoSite(null);
    noIds.document.features.analytics = { serverSideLeads: true };
    for (const doc of [off, noIds]) expect(await rows((await send({ cookie, doc })).lead_id)).toEqual([]);
    await setEventSecret(h.db, "harbourline", "metaAccessToken", null, "staff@forecourt.test");
    try {
      expect((await rows((await send({ cookie })).lead_id)).map((r) => r.channel)).toEqual(["ga4"]);
    } finally {
      await setEventSecret(h.db, "harbourline", "metaAccessToken", TOKEN, "staff@forecourt.test");
    }
    const job = await send({
      cookie,
      lead: {
        form: "enquiry",
        category: "General Enquiry",
        subcategory: "Career Enquiry",
        car_dealership_id: undefined,
        additional_services: undefined,
        fields: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone: "0400 000 000", location_id: 1003, dealership_slug: "harbourline-mazda", message: "A sales role?" },
      },
    });
    expect(await rows(job.lead_id)).toEqual([]);
  });

  it("retries on a 5xx, and gives up at once on a 4xx with the reason logged", async (ctx) => {
    need(ctx);
    rx.state.ga4.length = rx.state.meta.length = 0;
    rx.state.down = 2;
    const lead = await send({ cookie: `fc_consent=${both}` });
    await drain(lead.lead_id);
    const [ga4, meta] = await rows(lead.lead_id);
    expect([ga4.status, meta.status]).toEqual(["sent", "sent"]);
    expect(ga4.attempts + meta.attempts).toBe(4); // the two 503s were retried
    expect(rx.state.ga4).toHaveLength(1);
    expect(rx.state.meta).toHaveLength(1);

    // The token was replaced by a wrong one after the lead was queued: Meta refuses it, the row is dead after one attempt.
    const refused = await send({ cookie: `fc_consent=${both}` });
    await setEventSecret(h.db, "harbourline", "metaAccessToken", "EAAB-not-the-token", "staff@forecourt.test");
    logs.length = 0;
    try {
      await drain(refused.lead_id);
    } finally {
      await setEventSecret(h.db, "harbourline", "metaAccessToken", TOKEN, "staff@forecourt.test");
    }
    const dead = (await rows(refused.lead_id)).find((r) => r.channel === "meta")!;
    expect(dead).toMatchObject({ status: "dead", attempts: 1 });
    expect(dead.lastError).toBe('Meta answered HTTP 400: {"error":{"message":"Invalid OAuth access token","type":"OAuthException","code":100}}');
    expect(logs).toEqual([`meta delivery ${dead.id} of lead ${refused.lead_id} was refused, not retried: ${dead.lastError}`]);
    expect(logs.join("\n")).not.toContain("EAAB-not-the-token");

    // A secret cleared after queueing: given up, with the reason.
    const cleared = await send({ cookie: `fc_consent=${both}` });
    await setEventSecret(h.db, "harbourline", "ga4ApiSecret", null, "staff@forecourt.test");
    try {
      await drain(cleared.lead_id);
    } finally {
      await setEventSecret(h.db, "harbourline", "ga4ApiSecret", API_SECRET, "staff@forecourt.test");
    }
    expect((await rows(cleared.lead_id)).find((r) => r.channel === "ga4")).toMatchObject({ status: "dead", attempts: 1, lastError: "the site harbourline has no GA4 API secret set any more" });
  });

  it("a secret that does not open (altered in the database, or another key) is logged once and its destination skipped, the other sent", async (ctx) => {
    need(ctx);
    const queued = await send({ cookie: `fc_consent=${both}` });
    const [row] = await h.db.select({ value: siteSecrets.value }).from(siteSecrets).where(and(eq(siteSecrets.tenantSlug, "harbourline"), eq(siteSecrets.name, "metaAccessToken")));
    const altered = `${row.value.slice(0, -2)}${row.value.endsWith("AA") ? "BB" : "AA"}`;
    await h.db.update(siteSecrets).set({ value: altered }).where(and(eq(siteSecrets.tenantSlug, "harbourline"), eq(siteSecrets.name, "metaAccessToken")));
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const later = await send({ cookie: `fc_consent=${both}` });
      expect((await rows(later.lead_id)).map((r) => r.channel)).toEqual(["ga4"]);
      await drain(queued.lead_id);
      const [ga4, meta] = await rows(queued.lead_id);
      expect(ga4.status).toBe("sent");
      expect(meta).toMatchObject({
        status: "dead",
        attempts: 1,
        lastError: "the site harbourline's Meta access token cannot be read (logged): it does not open with this key (another key, another row's value, or altered)",
      });
      expect(errors.mock.calls.map((c) => String(c[0])).filter((m) => m.includes("harbourline"))).toEqual([
        "[secrets] the Meta Conversions API access token of the site harbourline cannot be read: it does not open with this key (another key, another row's value, or altered). Its events are not sent until it is set again or the key it was sealed with is given.",
      ]);
    } finally {
      errors.mockRestore();
      await setEventSecret(h.db, "harbourline", "metaAccessToken", TOKEN, "staff@forecourt.test");
    }
  });

  it("is idempotent: a retried submit queues nothing more, and a redelivery carries the same event id", async (ctx) => {
    need(ctx);
    rx.state.meta.length = 0;
    const first = await send({ cookie: `fc_consent=${both}`, key: "events-idempotent-0001" });
    const again = await send({ cookie: `fc_consent=${both}`, key: "events-idempotent-0001" });
    expect(again).toMatchObject({ lead_id: first.lead_id, event_id: first.event_id });
    expect((await rows(first.lead_id)).map((r) => r.channel)).toEqual(["ga4", "meta"]);
    await drain(first.lead_id);
    // A worker that died after sending but before recording it (its lease ran out): the row is sent again, with the same event id, which Meta de-duplicates.
    await h.db.update(leadDeliveries).set({ status: "pending", nextAttemptAt: sql`now()` }).where(eq(leadDeliveries.leadId, first.lead_id));
    await drain(first.lead_id);
    expect(rx.state.meta.map((m) => m.body.data[0].event_id)).toEqual([first.event_id, first.event_id]);
    // The dealer's resend from the admin sends the e-mail again, not the analytics events.
    const staff = { id: 1, email: "staff@forecourt.test", role: "staff", tenants: [] } as unknown as Parameters<typeof resendLead>[1];
    const resent = await resendLead(h.db, staff, "harbourline", first.lead_id);
    expect(resent.deliveries.map((d) => d.channel)).toEqual(["email"]);
  });

  it("takes hostile cookies and headers without failing: oversized, odd or undecodable values are ignored", async (ctx) => {
    need(ctx);
    const cookie = [`fc_consent=${both}`, `_ga=GA1.1.${"9".repeat(5000)}.1`, "_ga_TEST1234=GS1.1.%ZZ", "_fbp=fb.1.<img src=x>.1", `_fbc=${"x".repeat(20_000)}`, "=;;;=="].join("; ");
    const lead = await send({ cookie, lead: { url: "https://elsewhere.example/phish" } });
    const [ga4, meta] = await rows(lead.lead_id);
    const g = JSON.parse(ga4.body);
    expect(g.client_id).toMatch(/^\d{10}\.\d{10}$/);
    expect(g.events[0].params).not.toHaveProperty("session_id");
    expect(g.events[0].params.page_location).toBe("https://www.harbourlinemotors.com.au/");
    const m = JSON.parse(meta.body).data[0];
    expect(m.user_data).not.toHaveProperty("fbp");
    expect(m.user_data).not.toHaveProperty("fbc");
    expect(m.event_source_url).toBe("https://www.harbourlinemotors.com.au/");
  });

  it("sends a service booking's event once, when its last step completes it, with department service", async (ctx) => {
    need(ctx);
    const spec = serviceBookingSpec(site.document);
    const NOW = new Date("2026-11-26T00:00:00Z");
    const contact: ServiceValues = { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone: "0400 000 000" };
    const order: ServiceValues = { rego: "abc123", state: "QLD", vehicle_make: "Toyota", vehicle_model: "HiLux", vehicle_year: "2020", service_interval: "40,000 km or 48 months", location_id: "1002", service_type: "Brakes", preferred_date: "2026-12-01" };
    const step = async (values: ServiceValues, last: boolean, leadId?: string, token?: string) => {
      const headers: Record<string, string> = { cookie: `fc_consent=${both}`, "user-agent": "test" };
      if (token) headers["lead-token"] = token;
      const res = await post(deps(h, site, { now: () => NOW }), buildServiceLead(spec, values, { last, leadId, url: "https://harbourline.localhost/service" }), { headers });
      expect(res.status).toBe(200);
      return (await res.json()) as { lead_id: string; event_id: string; lead_token?: string };
    };
    const first = await step(contact, false);
    expect(first.event_id).toBe(`lead.${first.lead_id}`);
    expect(await rows(first.lead_id)).toEqual([]);
    const last = await step({ ...contact, ...order }, true, first.lead_id, first.lead_token);
    expect(last.event_id).toBe(first.event_id);
    const sent = await rows(first.lead_id);
    expect(sent.map((r) => r.channel)).toEqual(["ga4", "meta"]);
    expect(JSON.parse(sent[0].body).events[0].params).toMatchObject({ event_id: first.event_id, department: "service", form_type: "service_appointment", form_name: "Service Booking" });
    expect(JSON.parse(sent[1].body).data[0].custom_data).toEqual({ lead_type: "service", form_type: "service_appointment" });
  });

  it("gives up on a stored payload that is not JSON without stopping the worker, and sends the others", async (ctx) => {
    need(ctx);
    rx.state.ga4.length = 0;
    const lead = await send({ cookie: `fc_consent=${both}` });
    await h.db.update(leadDeliveries).set({ body: "{not json" }).where(and(eq(leadDeliveries.leadId, lead.lead_id), eq(leadDeliveries.channel, "meta")));
    logs.length = 0;
    await drain(lead.lead_id);
    const [ga4, meta] = await rows(lead.lead_id);
    expect(ga4.status).toBe("sent");
    expect(meta).toMatchObject({ status: "dead", attempts: 1, lastError: "the stored payload is not a JSON object" });
    expect(rx.state.ga4.map((g) => g.body.events[0].params.event_id)).toEqual([lead.event_id]);
  });

  it("keeps the secrets write-only: status says set or not, never the value", async (ctx) => {
    need(ctx);
    const status = await eventSecretStatus(h.db, "harbourline");
    expect(status.map((s) => [s.name, s.label, s.set, s.updatedBy])).toEqual([
      ["ga4ApiSecret", "GA4 Measurement Protocol API secret", true, "staff@forecourt.test"],
      ["metaAccessToken", "Meta Conversions API access token", true, "staff@forecourt.test"],
    ]);
    expect(JSON.stringify(status)).not.toContain(API_SECRET);
    await expect(setEventSecret(h.db, "harbourline", "ga4ApiSecret", "bad secret", "x")).rejects.toThrow(/must be 8 to 512 characters/);
    expect((await eventSecrets(h.db, "harbourline")).ga4ApiSecret).toBe(API_SECRET);
  });
});
