import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CHOOSE_CAR_MESSAGE,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  noOnlineEstimateReason,
  REQUIRED_MESSAGE,
  TOO_MANY_IMAGES_MESSAGE,
} from "../../domain/trade-in";
import type { TenantDocument } from "../../schemas/generated/tenant";
import type { Vehicle } from "../../schemas/generated/vehicle";
import { backends, withTestDatabase } from "../../tests/databases";
import { inventoryTenant } from "../../tests/fixtures/tenant";
import { feedVehicle } from "../../tests/fixtures/vehicle";
import type { DbHandle } from "../db";
import { leadDeliveries, leads, tradeInEvaluations } from "../db/schema";
import { withErrors } from "../http/site-route";
import { createSession, SESSION_COOKIE, upsertSiteUser } from "../auth/sessions";
import { upsertVehicles } from "../inventory/store";
import { leadsCsv } from "../leads/inbox-csv";
import { MemoryRateLimiter } from "../http/rate-limit";
import { smsProvider } from "../sms/provider";
import { createTenant, publish } from "../tenants/store";
import { NO_COMPARABLES_REASON } from "../valuation/embedded";
import { sendUnacceptedOffers, startUnacceptedOfferSweep } from "./unaccepted";
import { setEventSecret } from "../tenants/event-secrets";
import { leadEventId } from "../../domain/lead-event";
import {
  ALREADY_SENT,
  EVALUATION_NOT_FOUND,
  handleAcceptOffer,
  handleEnterVin,
  handleImageUpload,
  handleManualEntry,
  handleMiscellaneous,
  handleUpdateEval,
  TRADE_IN_LIMITS,
  TRADE_IN_OFF,
  VISITOR_COOKIE,
  type TradeInContext,
} from "./http";

const NOW = new Date("2026-11-25T00:00:00Z");
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000).toISOString();
const v = (id: string, o: Partial<Vehicle>) => feedVehicle(id, { stocknum: `S-${id}`, make: "Toyota", model: "Corolla", ...o });
// The comparables of server/valuation/embedded.test.ts: a 2020 Corolla with 60,000 km, Good,
// partial service history, one key is offered $17,500.
const stock: Vehicle[] = [
  v("a", { year: 2020, km: 50_000, price: 25_000 }),
  v("b", { year: 2021, km: 40_000, price: 27_000, dealership_id: 2, location_id: 20 }),
  v("c", { year: 2019, km: 80_000, price: 21_160, status: "sold", sold_at: daysAgo(30) }),
  // Caravans like VIC 1JY5CR (a 2020 Jayco Journey): no odometer to compare.
  v("j1", { item_type: "caravan", body: "Caravan", make: "Jayco", model: "Journey", year: 2020, km: 0, price: 60_000 }),
  v("j2", { item_type: "caravan", body: "Caravan", make: "Jayco", model: "Journey", year: 2021, km: 0, price: 64_000 }),
];

function tenant(slug: string, tradeIn: Partial<NonNullable<TenantDocument["features"]["tradeIn"]>>): TenantDocument {
  const doc = inventoryTenant(slug, "Alpha Motors");
  doc.features = { ...doc.features, tradeIn: { enabled: true, imageStep: true, maxAgeYears: 7, sendValuationToMiscellaneous: true, ...tradeIn } };
  for (const d of doc.dealerships) d.leadEmail = `leads-${d.id}@${slug}.test`;
  return doc;
}

const alpha = tenant("alpha", {});
const beta = tenant("beta", {});
const off = tenant("gamma", { enabled: false });

type Handler = (request: Request, ctx: TradeInContext) => Promise<unknown>;

describe.each(backends)("the trade-in API on %s", (_name, make) => {
  let h: DbHandle;
  let dataDir: string;
  const before = process.env.DATA_DIR;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), "tradein-"));
    process.env.DATA_DIR = dataDir;
  });
  afterAll(() => {
    if (before === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = before;
  });
  const { need } = withTestDatabase(make, async (opened) => {
    h = opened;
    // beta and gamma are only the Host's site documents (their dealership ids are alpha's).
    await createTenant(h.db, alpha, "test");
    await publish(h, "alpha", { actor: "test" });
    expect((await upsertVehicles(h.db, stock, { now: NOW })).rejected).toEqual([]);
  });
  let limiter = new MemoryRateLimiter();
  const ctx = (doc = alpha): TradeInContext => ({ db: h.db, tenant: doc, sms: smsProvider(h.db), now: NOW, limiter });

  const call = async (handler: Handler, body: unknown, opts: { visitor?: string | null; doc?: TenantDocument; raw?: boolean; cookie?: string } = {}) => {
    const headers: Record<string, string> = { "content-type": "application/json", "user-agent": "Mozilla/5.0 (test)" };
    if (opts.visitor) headers.cookie = [`${VISITOR_COOKIE}=${opts.visitor}`, opts.cookie].filter(Boolean).join("; ");
    const request = new Request("https://alpha.test/api/eval-expert/x", { method: "POST", headers, body: opts.raw ? String(body) : JSON.stringify(body) });
    const res = await withErrors(handler, request, ctx(opts.doc), (message) => ({ success: false, message }));
    return { status: res.status, body: await res.json(), cookie: res.headers.get("set-cookie") };
  };
  const upload = async (evalid: string, visitor: string, bytes: Uint8Array, name: string, doc = alpha) => {
    const form = new FormData();
    form.set("evalid", evalid);
    form.set("file", new Blob([new Uint8Array(bytes)]), name);
    const request = new Request("https://alpha.test/api/eval-expert/image-upload", { method: "POST", headers: { cookie: `${VISITOR_COOKIE}=${visitor}` }, body: form });
    const res = await withErrors(handleImageUpload, request, ctx(doc), (message) => ({ success: false, message }));
    return { status: res.status, body: await res.json() };
  };
  /** Step One for a new visitor: the answer and the visitor id from the cookie set. */
  const enter = async (rego: string, state = "QLD", extra: Record<string, unknown> = {}) => {
    const res = await call(handleEnterVin, { rego, state, ...extra });
    expect(res.status).toBe(200);
    const visitor = /fc_tradein_visitor=([0-9a-f-]{36})/.exec(res.cookie ?? "")![1];
    return { ...res, visitor };
  };
  const details = (evalid: string, over: Record<string, unknown> = {}) => ({
    evalid,
    km: "60,000",
    userEmail: "ignored@example.com",
    cName: "Ada",
    cEmail: "ada@example.com",
    cPhone: "0400 000 000",
    postcode: "4000",
    service_history: "Partial service history",
    number_of_keys: "1",
    car_condition: "Good",
    comments: "Small dent on the rear bumper",
    ...over,
  });
  const evaluationCount = async () => (await h.db.select({ n: count() }).from(tradeInEvaluations))[0].n;
  const deliveriesOf = (leadId: string) => h.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, leadId));

  it("single match (QLD 825MZD): the evaluation in the first item, stored for the visitor, with an HttpOnly cookie", async (c) => {
    need(c);
    const res = await enter("825 mzd");
    expect(res.cookie).toMatch(/HttpOnly; SameSite=Lax; Secure/);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({ Registration: "825MZD", Make: "Mazda", Model: "CX-5", Year: 2021, VIN: "JMZKF4W7A00612345" });
    const [row] = await h.db.select().from(tradeInEvaluations).where(eq(tradeInEvaluations.id, res.body[0].EvalID));
    expect(row).toMatchObject({ site: "alpha", visitorId: res.visitor, rego: "825MZD", state: "QLD", stage: "initial" });
    // A visitor who has the cookie keeps it.
    const again = await call(handleEnterVin, { rego: "825MZD", state: "qld" }, { visitor: res.visitor });
    expect(again.cookie).toBeNull();
  });

  it("candidates (QLD 310TYA) under both spellings, then the manual selection; a description not listed is refused", async (c) => {
    need(c);
    const res = await enter("310TYA");
    const [first] = res.body;
    expect(first.EvalID).toBeUndefined();
    expect(first.VIN).toBe("JTNK4RBE90J054321");
    expect(first.Description).toEqual(first.Descriptions);
    expect(first.Description.map((d: { Description: string }) => d.Description)).toHaveLength(3);
    const chosen = first.Description[1].Description;
    const wrong = await call(handleManualEntry, { vin: first.VIN, desc: "A 1990 Trabant" }, { visitor: res.visitor });
    expect(wrong).toMatchObject({ status: 400, body: { message: CHOOSE_CAR_MESSAGE } });
    // Another visitor cannot choose for this one.
    const stranger = await call(handleManualEntry, { vin: first.VIN, desc: chosen }, { visitor: crypto.randomUUID() });
    expect(stranger).toMatchObject({ status: 404, body: { message: EVALUATION_NOT_FOUND } });
    const ok = await call(handleManualEntry, { vin: first.VIN, desc: chosen }, { visitor: res.visitor });
    expect(ok.status).toBe(200);
    expect(ok.body[0]).toMatchObject({ Make: "Toyota", Model: "Corolla", Variant: "Ascent Sport Hybrid", Year: 2020 });
    expect(ok.body[0].EvalID).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("not found: an empty first item, still stored; bad rego and state are 400 with the field messages and store nothing", async (c) => {
    need(c);
    const res = await enter("ZZZ999");
    expect(res.body).toEqual([{}]);
    const n = await evaluationCount();
    expect(await call(handleEnterVin, { rego: "", state: "QLD" })).toMatchObject({ status: 400, body: { message: REQUIRED_MESSAGE, errors: { rego: REQUIRED_MESSAGE } } });
    expect((await call(handleEnterVin, { rego: "825MZD", state: "XX" })).status).toBe(400);
    expect((await call(handleEnterVin, { rego: "825MZD<script>", state: "QLD" })).status).toBe(400);
    expect((await call(handleEnterVin, { rego: "825MZD", state: "QLD", car_id: "not-a-car" })).status).toBe(400);
    expect(await evaluationCount()).toBe(n);
  });

  it("details → the offer with the embedded provider's figures; acceptance → 3. Offer Accepted with its e-mail and ADF rows", async (c) => {
    need(c);
    // Bought: car b, of the second dealership, which gets the lead.
    const res = await enter("310TYA", "QLD", { car_id: "b" });
    const choice = await call(handleManualEntry, { vin: res.body[0].VIN, desc: res.body[0].Descriptions[0].Description }, { visitor: res.visitor });
    const evalid = choice.body[0].EvalID;
    const missing = await call(handleUpdateEval, details(evalid, { car_condition: "" }), { visitor: res.visitor });
    expect(missing).toMatchObject({ status: 400, body: { message: REQUIRED_MESSAGE, errors: { car_condition: REQUIRED_MESSAGE } } });
    const valued = await call(handleUpdateEval, details(evalid), { visitor: res.visitor });
    expect(valued.status).toBe(200);
    expect(valued.body[0]).toMatchObject({ EvalID: evalid, KM: 60_000, offer_price: 17_500, valid_until: "2026-12-02T00:00:00.000Z", stage: "1. Valuation With Adjustments" });
    // The visitor reads the offer and the reasons from their own answers, never the dealer's workings.
    expect(valued.body[0].adjustments).toEqual([
      { label: "Condition: Good (-4%)", amount: -768 },
      { label: "Partial service history (-3%)", amount: -553 },
      { label: "Keys: 1", amount: -300 },
    ]);
    expect(JSON.stringify(valued.body)).not.toMatch(/Retail|margin|median|comparable|Rounded|24,?000|basis/i);
    // Staff keep the workings with the evaluation.
    const [kept] = await h.db.select().from(tradeInEvaluations).where(eq(tradeInEvaluations.id, evalid));
    expect((kept.answer as { valuation: { adjustments: { label: string }[] } }).valuation.adjustments[1].label).toBe("Dealer margin (-20%)");
    const leadId = valued.body[0].lead_id;
    const [lead] = await h.db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead.payload).toMatchObject({
      form: "trade-in",
      category: "Trade-In",
      subcategory: "1. Valuation With Adjustments",
      car_id: "b",
      isLastStep: false,
      fields: { first_name: "Ada", rego: "310TYA", state: "QLD", odometer: 60_000, offer_price: 17_500, car_condition: "Good", sms_from: "0400 000 000" },
    });
    expect(await deliveriesOf(leadId)).toEqual([]);

    const accept = { category: "Trade-In", subcategory: "3. Offer Accepted", lead_id: leadId, form_completed: true, offer_accepted: true };
    expect((await call(handleAcceptOffer, accept, { visitor: crypto.randomUUID() })).status).toBe(404);
    const accepted = await call(handleAcceptOffer, accept, { visitor: res.visitor });
    expect(accepted).toMatchObject({ status: 200, body: { success: true, lead_id: leadId } });
    const [after] = await h.db.select().from(leads).where(eq(leads.id, leadId));
    expect(after.payload).toMatchObject({ subcategory: "3. Offer Accepted", isLastStep: true });
    expect((after.payload as { fields: { sms_content: string } }).fields.sms_content).toContain("3. Offer Accepted");
    const rows = await deliveriesOf(leadId);
    expect(after.dealershipId).toBe(2);
    expect(rows.map((r) => [r.channel, r.target])).toEqual([["email", "leads-2@alpha.test"]]);
    expect(rows[0].body).toContain("Offer: $17,500");
    expect(rows[0].body).toContain("Car being bought: b");
    // Both cars: the one being bought (car b) and the one traded in.
    expect(rows[0].subject).toBe("Trade-In — 2021 Toyota Corolla Ascent Sport (stock S-b) — Ada");
    expect(rows[0].body).toContain("Vehicle: 2021 Toyota Corolla Ascent Sport (stock S-b)\n");
    expect(rows[0].body).toMatch(/\nTrade-in vehicle: 2020 Toyota Corolla \(VIN JTNK4RBE90J054321\)\n/);
    // The admin's list and CSV: the car being bought and, in its own column, the car traded in.
    const staff = { id: 0, email: "staff@test.example", role: "staff" as const, tenants: [] };
    const { csv } = await leadsCsv(h.db, staff, "alpha", { page: 1 });
    const line = csv.split("\r\n").find((l) => l.includes(leadId))!;
    expect(line).toContain(",Trade-in,Trade-In,Ada,ada@example.com,0400 000 000,2021 Toyota Corolla,S-b,2020 Toyota Corolla (VIN JTNK4RBE90J054321),");
    // The wizard has no opt-in box: no consent recorded, none claimed.
    expect((after.payload as { fields: Record<string, unknown> }).fields).not.toHaveProperty("opt_in");
    expect(rows[0].body).toContain("Opt-in to marketing: Not asked");
    // Accepting twice sends nothing more.
    expect((await call(handleAcceptOffer, accept, { visitor: res.visitor })).status).toBe(200);
    expect(await deliveriesOf(leadId)).toHaveLength(1);
    const [evaluation] = await h.db.select().from(tradeInEvaluations).where(eq(tradeInEvaluations.id, evalid));
    expect(evaluation).toMatchObject({ stage: "offer-accepted", leadId });
  });

  it("sends the visitor's conversion (GA4 and Meta, department trade) once, when their details are valued, if they consented", async (c) => {
    need(c);
    await setEventSecret(h.db, "alpha", "ga4ApiSecret", "ga4-secret-0001", "test");
    await setEventSecret(h.db, "alpha", "metaAccessToken", "EAAB-meta-token-0001", "test");
    const doc: TenantDocument = { ...alpha, features: { ...alpha.features, analytics: { ga4MeasurementId: "G-TEST1234", metaPixelId: "1234567890", serverSideLeads: true } } };
    const consent = "fc_consent=v1.a1.d1.1764460000; _ga=GA1.1.1234567890.1764460000";
    const res = await enter("310TYA", "QLD", { car_id: "b" });
    const choice = await call(handleManualEntry, { vin: res.body[0].VIN, desc: res.body[0].Descriptions[0].Description }, { visitor: res.visitor });
    const evalid = choice.body[0].EvalID;
    const valued = await call(handleUpdateEval, details(evalid), { visitor: res.visitor, doc, cookie: consent });
    const leadId = valued.body[0].lead_id;
    // The dealer's delivery waits for the offer's answer; the visitor's conversion does not.
    const events = (await deliveriesOf(leadId)).sort((a, b) => a.channel.localeCompare(b.channel));
    expect(events.map((r) => [r.channel, r.target, r.status])).toEqual([
      ["ga4", "G-TEST1234", "pending"],
      ["meta", "1234567890", "pending"],
    ]);
    expect(JSON.parse(events[0].body)).toMatchObject({ client_id: "1234567890.1764460000", events: [{ name: "asc_form_submission", params: { event_id: leadEventId(leadId), department: "trade", form_type: "trade_in", item_id: "b" } }] });
    expect(JSON.parse(events[1].body).data[0]).toMatchObject({ event_id: leadEventId(leadId), custom_data: { lead_type: "trade", content_type: "vehicle", content_ids: ["b"] } });
    // Details sent again (another odometer): still one event each.
    expect((await call(handleUpdateEval, details(evalid, { km: "61,000" }), { visitor: res.visitor, doc, cookie: consent })).status).toBe(200);
    expect(await deliveriesOf(leadId)).toHaveLength(2);
    // Without consent, a trade-in queues no event.
    const other = await enter("310TYA", "QLD");
    const otherChoice = await call(handleManualEntry, { vin: other.body[0].VIN, desc: other.body[0].Descriptions[0].Description }, { visitor: other.visitor });
    const plain = await call(handleUpdateEval, details(otherChoice.body[0].EvalID), { visitor: other.visitor, doc, cookie: "fc_consent=v1.a0.d0.1764460000" });
    expect(await deliveriesOf(plain.body[0].lead_id)).toEqual([]);
  });

  it("an offer left unaccepted reaches the dealer once after the site's delay, marked not accepted; accepting later updates the same lead", async (c) => {
    need(c);
    const res = await enter("310TYA", "QLD", { car_id: "b" });
    const choice = await call(handleManualEntry, { vin: res.body[0].VIN, desc: res.body[0].Descriptions[0].Description }, { visitor: res.visitor });
    const evalid = choice.body[0].EvalID;
    const valued = await call(handleUpdateEval, details(evalid), { visitor: res.visitor });
    const leadId = valued.body[0].lead_id;
    const [offered] = await h.db.select().from(tradeInEvaluations).where(eq(tradeInEvaluations.id, evalid));
    expect((offered.answer as { unacceptedLeadDueAt: string }).unacceptedLeadDueAt).toBe("2026-11-25T01:00:00.000Z");
    const minutes = (m: number) => new Date(NOW.getTime() + m * 60_000);
    // Not yet due: nothing.
    await sendUnacceptedOffers(h.db, minutes(59));
    expect(await deliveriesOf(leadId)).toEqual([]);
    // Due: two sweeps at once (two processes) deliver it once.
    await Promise.all([sendUnacceptedOffers(h.db, minutes(61)), sendUnacceptedOffers(h.db, minutes(61))]);
    const first = await deliveriesOf(leadId);
    expect(first.map((r) => [r.channel, r.round, r.status])).toEqual([["email", 0, "pending"]]);
    for (const line of ["Name: Ada", "Phone: 0400 000 000", "Trade-in vehicle: 2020 Toyota Corolla (VIN JTNK4RBE90J054321)", "Trade-In / 1. Valuation With Adjustments", "Offer: $17,500", "Offer status: Not accepted"]) {
      expect(first[0].body).toContain(line);
    }
    const [sentLead] = await h.db.select().from(leads).where(eq(leads.id, leadId));
    expect(sentLead.payload).toMatchObject({ isLastStep: true, subcategory: "1. Valuation With Adjustments", fields: { offer_status: "Not accepted" } });
    expect(await sendUnacceptedOffers(h.db, minutes(120))).toBe(0);
    expect(await deliveriesOf(leadId)).toHaveLength(1);
    // Sent: the details cannot be changed any more; the offer can still be accepted.
    expect(await call(handleUpdateEval, details(evalid, { km: 10 }), { visitor: res.visitor })).toMatchObject({ status: 409, body: { message: ALREADY_SENT } });
    const accepted = await call(handleAcceptOffer, { lead_id: leadId, offer_accepted: true }, { visitor: res.visitor });
    expect(accepted).toMatchObject({ status: 200, body: { success: true, lead_id: leadId } });
    // The same lead, sent again updated (the first sending, still waiting, gives way): never a second lead.
    const rows = (await deliveriesOf(leadId)).sort((a, b) => a.round - b.round);
    expect(rows.map((r) => [r.channel, r.round, r.status])).toEqual([
      ["email", 0, "replaced"],
      ["email", 1, "pending"],
    ]);
    expect(rows[1].body).toContain(`Lead: ${leadId}`);
    expect(rows[1].body).toContain("Trade-In / 3. Offer Accepted");
    expect(rows[1].body).toContain("Offer status: Accepted after it was sent as not accepted");
    expect((await h.db.select({ n: count() }).from(leads).where(eq(leads.idempotencyKey, `trade-in:${evalid}`)))[0].n).toBe(1);
    expect(await sendUnacceptedOffers(h.db, minutes(200))).toBe(0);
    expect(await deliveriesOf(leadId)).toHaveLength(2);
  });

  it("the delay is the site's setting; an offer accepted in time is never sent as not accepted", async (c) => {
    need(c);
    const quick = tenant("alpha", { unacceptedOfferLeadMinutes: 5 });
    const res = await enter("310TYA");
    const evalid = (await call(handleManualEntry, { vin: res.body[0].VIN, desc: res.body[0].Descriptions[1].Description }, { visitor: res.visitor, doc: quick })).body[0].EvalID;
    const valued = await call(handleUpdateEval, details(evalid), { visitor: res.visitor, doc: quick });
    const [offered] = await h.db.select().from(tradeInEvaluations).where(eq(tradeInEvaluations.id, evalid));
    expect((offered.answer as { unacceptedLeadDueAt: string }).unacceptedLeadDueAt).toBe("2026-11-25T00:05:00.000Z");
    await call(handleAcceptOffer, { lead_id: valued.body[0].lead_id, offer_accepted: true }, { visitor: res.visitor, doc: quick });
    await sendUnacceptedOffers(h.db, new Date(NOW.getTime() + 3_600_000));
    const rows = await deliveriesOf(valued.body[0].lead_id);
    expect(rows).toHaveLength(1);
    expect(rows[0].body).toContain("Offer status: Accepted\n");
  });

  it("the server's sweep (startUnacceptedOfferSweep, as instrumentation.ts starts it) sends an offer left unaccepted", async (c) => {
    need(c);
    const res = await enter("310TYA");
    const evalid = (await call(handleManualEntry, { vin: res.body[0].VIN, desc: res.body[0].Descriptions[2].Description }, { visitor: res.visitor })).body[0].EvalID;
    const leadId = (await call(handleUpdateEval, details(evalid), { visitor: res.visitor })).body[0].lead_id;
    // Offered at NOW (a past day): due long before the sweep's clock, the real time; its first round runs at once.
    const stop = await startUnacceptedOfferSweep(Promise.resolve(h), 3_600_000);
    stop();
    const rows = await deliveriesOf(leadId);
    expect(rows).toHaveLength(1);
    expect(rows[0].body).toContain("Offer status: Not accepted");
  });

  it("puts the ADF in the outbox with interest trade-in when the dealership has a CRM", async (c) => {
    need(c);
    const withCrm = structuredClone(alpha);
    withCrm.dealerships[0].crmUrl = "https://crm.example.test/adf";
    const res = await call(handleEnterVin, { rego: "310TYA", state: "QLD" }, { doc: withCrm });
    const visitor = /=([0-9a-f-]{36})/.exec(res.cookie!)![1];
    const choice = await call(handleManualEntry, { vin: res.body[0].VIN, desc: res.body[0].Description[2].Description }, { visitor, doc: withCrm });
    const valued = await call(handleUpdateEval, details(choice.body[0].EvalID), { visitor, doc: withCrm });
    const leadId = valued.body[0].lead_id;
    await call(handleAcceptOffer, { lead_id: leadId, offer_accepted: true }, { visitor, doc: withCrm });
    const adf = (await deliveriesOf(leadId)).find((r) => r.channel === "adf")!;
    expect(adf.body).toContain('<vehicle interest="trade-in" status="used">');
    expect(adf.body).toContain("<vin>JTNK4RBE90J054321</vin>");
    expect(adf.body).toContain("<make>Toyota</make>");
  });

  it("a signed-in visitor's trade-in lead is stored with their user id (their My Garage lists it); anonymous or sign-in off: none", async (c) => {
    need(c);
    const user = await upsertSiteUser(h.db, "alpha", "+61412000009");
    const { token } = await createSession(h.db, user.id);
    const withAuth: TenantDocument = { ...alpha, features: { ...alpha.features, auth: { enabled: true, gatedRoutes: [] } } };
    const valueAs = async (doc: TenantDocument, session: string | null) => {
      const res = await enter("310TYA");
      const choice = await call(handleManualEntry, { vin: res.body[0].VIN, desc: res.body[0].Descriptions[0].Description }, { visitor: res.visitor });
      const cookie = [`${VISITOR_COOKIE}=${res.visitor}`, session ? `${SESSION_COOKIE}=${session}` : null].filter(Boolean).join("; ");
      const request = new Request("https://alpha.test/api/eval-expert/update-eval", { method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify(details(choice.body[0].EvalID)) });
      const answer = await (await withErrors(handleUpdateEval, request, ctx(doc), (message) => ({ success: false, message }))).json();
      const [row] = await h.db.select({ userId: leads.userId }).from(leads).where(eq(leads.id, answer[0].lead_id));
      return row.userId;
    };
    expect(await valueAs(withAuth, token)).toBe(user.id);
    expect(await valueAs(withAuth, null)).toBeNull();
    expect(await valueAs(withAuth, "forged-token")).toBeNull();
    expect(await valueAs(alpha, token)).toBeNull();
  });

  it("a caravan (VIC 1JY5CR) is asked no odometer or keys: its offer by year, condition and service history; its lead without either (issue 29)", async (c) => {
    need(c);
    const res = await enter("1JY5CR", "VIC");
    expect(res.body[0]).toMatchObject({ Make: "Jayco", Model: "Journey", Body: "Caravan", ItemType: "caravan" });
    const { km: _km, number_of_keys: _keys, ...asked } = details(res.body[0].EvalID);
    // An odometer or a number of keys sent anyway is left out, whatever it says.
    const valued = await call(handleUpdateEval, { ...asked, odometer: "not a number", number_of_keys: "12" }, { visitor: res.visitor });
    expect(valued.status).toBe(200);
    // Comparables 60,000 (2020) and 64,000 × 0.92 (2021): median 59,440; less 20%: 47,552; Good ×0.96: 45,650; partial history ×0.97: 44,281; rounded down: 44,200.
    expect(valued.body[0]).toMatchObject({ KM: null, offer_price: 44_200, stage: "1. Valuation With Adjustments" });
    expect(valued.body[0].adjustments.map((a: { label: string }) => a.label)).toEqual(["Condition: Good (-4%)", "Partial service history (-3%)"]);
    const [lead] = await h.db.select().from(leads).where(eq(leads.id, valued.body[0].lead_id));
    const fields = (lead.payload as { fields: Record<string, unknown> }).fields;
    expect(fields).not.toHaveProperty("odometer");
    expect(fields).not.toHaveProperty("number_of_keys");
    expect(fields.sms_content).toBe("Trade-in (1. Valuation With Adjustments): 2020 Jayco Journey 1JY5CR VIC, offer $44,200. Ada 0400 000 000");
    // A car is still asked both.
    const car = await enter("825MZD");
    const { km: _k2, number_of_keys: _n2, ...carAsked } = details(car.body[0].EvalID);
    expect(await call(handleUpdateEval, carAsked, { visitor: car.visitor })).toMatchObject({ status: 400, body: { errors: { odometer: "* This field is required", number_of_keys: "* This field is required" } } });
  });

  it("a car outside the site's rule (WA 1KLG918 on a 7-year site) gets no figure, the FAQ's reason, and is still a lead sent at once", async (c) => {
    need(c);
    const res = await enter("1KLG918", "WA");
    const valued = await call(handleUpdateEval, details(res.body[0].EvalID), { visitor: res.visitor });
    expect(valued.body[0]).toMatchObject({ offer_price: null, reason: noOnlineEstimateReason(7), stage: "2. Registration Lookup" });
    const rows = await deliveriesOf(valued.body[0].lead_id);
    expect(rows).toHaveLength(1);
    // Sent already: the details cannot be changed afterwards.
    expect((await call(handleUpdateEval, details(res.body[0].EvalID, { km: 10 }), { visitor: res.visitor })).status).toBe(409);
    // Nothing to accept.
    expect((await call(handleAcceptOffer, { lead_id: valued.body[0].lead_id, offer_accepted: true }, { visitor: res.visitor })).status).toBe(409);
    // A car without comparables (825MZD): the provider's reason.
    const mazda = await enter("825MZD");
    const m = await call(handleUpdateEval, details(mazda.body[0].EvalID), { visitor: mazda.visitor });
    expect(m.body[0]).toMatchObject({ offer_price: null, reason: NO_COMPARABLES_REASON });
  });

  it("images: re-encoded by content, HEIC kept as sent, 10 at most; too large and a text file named .jpg refused, storing nothing", async (c) => {
    need(c);
    const res = await enter("825MZD");
    const evalid = res.body[0].EvalID;
    const png = await sharp({ create: { width: 4, height: 3, channels: 3, background: "#c00" } }).png().toBuffer();
    const first = await upload(evalid, res.visitor, png, "car.png");
    expect(first).toEqual({ status: 200, body: { success: true, count: 1 } });
    const [row] = await h.db.select().from(tradeInEvaluations).where(eq(tradeInEvaluations.id, evalid));
    const stored = (row.images as { path: string; type: string }[])[0];
    expect(stored.path).toMatch(new RegExp(`^trade-in/alpha/${evalid}/[0-9a-f]{32}-[0-9a-f]{12}\\.webp$`));
    expect((await sharp(readFileSync(join(dataDir, stored.path))).metadata()).format).toBe("webp");

    const text = new TextEncoder().encode("this is not a picture at all");
    expect(await upload(evalid, res.visitor, text, "car.jpg")).toEqual({ status: 415, body: { success: false, message: IMAGE_TYPE_MESSAGE } });
    const big = new Uint8Array(10_000_001);
    big.set(png);
    expect(await upload(evalid, res.visitor, big, "big.png")).toEqual({ status: 413, body: { success: false, message: IMAGE_TOO_LARGE_MESSAGE } });
    // A HEIC's boxes (ftyp; meta → iprp → ipco → ispe 4032 × 3024): sharp cannot decode HEIC, so it is stored byte for byte.
    const box = (type: string, ...parts: number[][]): number[] => {
      const body = parts.flat();
      const size = 8 + body.length;
      return [size >>> 24, (size >>> 16) & 255, (size >>> 8) & 255, size & 255, ...new TextEncoder().encode(type), ...body];
    };
    const u32 = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
    const ascii = (s: string) => [...new TextEncoder().encode(s)];
    const heic = new Uint8Array([
      ...box("ftyp", ascii("heic"), u32(0), ascii("mif1heic")),
      ...box("meta", u32(0), box("iprp", box("ipco", box("ispe", u32(0), u32(4032), u32(3024))))),
      ...box("mdat", [1, 2, 3]),
    ]);
    expect((await upload(evalid, res.visitor, heic, "IMG_0001.HEIC")).status).toBe(200);
    const [withHeic] = await h.db.select().from(tradeInEvaluations).where(eq(tradeInEvaluations.id, evalid));
    const heicImage = (withHeic.images as { path: string; type: string; name: string }[])[1];
    expect(heicImage).toMatchObject({ type: "image/heic", name: "IMG_0001.HEIC" });
    expect(new Uint8Array(readFileSync(join(dataDir, heicImage.path)))).toEqual(heic);

    for (let i = 3; i <= 10; i++) {
      const jpeg = await sharp({ create: { width: 2, height: 2, channels: 3, background: { r: i, g: 0, b: 0 } } }).jpeg().toBuffer();
      expect((await upload(evalid, res.visitor, jpeg, `p${i}.jpg`)).body).toEqual({ success: true, count: i });
    }
    expect(await upload(evalid, res.visitor, png, "eleventh.png")).toEqual({ status: 409, body: { success: false, message: TOO_MANY_IMAGES_MESSAGE } });
    const [full] = await h.db.select().from(tradeInEvaluations).where(eq(tradeInEvaluations.id, evalid));
    expect(full.images).toHaveLength(10);
    // Another visitor's or site's evaluation: 404.
    expect((await upload(evalid, crypto.randomUUID(), png, "x.png")).status).toBe(404);
    expect((await upload(evalid, res.visitor, png, "x.png", beta)).status).toBe(404);
  });

  it("another site's or another visitor's evaluation id reads nothing (404)", async (c) => {
    need(c);
    const res = await enter("825MZD");
    const evalid = res.body[0].EvalID;
    expect(await call(handleUpdateEval, details(evalid), { visitor: crypto.randomUUID() })).toMatchObject({ status: 404, body: { message: EVALUATION_NOT_FOUND } });
    expect((await call(handleUpdateEval, details(evalid), { visitor: res.visitor, doc: beta })).status).toBe(404);
    expect((await call(handleUpdateEval, details(evalid))).status).toBe(404);
    expect((await call(handleUpdateEval, details("1' or '1'='1"), { visitor: res.visitor })).status).toBe(404);
    const [row] = await h.db.select().from(tradeInEvaluations).where(eq(tradeInEvaluations.id, evalid));
    expect(row.leadId).toBeNull();
  });

  it("a site with trade-in off answers 404 with a clear message on every endpoint", async (c) => {
    need(c);
    for (const handler of [handleEnterVin, handleManualEntry, handleImageUpload, handleUpdateEval, handleAcceptOffer, handleMiscellaneous] as Handler[]) {
      expect(await call(handler, { rego: "825MZD", state: "QLD" }, { doc: off })).toMatchObject({ status: 404, body: { success: false, message: TRADE_IN_OFF } });
    }
    // Without the image step, no uploads; without sendValuationToMiscellaneous, no /api/miscellaneous.
    const res = await enter("825MZD");
    const plain = tenant("alpha", { imageStep: false, sendValuationToMiscellaneous: false });
    expect(await upload(res.body[0].EvalID, res.visitor, new Uint8Array([0xff, 0xd8, 0xff]), "a.jpg", plain)).toEqual({
      status: 404,
      body: { success: false, message: "This site does not take pictures of the car." },
    });
    expect((await call(handleMiscellaneous, { ...res.body[0], column_name: "valuation" }, { visitor: res.visitor, doc: plain })).status).toBe(404);
  });

  it("a client making too many registration lookups gets a 429 and stores nothing more", async (c) => {
    need(c);
    limiter = new MemoryRateLimiter();
    try {
      for (let i = 0; i < TRADE_IN_LIMITS.perClient.limit; i++) expect((await call(handleEnterVin, { rego: "ZZZ999", state: "QLD" })).status).toBe(200);
      const n = await evaluationCount();
      const over = await call(handleEnterVin, { rego: "ZZZ999", state: "QLD" });
      expect(over.status).toBe(429);
      expect(over.body.message).toMatch(/^Too many requests were sent from here/);
      expect(await evaluationCount()).toBe(n);
    } finally {
      limiter = new MemoryRateLimiter();
    }
  });

  it("/api/miscellaneous keeps the valuation with the evaluation", async (c) => {
    need(c);
    const res = await enter("825MZD");
    const evalid = res.body[0].EvalID;
    expect((await call(handleMiscellaneous, { EvalID: evalid, column_name: "other" }, { visitor: res.visitor })).status).toBe(400);
    expect(await call(handleMiscellaneous, { ...res.body[0], column_name: "valuation" }, { visitor: res.visitor })).toMatchObject({ status: 200, body: { success: true } });
    const [row] = await h.db.select().from(tradeInEvaluations).where(eq(tradeInEvaluations.id, evalid));
    expect((row.answer as { miscellaneous: { Make: string } }).miscellaneous.Make).toBe("Mazda");
  });

  it("hostile bodies: NUL, deep nesting, huge numbers and wrong types are 4xx, never 500, and store nothing", async (c) => {
    need(c);
    const res = await enter("825MZD");
    const evalid = res.body[0].EvalID;
    const n = await evaluationCount();
    const bodies: [Handler, unknown, boolean?][] = [
      [handleEnterVin, '{"rego":"825\\u0000MZD","state":["QLD"]}', true],
      [handleEnterVin, "[".repeat(5000) + "]".repeat(5000), true],
      [handleEnterVin, "not json", true],
      [handleEnterVin, { rego: 825, state: "QLD" }],
      [handleEnterVin, { rego: { $ne: 1 }, state: "QLD" }],
      [handleUpdateEval, details(evalid, { km: 1e308 })],
      [handleUpdateEval, details(evalid, { km: "99999999999999999999" })],
      [handleUpdateEval, details(evalid, { cName: ["Ada"] })],
      [handleUpdateEval, details(evalid, { comments: "x".repeat(5001) })],
      [handleUpdateEval, details(evalid, { cName: "Ada\u001b[31m" })],
      [handleUpdateEval, details(evalid, { postcode: 4000 })],
      [handleManualEntry, { vin: { a: 1 }, desc: "x" }],
      [handleAcceptOffer, { lead_id: evalid, offer_accepted: "yes" }],
    ];
    for (const [handler, body, raw] of bodies) {
      const answer = await call(handler, body, { visitor: res.visitor, raw });
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body.success).toBe(false);
    }
    expect(await evaluationCount()).toBe(n);
    const [row] = await h.db.select().from(tradeInEvaluations).where(eq(tradeInEvaluations.id, evalid));
    expect(row.leadId).toBeNull();
    // U+0000 is dropped on reading (server/http/body.ts): the rest is used as sent.
    const nul = await call(handleEnterVin, '{"rego":"825\u0000MZD","state":"QLD"}', { raw: true });
    expect(nul.body[0]).toMatchObject({ Registration: "825MZD" });
  });
});
