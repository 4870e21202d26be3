import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { backends, withTestDatabase } from "../../tests/databases";
import { feedVehicle } from "../../tests/fixtures/vehicle";
import type { DbHandle } from "../db";
import { leadDeliveries, leads } from "../db/schema";
import { upsertVehicle } from "../inventory/store";
import { createTenant, publish } from "../tenants/store";
import { FIX_ERRORS, MAX_LEAD_BODY_BYTES } from "./http";
import { demoSite, deps, post, validLead } from "./test-helpers";

describe.each(backends)("POST /api/leads on %s", (_name, make) => {
  let h: DbHandle;
  const site = demoSite("https://crm.example.test/adf");
  const d = () => deps(h, site);
  const { need } = withTestDatabase(make, async (opened) => {
    h = opened;
    await createTenant(h.db, site.document, "test");
    await publish(h, "harbourline", { actor: "test" });
    await upsertVehicle(h.db, feedVehicle("car-1", { dealership_id: 102, location_id: 1003, vin: "JM0AB12C345678901" }));
  });
  const leadCount = async () => (await h.db.select({ n: count() }).from(leads))[0].n;

  it("stores a lead with an e-mail and an ADF delivery in the outbox and answers its id", async (ctx) => {
    need(ctx);
    const res = await post(d(), validLead(), { key: "first-lead-0001" });
    expect(res.status).toBe(200);
    const { lead_id } = await res.json();
    expect(lead_id).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await h.db.select().from(leads).where(eq(leads.id, lead_id));
    expect(row).toMatchObject({ tenant: "harbourline", dealershipId: 101, idempotencyKey: "first-lead-0001" });
    expect(row.payload).toMatchObject({ form: "vehicle-enquiry", category: "Vehicle Enquiry", fields: { first_name: "Ada" } });
    // Consent is recorded only as answered: this lead sent no opt_in, so none is stored (never a default "Yes").
    expect((row.payload as { fields: Record<string, unknown> }).fields).not.toHaveProperty("opt_in");
    const deliveries = await h.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, lead_id));
    expect(deliveries.map((x) => [x.channel, x.status, x.target]).sort()).toEqual([
      ["adf", "pending", "https://crm.example.test/adf"],
      ["email", "pending", "leads+harbourline-toyota@harbourlinemotors.com.au"],
    ]);
    expect(deliveries.find((x) => x.channel === "adf")!.body).toContain("<name part=\"first\">Ada</name>");
  });

  it("routes a lead on a car to the car's dealership and puts the car in the ADF", async (ctx) => {
    need(ctx);
    const res = await post(d(), validLead({ car_dealership_id: undefined, car_id: "car-1" }));
    const { lead_id } = await res.json();
    const [row] = await h.db.select().from(leads).where(eq(leads.id, lead_id));
    expect(row.dealershipId).toBe(102);
    const [adf] = await h.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, lead_id)).then((r) => r.filter((x) => x.channel === "adf"));
    expect(adf.body).toContain("<vin>JM0AB12C345678901</vin>");
    expect(adf.body).toContain('<vehicle interest="buy" status="used">');
    // A location names its dealership too.
    const byLocation = await post(d(), validLead({ car_dealership_id: undefined, fields: { ...validLead().fields, location_id: 1004 } }));
    const [l2] = await h.db.select().from(leads).where(eq(leads.id, (await byLocation.json()).lead_id));
    expect(l2.dealershipId).toBe(103);
  });

  it("answers the same lead id for the same Idempotency-Key, sent twice or 20 times at once, and stores one lead", async (ctx) => {
    need(ctx);
    const before = await leadCount();
    const first = await post(d(), validLead(), { key: "retry-key-12345" });
    const again = await post(d(), validLead(), { key: "retry-key-12345" });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await again.json()).lead_id).toBe((await first.json()).lead_id);
    const burst = await Promise.all(Array.from({ length: 20 }, () => post(d(), validLead({ subcategory: "burst" }), { key: "burst-key-123456" })));
    expect(burst.map((r) => r.status)).toEqual(Array(20).fill(200));
    const ids = new Set(await Promise.all(burst.map(async (r) => (await r.json()).lead_id)));
    expect(ids.size).toBe(1);
    expect(await leadCount()).toBe(before + 2);
    const [id] = [...ids];
    expect((await h.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, id))).length).toBe(2);
  });

  it("refuses the same Idempotency-Key with a different lead (409)", async (ctx) => {
    need(ctx);
    await post(d(), validLead(), { key: "reused-key-0001" });
    const res = await post(d(), validLead({ subcategory: "Finance" }), { key: "reused-key-0001" });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatch(/already used for a different lead/);
  });

  it("stores exactly 1,000 leads from 1,000 concurrent submissions", async (ctx) => {
    need(ctx);
    const before = await leadCount();
    const started = Date.now();
    const responses = await Promise.all(Array.from({ length: 1000 }, (_, i) => post(d(), validLead({ subcategory: `n${i}` }), { key: `concurrent-${i}-xyz` })));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const ids = new Set(await Promise.all(responses.map(async (r) => (await r.json()).lead_id)));
    expect(ids.size).toBe(1000);
    expect(await leadCount()).toBe(before + 1000);
    console.log(`${_name}: 1,000 concurrent leads stored in ${Date.now() - started} ms`);
  }, 60_000);

  it("does not deliver an earlier step of a multi-step form (isLastStep false)", async (ctx) => {
    need(ctx);
    const { lead_id } = await (await post(d(), validLead({ isLastStep: false }))).json();
    expect(await h.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, lead_id))).toEqual([]);
  });

  it("answers 400, 404, 413 and 422 with messages for requests it cannot take, and stores nothing", async (ctx) => {
    need(ctx);
    const before = await leadCount();
    const cases: [Response, number, RegExp][] = [
      [await post(d(), validLead(), { key: null }), 400, /Idempotency-Key header is required/],
      [await post(d(), validLead(), { key: "short" }), 400, /8 to 200 characters/],
      [await post(d(), validLead(), { key: "bad key with spaces" }), 400, /8 to 200 characters/],
      [await post(d(), "{not json", { raw: true }), 400, /not valid JSON/],
      [await post(d(), "", { raw: true }), 400, /empty/],
      [await post(d(), validLead(), { host: "nobody.localhost:3000" }), 404, /No dealer site/],
      [await post(d(), validLead({ car_dealership_id: 999 })), 404, /Dealership 999 is not on this site/],
      [await post(d(), validLead({ car_dealership_id: undefined, fields: { ...validLead().fields, dealership_slug: "nope" } })), 404, /no dealership "nope"/],
      [await post(d(), validLead({ message: "x".repeat(MAX_LEAD_BODY_BYTES) })), 413, /at most 65536|more than 65536/],
      [await post(d(), validLead({ fields: { first_name: "Ada" } })), 422, new RegExp(FIX_ERRORS)],
    ];
    for (const [res, status, message] of cases) {
      expect(res.status).toBe(status);
      expect((await res.json()).error).toMatch(message);
    }
    const res = await post(d(), validLead({ fields: { first_name: "Ada", postcode: "40000", email: "nope" }, color: "red" }));
    expect((await res.json()).errors).toEqual(
      expect.arrayContaining([
        { pointer: "/color", message: "is not a lead field" },
        { pointer: "/fields/postcode", message: "Invalid postcode. Please enter a 4-digit number." },
        // The form's wording (the lead names its form, vehicle-enquiry) comes before the lead schema's.
        { pointer: "/fields/email", message: "Please enter a valid email address." },
      ]),
    );
    const noContact = await post(d(), validLead({ fields: { first_name: "Ada" } }));
    expect((await noContact.json()).errors).toEqual([
      { pointer: "/fields/last_name", message: "Last Name is required." },
      { pointer: "/fields/email", message: "Email Address is required." },
      { pointer: "/fields/phone", message: "Phone Number is required." },
    ]);
    expect(await leadCount()).toBe(before);
  });

  it("answers a filled honeypot with a made-up lead id and stores nothing", async (ctx) => {
    need(ctx);
    const before = await leadCount();
    const res = await post(d(), validLead({ website: "http://spam.example" }));
    expect(res.status).toBe(200);
    const { lead_id } = await res.json();
    expect(lead_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await leadCount()).toBe(before);
    expect(await h.db.select().from(leads).where(eq(leads.id, lead_id))).toEqual([]);
  });
});
