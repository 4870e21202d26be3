import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, pgliteDatabase, withTestDatabase, type TestDatabase } from "../../tests/databases";
import { dateClosed, NOT_YOUR_BOOKING, serviceBookingSpec, type ServiceValues } from "../../domain/service-booking";
import { buildServiceLead } from "../../domain/service-booking-lead";
import type { DbHandle } from "../db";
import { leadDeliveries, leads } from "../db/schema";
import { createTenant, publish } from "../tenants/store";
import { withErrors } from "../http/site-route";
import { MemoryRateLimiter } from "../http/rate-limit";
import { handleRegoLookup, LOOKUPS_BUSY, SERVICE_LOOKUP_LIMITS } from "../service-booking/http";
import { createHash } from "node:crypto";
import { challengeOffer, solveChallenge } from "../../domain/challenge";
import { CHALLENGE_HEADER } from "../http/challenge";
import { CLIENT_ADDRESS_HEADER } from "../http/client-address";
import { demoSite, deps, post, SITE_HOST } from "./test-helpers";
import type { TenantDocument } from "../../schemas/generated/tenant";

// The service booking through POST /api/leads (issue 15): each step after the contact details is
// stored as the lead's progress (no delivery), later steps move that lead on by its lead_id, and the
// last step is delivered by e-mail only (ADF 1.0 has no service element), to the chosen service
// location's address — even where the dealership has a CRM.

const site = demoSite("https://crm.example.test/adf");
const spec = serviceBookingSpec(site.document);
const NOW = new Date("2026-11-26T00:00:00Z");
const contact: ServiceValues = { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone: "0400 000 000" };
const vehicle: ServiceValues = { rego: "abc123", state: "QLD", vehicle_make: "Toyota", vehicle_model: "HiLux", vehicle_year: "2020", service_interval: "40,000 km or 48 months" };
const order: ServiceValues = { location_id: "1002", service_type: "Brakes", preferred_date: "2026-12-01", tyres_replacement: true, comments: "Brakes squeal" };

describe("service bookings on POST /api/leads (PGlite)", () => {
  let tdb: TestDatabase;
  let h: DbHandle;
  const d = () => deps(h, site, { now: () => NOW });
  const send = async (values: ServiceValues, last: boolean, leadId?: string, token?: string) =>
    post(d(), buildServiceLead(spec, values, { last, leadId, url: "https://harbourline.localhost/service" }), token ? { headers: { "lead-token": token } } : {});

  beforeAll(async () => {
    tdb = pgliteDatabase();
    h = await tdb.open();
    await createTenant(h.db, site.document, "test");
    await publish(h, "harbourline", { actor: "test" });
  });
  afterAll(async () => {
    await h?.close();
    await tdb?.cleanup();
  });

  it("stores each step as one lead's progress and sends the last by e-mail to the service location, never as ADF", async () => {
    const first = await send(contact, false);
    expect(first.status).toBe(200);
    const { lead_id, lead_token } = await first.json();
    const deliveries = () => h.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, lead_id));
    const stored = async () => (await h.db.select().from(leads).where(eq(leads.id, lead_id)))[0];
    expect((await stored()).payload).toMatchObject({ form: "service", lead_status: "In Progress", form_completed: false, isLastStep: false, fields: contact });
    expect(await deliveries()).toEqual([]);

    const second = await send({ ...contact, ...vehicle }, false, lead_id, lead_token);
    expect(second.status).toBe(200);
    expect((await second.json()).lead_id).toBe(lead_id);
    expect((await stored()).payload).toMatchObject({ lead_status: "In Progress", fields: { vehicle_make: "Toyota", vehicle_year: 2020, rego: "ABC123" } });
    expect(await deliveries()).toEqual([]);

    const last = await send({ ...contact, ...vehicle, ...order }, true, lead_id, lead_token);
    expect(last.status).toBe(200);
    expect((await last.json()).lead_id).toBe(lead_id);
    const row = await stored();
    expect(row.dealershipId).toBe(101);
    expect(row.payload).toMatchObject({
      form: "service",
      category: "Service Booking",
      lead_status: "Complete",
      form_completed: true,
      isLastStep: true,
      fields: { page_title: "Service", location_id: 1002, dealership_slug: "harbourline-toyota", service_type: "Brakes", preferred_date: "2026-12-01", tyres_replacement: true, comments: "Brakes squeal" },
    });
    const sent = await deliveries();
    expect(sent.map((x) => [x.channel, x.target])).toEqual([["email", "harbourline-toyota-cleveland-service@harbourlinemotors.com.au"]]);
    expect(sent[0].subject).toBe("Service Booking — Ada Lovelace");
    // The service form has no opt-in box: no consent is recorded, and the e-mail says it was not asked.
    expect((row.payload as { fields: Record<string, unknown> }).fields).not.toHaveProperty("opt_in");
    expect(sent[0].body).toContain("Opt-in to marketing: Not asked");
    for (const line of ["Vehicle: 2020 Toyota HiLux", "Registration: ABC123 (QLD)", "Preferred Service Date: 2026-12-01", "Service interval: 40,000 km or 48 months", "Service type: Brakes", "Comments: Brakes squeal", "Tyres replacement: Yes", "Status: Complete"]) {
      expect(sent[0].body).toContain(line);
    }

    // Sent: the booking cannot be moved on again.
    const again = await send({ ...contact, ...vehicle, ...order, comments: "changed" }, true, lead_id, lead_token);
    expect(again.status).toBe(409);
    expect(await deliveries()).toHaveLength(1);
  });

  it("refuses what the browser refuses, with its messages: a closed day, a missing required field; stores nothing", async () => {
    const before = (await h.db.select().from(leads)).length;
    const res = await send({ ...contact, ...vehicle, ...order, preferred_date: "2026-11-29", service_type: "" }, true);
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual([
      { pointer: "/fields/service_type", message: "Service Type is required." },
      { pointer: "/fields/preferred_date", message: dateClosed("2026-11-29") },
    ]);
    expect((await h.db.select().from(leads)).length).toBe(before);
  });

  it("a lead_id that is not one of this site's service bookings is refused (404); other forms may not send one (422)", async () => {
    const res = await send({ ...contact, ...vehicle }, false, "0b6f7a52-6d5c-4c0e-9d1e-1c2b3a4d5e6f");
    expect(res.status).toBe(404);
    const enquiry = await post(d(), { form: "enquiry", category: "General Enquiry", lead_id: "0b6f7a52-6d5c-4c0e-9d1e-1c2b3a4d5e6f", fields: contact });
    expect(enquiry.status).toBe(422);
  });

  it("hostile service leads get a 4xx with a message, never a 500", async () => {
    const good = buildServiceLead(spec, { ...contact, ...vehicle, ...order }, { last: true });
    const bodies: unknown[] = [
      { ...good, fields: "x" },
      { ...good, fields: null },
      { ...good, fields: [1, 2] },
      { ...good, fields: { ...good.fields, vehicle_year: "abc" } },
      { ...good, fields: { ...good.fields, location_id: 99999 } },
      { ...good, fields: { ...good.fields, preferred_date: "2026-99-99" } },
      { ...good, fields: { ...good.fields, preferred_date: { $gt: "" } } },
      { ...good, lead_id: "../../etc/passwd" },
      { ...good, lead_status: "Done", form_completed: "yes" },
      { ...good, category: 42 },
      { ...good, isLastStep: false, lead_status: "Complete" },
    ];
    for (const body of bodies) {
      const res = await post(d(), body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect((await res.json()).error).toBeTruthy();
    }
    const year = await post(d(), { ...good, fields: { ...good.fields, vehicle_year: 1850 } });
    expect((await year.json()).errors).toContainEqual({ pointer: "/fields/vehicle_year", message: "Please enter a year between 1900 and 2027." });
  });

  it("a site that takes no bookings itself refuses a service lead (404)", async () => {
    const external: TenantDocument = structuredClone(site.document);
    external.forms.service.externalBookingUrl = "https://book.example.com/";
    const res = await post(deps(h, { ...site, document: external }), buildServiceLead(spec, { ...contact, ...vehicle, ...order }, { last: true }));
    expect(res.status).toBe(404);
    expect((await res.json()).error).toBe("This site does not take service bookings online.");
  });
});

describe.each(backends)("a service booking moves on only for the visitor who started it, on %s", (_name, make) => {
  let h: DbHandle;
  const db = withTestDatabase(make, async (handle) => {
    h = handle;
    await createTenant(h.db, site.document, "test");
    await publish(h, "harbourline", { actor: "test" });
  });
  const d = () => deps(h, site, { now: () => NOW });
  const send = (values: ServiceValues, last: boolean, leadId?: string, headers: Record<string, string> = {}, key?: string) =>
    post(d(), buildServiceLead(spec, values, { last, leadId, url: "https://harbourline.localhost/service" }), { headers, ...(key ? { key } : {}) });

  it("the first step answers a token (stored only hashed); a later step without it, or with another, is 403 and changes nothing; with it the booking completes", async (t) => {
    db.need(t);
    const first = await send(contact, false, undefined, {}, "service-owner-first-1");
    expect(first.status).toBe(200);
    const { lead_id, lead_token } = await first.json();
    expect(lead_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = async () => (await h.db.select().from(leads).where(eq(leads.id, lead_id)))[0];
    const before = await row();
    expect(before.ownerTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(before)).not.toContain(lead_token);

    // Another visitor's booking gives a token that is no key to this one.
    const other = await (await send({ ...contact, first_name: "Eve" }, false)).json();
    const mallory = { first_name: "Mallory", last_name: "Stranger", email: "mallory@example.com", phone: "0411 111 111" };
    for (const headers of <Record<string, string>[]>[{}, { "lead-token": "" }, { "lead-token": "x".repeat(43) }, { "lead-token": other.lead_token }, { "lead-token": "y".repeat(5000) }]) {
      for (const last of [false, true]) {
        const res = await send({ ...mallory, ...vehicle, ...order }, last, lead_id, headers);
        expect([res.status, (await res.json()).error]).toEqual([403, NOT_YOUR_BOOKING]);
      }
    }
    const after = await row();
    expect(after.payload).toEqual(before.payload);
    expect(await h.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, lead_id))).toEqual([]);

    // A retry of the first step (same key, same lead) is the same visitor: a new token replaces the old.
    const retry = await (await send(contact, false, undefined, {}, "service-owner-first-1")).json();
    expect(retry.lead_id).toBe(lead_id);
    expect(retry.lead_token).not.toBe(lead_token);
    expect((await send({ ...contact, ...vehicle }, false, lead_id, { "lead-token": lead_token })).status).toBe(403);

    const second = await send({ ...contact, ...vehicle }, false, lead_id, { "lead-token": retry.lead_token });
    expect(second.status).toBe(200);
    const done = await send({ ...contact, ...vehicle, ...order }, true, lead_id, { "lead-token": retry.lead_token });
    expect(done.status).toBe(200);
    expect((await row()).payload).toMatchObject({ lead_status: "Complete", fields: { first_name: "Ada", email: "ada@example.com" } });
    expect(await h.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, lead_id))).toHaveLength(1);
  });
});

describe("POST /api/service/rego-lookup", () => {
  const wattle = structuredClone(site.document);
  wattle.forms.service = { ...wattle.forms.service, variant: "minimal" };
  const ctx = (tenant: TenantDocument) => ({ db: {} as never, tenant, sms: {} as never, limiter: new MemoryRateLimiter() });
  const lookup = (tenant: TenantDocument, body: unknown) =>
    withErrors(handleRegoLookup, new Request("http://x/api/service/rego-lookup", { method: "POST", headers: { host: SITE_HOST, "content-type": "application/json" }, body: JSON.stringify(body) }), ctx(tenant));

  it("finds make, model and year from the registration table, or says to type them", async () => {
    expect(await (await lookup(wattle, { rego: "310 tya", state: "QLD" })).json()).toEqual({ found: true, make: "Toyota", model: "Corolla", year: expect.any(Number) });
    expect(await (await lookup(wattle, { rego: "ZZZ999", state: "QLD" })).json()).toEqual({ found: false, message: "We could not find your vehicle from its registration. Please enter its make, model and year." });
  });

  it("counts lookups per client and network; past the site's cap asks for the browser check instead of refusing", async () => {
    const limiter = new MemoryRateLimiter();
    const from = (client: string, headers: Record<string, string> = {}) =>
      withErrors(
        handleRegoLookup,
        new Request("http://x/api/service/rego-lookup", { method: "POST", headers: { host: SITE_HOST, "content-type": "application/json", [CLIENT_ADDRESS_HEADER]: client, ...headers }, body: JSON.stringify({ rego: "310 tya", state: "QLD" }) }),
        { db: {} as never, tenant: wattle, sms: {} as never, limiter },
      );
    for (let i = 0; i < SERVICE_LOOKUP_LIMITS.perNetwork.limit; i++) expect((await from(`203.0.113.${1 + Math.floor(i / SERVICE_LOOKUP_LIMITS.perClient.limit)}`)).status).toBe(200);
    const network = await from("203.0.113.99");
    expect(network.status).toBe(429);
    expect((await network.json()).message).toMatch(/^Too many requests were sent from here in a short time\. Please try again in \d+ seconds\.$/);
    // The site's hour spent by others: a visitor from elsewhere is checked, not refused.
    const slug = wattle.identity.slug;
    for (let i = 0; i < SERVICE_LOOKUP_LIMITS.perSite.limit; i++) await limiter.hit(`service-lookup:site:${slug}`, SERVICE_LOOKUP_LIMITS.perSite.limit, SERVICE_LOOKUP_LIMITS.perSite.windowMs);
    const checked = await from("198.51.100.4");
    expect(checked.status).toBe(429);
    const answer = await checked.json();
    expect(answer.message).toBe(LOOKUPS_BUSY);
    const solution = await solveChallenge(challengeOffer(answer)!, async (data) => new Uint8Array(createHash("sha256").update(data).digest()));
    expect(await (await from("198.51.100.4", { [CHALLENGE_HEADER]: solution })).json()).toMatchObject({ found: true, make: "Toyota" });
  });

  it("refuses a bad registration (400) and answers 404 where the site's booking has no lookup", async () => {
    const bad = await lookup(wattle, { rego: "<script>", state: "QLD" });
    expect(bad.status).toBe(400);
    expect((await lookup(site.document, { rego: "310TYA", state: "QLD" })).status).toBe(404);
  });
});
