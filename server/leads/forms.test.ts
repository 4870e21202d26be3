import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteDatabase, type TestDatabase } from "../../tests/databases";
import { feedVehicle } from "../../tests/fixtures/vehicle";
import { leadFormSpec, type LeadFormKind } from "../../domain/lead-forms";
import { buildLead, type FormValues } from "../../domain/lead-form-values";
import { validateLeadForm } from "../../domain/lead-form-validation";
import type { DbHandle } from "../db";
import { leads } from "../db/schema";
import { upsertVehicle } from "../inventory/store";
import { createTenant, publish } from "../tenants/store";
import { FIX_ERRORS } from "./http";
import { demoSite, deps, post } from "./test-helpers";

// The site's form rules (domain/lead-forms.ts) are one definition: what the browser form refuses,
// POST /api/leads refuses with the same pointers and messages, and stores nothing.

const site = demoSite();
const contact = { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone: "0400 000 000" };
const enquiry: FormValues = { ...contact, category: "Sales Enquiry", location_id: "1003", dealership_slug: "harbourline-mazda", message: "Still available?", opt_in: true };

describe("form rules on POST /api/leads (PGlite)", () => {
  let tdb: TestDatabase;
  let h: DbHandle;
  const d = () => deps(h, site);
  const leadCount = async () => (await h.db.select({ n: count() }).from(leads))[0].n;

  beforeAll(async () => {
    tdb = pgliteDatabase();
    h = await tdb.open();
    await createTenant(h.db, site.document, "test");
    await publish(h, "harbourline", { actor: "test" });
    await upsertVehicle(h.db, feedVehicle("isuzu-1", { dealership_id: 106, location_id: 1009, make: "Isuzu UTE", model: "D-Max", car_type: "used" }));
  });
  afterAll(async () => {
    await h?.close();
    await tdb?.cleanup();
  });

  const refusals: [string, LeadFormKind, FormValues, Record<string, unknown>?][] = [
    ["an empty enquiry", "enquiry", { opt_in: true }],
    ["a blank message and no dealership", "enquiry", { ...enquiry, message: "  ", dealership_slug: "" }],
    ["bad e-mail, phone and registration; a dealership not offered", "enquiry", { ...enquiry, email: "ada@", phone: "ring me", rego: "TOO LONG REGO", dealership_slug: "harbourline-nowhere" }],
    ["an excluded location", "enquiry", { ...enquiry, location_id: "1006" }],
    ["a category the site does not list", "enquiry", { ...enquiry, category: "Spam Enquiry" }],
    ["a hero lead with a 5-digit postcode", "hero", { ...contact, postcode: "40000", location_id: "1001" }],
    ["a hero lead with no postcode", "hero", { ...contact, location_id: "1001" }],
    ["a test drive without the terms", "test-drive", { ...contact, location_id: "1001" }],
    ["a test drive with a bad date", "test-drive", { ...contact, location_id: "1001", terms_conditions: true, preferred_date: "soon" }],
    ["request photos without contact details", "request-photos", { first_name: "Ada" }],
    // On a car whose make is Isuzu UTE, the dealership dropdown offers only the Isuzu dealership (filter by make).
    ["a dealership that does not sell the car's make", "enquiry", { ...enquiry, dealership_slug: "harbourline-toyota" }, { carId: "isuzu-1", defaults: { vehicle_make: "Isuzu UTE" } }],
  ];

  it.each(refusals)("%s: the browser's errors are the server's (422), nothing stored", async (_name, kind, values, ctx = {}) => {
    const make = (ctx.defaults as { vehicle_make?: string } | undefined)?.vehicle_make;
    const spec = leadFormSpec(site.document, kind, { make });
    const lead = buildLead(spec, values, { url: "https://harbourline.localhost/contact-us", ...ctx });
    const inBrowser = validateLeadForm(spec, lead).map(({ pointer, message }) => ({ pointer, message }));
    expect(inBrowser.length).toBeGreaterThan(0);
    const before = await leadCount();
    const res = await post(d(), lead);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.error).toBe(FIX_ERRORS);
    expect(body.errors).toEqual(inBrowser);
    expect(await leadCount()).toBe(before);
  });

  it("the same enquiry passes both and is stored, with its form, category and tracking", async () => {
    const spec = leadFormSpec(site.document, "enquiry");
    const lead = buildLead(spec, { ...enquiry, category: "Careers Enquiry" }, { url: "https://harbourline.localhost/careers", attributes: { visited_pages: ["/", "/careers"], linked_query_params: { utm_source: "jobs" } } });
    expect(validateLeadForm(spec, lead)).toEqual([]);
    const res = await post(d(), lead, { key: "form-enquiry-0001" });
    expect(res.status).toBe(200);
    const { lead_id } = await res.json();
    const [row] = await h.db.select().from(leads).where(eq(leads.id, lead_id));
    expect(row.dealershipId).toBe(102);
    expect(row.payload).toMatchObject({ form: "enquiry", category: "General Enquiry", subcategory: "Career Enquiry", lead_attributes: { linked_query_params: { utm_source: "jobs" } } });
  });

  it("consent is recorded only as asked: the enquiry's box as ticked or not; a form without the box (request photos) records none, whatever is sent", async () => {
    const stored = async (res: Response) => {
      expect(res.status).toBe(200);
      const [row] = await h.db.select().from(leads).where(eq(leads.id, (await res.json()).lead_id));
      return (row.payload as { fields: Record<string, unknown> }).fields;
    };
    const spec = leadFormSpec(site.document, "enquiry");
    expect((await stored(await post(d(), buildLead(spec, { ...enquiry, opt_in: false })))).opt_in).toBe(false);
    expect((await stored(await post(d(), buildLead(spec, enquiry)))).opt_in).toBe(true);
    const photos = leadFormSpec(site.document, "request-photos");
    expect(photos.fields.some((f) => f.name === "opt_in")).toBe(false);
    const lead = buildLead(photos, { ...contact }, { carId: "isuzu-1", carDealershipId: 106 });
    const sent = { ...lead, fields: { ...lead.fields, opt_in: true } };
    expect(await stored(await post(d(), sent))).not.toHaveProperty("opt_in");
  });

  it("a field the site does not require may be left out: the registration on harbourline", async () => {
    const spec = leadFormSpec(site.document, "enquiry");
    const res = await post(d(), buildLead(spec, { ...enquiry, rego: "" }));
    expect(res.status).toBe(200);
  });

  it("every lead names its form: without one, or with one the site does not have, it is refused (422) and nothing is stored", async () => {
    const before = await leadCount();
    // Without a form, the site's required fields (here the enquiry's location, dealership and message) could be skipped.
    const noForm = await post(d(), { category: "General Enquiry", fields: { first_name: "Ada", email: "ada@example.com" } });
    expect(noForm.status).toBe(422);
    expect(await noForm.json()).toEqual({
      error: FIX_ERRORS,
      errors: [{ pointer: "/form", message: 'is required: name the site form that sent the lead, one of "enquiry", "careers", "finance", "vehicle-enquiry", "test-drive", "request-photos", "hero", "trade-in", "service", "reserve"' }],
    });
    const unknown = await post(d(), { form: "contact", category: "General Enquiry", fields: { first_name: "Ada", email: "ada@example.com" } });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).errors).toEqual([
      { pointer: "/form", message: 'is not one of the site\'s forms: "enquiry", "careers", "finance", "vehicle-enquiry", "test-drive", "request-photos", "hero", "trade-in", "service", "reserve"' },
    ]);
    // Named, the same lead meets the enquiry's rules: what the site requires is asked for.
    const named = await post(d(), { form: "enquiry", category: "General Enquiry", fields: { first_name: "Ada", email: "ada@example.com" } });
    expect(named.status).toBe(422);
    expect((await named.json()).errors.map((e: { pointer: string; message: string }) => `${e.pointer} ${e.message}`)).toEqual([
      "/fields/last_name Last Name is required.",
      "/fields/phone Phone Number is required.",
      "/fields/location_id Location is required.",
      "/fields/dealership_slug Dealership is required.",
      "/fields/message Message is required.",
    ]);
    // A trade-in lead carries the server's offer: only the trade-in API stores one.
    const tradeIn = await post(d(), { form: "trade-in", category: "Trade-In", fields: { first_name: "Ada", email: "ada@example.com", postcode: "4000", offer_price: 99_000 } });
    expect(tradeIn.status).toBe(422);
    expect((await tradeIn.json()).errors).toEqual([{ pointer: "/form", message: "is sent by the trade-in wizard (/api/eval-expert/update-eval), not here" }]);
    expect(await leadCount()).toBe(before);
  });

  it("an earlier step of a multi-step form (isLastStep false) is checked for what it carries, not for the fields of later steps", async () => {
    const spec = leadFormSpec(site.document, "finance");
    const first = buildLead(spec, { ...contact });
    const partial = await post(d(), { ...first, isLastStep: false });
    expect(partial.status).toBe(200);
    // What it carries must be right: a dealership the form does not offer is refused.
    const wrong = await post(d(), { ...first, isLastStep: false, fields: { ...first.fields, dealership_slug: "harbourline-nowhere" } });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).errors).toEqual([{ pointer: "/fields/dealership_slug", message: "Please choose one of the listed options for Dealership." }]);
    // The last step needs every required field of every step.
    const last = await post(d(), first);
    expect(last.status).toBe(422);
    expect((await last.json()).errors.map((e: { pointer: string }) => e.pointer)).toEqual(["/fields/location_id", "/fields/dealership_slug", "/fields/message"]);
  });

  it("the finance enquiry's budget: typed as $ with separators, sent in whole dollars; what is not an amount is refused with its message", async () => {
    const spec = leadFormSpec(site.document, "finance");
    const values = { ...contact, location_id: "1003", dealership_slug: "harbourline-mazda", message: "Finance for a CX-5, please." };
    const ok = buildLead(spec, { ...values, vehicle_price_budget: "$27,990" });
    expect(ok.fields.vehicle_price_budget).toBe(27990);
    const res = await post(d(), ok);
    expect(res.status).toBe(200);
    const [row] = await h.db.select().from(leads).where(eq(leads.id, (await res.json()).lead_id));
    expect(row.payload).toMatchObject({ form: "finance", category: "Finance Enquiry", fields: { vehicle_price_budget: 27990 } });
    const bad = buildLead(spec, { ...values, vehicle_price_budget: "about 30k" });
    const refused = await post(d(), bad);
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors).toEqual([{ pointer: "/fields/vehicle_price_budget", message: "Vehicle Price / Budget must be an amount in whole dollars, such as $30,000." }]);
  });

  it("a lead that is wrong for the lead schema too answers the form's messages first", async () => {
    const spec = leadFormSpec(site.document, "hero");
    const lead = { ...buildLead(spec, { ...contact, postcode: "4000", location_id: "1001" }), color: "red", fields: { ...contact, postcode: "12", location_id: 1001 } };
    const res = await post(d(), lead);
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual([
      { pointer: "/fields/postcode", message: "Invalid postcode. Please enter a 4-digit number." },
      { pointer: "/color", message: "is not a lead field" },
    ]);
  });
});
