import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { backends, withTestDatabase } from "../../tests/databases";
import { inventoryTenant } from "../../tests/fixtures/tenant";
import { feedVehicle } from "../../tests/fixtures/vehicle";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { createSession, SESSION_COOKIE, upsertSiteUser } from "../auth/sessions";
import type { DbHandle } from "../db";
import { leads, savedSearches, savedSearchHits } from "../db/schema";
import { MemoryRateLimiter } from "../http/rate-limit";
import { withErrors, type SiteContext } from "../http/site-route";
import { upsertVehicle } from "../inventory/store";
import { createTenant, getLiveDocument, publish } from "../tenants/store";
import { alertDay, SavedSearchAlerts } from "./alerts";
import { handleConfirm, handleDelete, handleSave, handleUnsubscribe, type SavedSearchDeps } from "./http";
import { linkToken, siteOrigin } from "./mail";
import { demandOfSite, outboxOfSearch, savedSearchesOfUser, searchesOfLeadSenders } from "./store";

const DAY = 86_400_000;
const T0 = new Date("2026-11-29T01:00:00Z"); // 11 am in Brisbane

const req = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  new Request(`http://alpha.localhost${path}`, {
    method,
    headers: { "content-type": "application/json", host: "alpha.localhost", "x-forecourt-client-address": "203.0.113.9", ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });

describe.each(backends)("saved searches on %s", (_name, make) => {
  let h: DbHandle;
  let tenant: TenantDocument;
  let clock = T0.getTime();
  let alerts: SavedSearchAlerts;
  let ctx: SiteContext;
  let deps: SavedSearchDeps;
  let cookie = "";
  const { need } = withTestDatabase(make, async (opened) => {
    h = opened;
    // Brisbane (dealership 1) is 27.9 km from Redcliffe, Ipswich (dealership 2) 54.9 km: a search within 50 km of Redcliffe has one and not the other.
    const doc = inventoryTenant("alpha");
    Object.assign(doc.locations[0].address, { lat: -27.4698, long: 153.0251 });
    Object.assign(doc.locations[1].address, { lat: -27.6145, long: 152.76 });
    await createTenant(h.db, doc, "test");
    await publish(h, "alpha", { actor: "test" });
    tenant = (await getLiveDocument(h.db, "alpha"))!.document;
    // Stock before any search: one Toyota HiLux that a search later finds but never announces.
    await upsertVehicle(h.db, feedVehicle("old-hilux", { make: "Toyota", model: "HiLux", body: "Ute", price: 39990 }));
    alerts = new SavedSearchAlerts(h.db, { tenantOf: async (slug) => (slug === "alpha" ? tenant : null), now: () => new Date(clock) });
    deps = { alerts: async () => alerts };
    ctx = { db: h.db, tenant, sms: { name: "none", send: async () => {} }, limiter: new MemoryRateLimiter() };
    const user = await upsertSiteUser(h.db, "alpha", "+61412345678");
    cookie = `${SESSION_COOKIE}=${(await createSession(h.db, user.id)).token}`;
  });

  const save = (body: unknown, headers: Record<string, string> = {}) => withErrors((r, c) => handleSave(r, c, deps), req("POST", "/api/saved-searches", body, headers), ctx);
  const redcliffe = { place: "Redcliffe, QLD", lat: -27.2307, lng: 153.1097, km: 50 };
  const hilux = { refinementList: { make: ["Toyota"], model: ["HiLux"] }, range: { price: ":45000" } };
  const mailsOf = async (id: string) => (await outboxOfSearch(h.db, id)).map((m) => ({ key: m.idempotencyKey, subject: m.subject, body: m.body, html: m.html, headers: m.headers, to: m.target, channel: m.channel }));
  const addCar = async (id: string, over: Record<string, unknown>) => {
    await upsertVehicle(h.db, feedVehicle(id, { stocknum: `S-${id}`, ...over }));
    return alerts.changed([id]);
  };
  let searchId = "";

  it("refuses bad input with a message a person can act on, never a 500", async (c) => {
    need(c);
    const cases: [unknown, number, string][] = [
      [{ email: "ada@", state: hilux }, 400, "Please enter a valid email address."],
      [{ email: "ada@example.com", state: {} }, 400, "Choose at least one filter or type a search before saving it."],
      [{ email: "ada@example.com", state: { refinementList: { password: ["x"] } } }, 400, '"password" is not a filter of this site.'],
      [{ email: "ada@example.com", state: { query: "x".repeat(201) } }, 400, "The search text may be at most 200 characters."],
      [{ email: "ada@example.com", state: { refinementList: { make: Array.from({ length: 31 }, (_, i) => `m${i}`) } } }, 400, "A filter may have at most 30 values."],
      [{ email: "ada@example.com", state: "make=Toyota" }, 400, "The search to save is missing."],
      // A near is read as the URL's near/at/within are: a place name, a point on the globe, 1 to 1,000 whole km.
      ...[
        { ...redcliffe, lat: 91 },
        { ...redcliffe, km: 0 },
        { ...redcliffe, km: 5000 },
        { ...redcliffe, km: 12.5 },
        { ...redcliffe, place: "<script>alert(1)</script>" },
        { ...redcliffe, place: "x".repeat(61) },
        { ...redcliffe, lat: "-27.2" },
        "Redcliffe",
      ].map((bad): [unknown, number, string] => [{ email: "ada@example.com", state: { refinementList: { make: ["Toyota"] }, near: bad } }, 400, "The place of this search cannot be read. Search near the place again, then save the search."]),
    ];
    for (const [body, status, message] of cases) {
      const res = await save(body, { "x-forecourt-client-address": `198.51.100.${status}` });
      expect([res.status, (await res.json()).message]).toEqual([status, message]);
    }
    const broken = await save("{not json");
    expect(broken.status).toBe(400);
    expect(await h.db.select().from(savedSearches)).toEqual([]);
  });

  it("saves a search pending its confirmation: one confirmation e-mail, and no alert before it is confirmed", async (c) => {
    need(c);
    const res = await save({ email: " Ada@Example.com ", state: hilux, path: "/search" });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.message).toBe("Check your email: we sent a link to confirm this alert. No alerts are sent until you confirm.");
    searchId = body.id;
    const [row] = await h.db.select().from(savedSearches).where(eq(savedSearches.id, searchId));
    expect(row).toMatchObject({ tenant: "alpha", email: "ada@example.com", status: "pending", label: "Toyota · HiLux · up to $45,000", origin: "https://www.alpha.test", userId: null });
    const mails = await mailsOf(searchId);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ key: `saved-search:${searchId}:confirm`, to: "ada@example.com", channel: "alert", subject: "Alpha Motors: confirm your search alert" });
    expect(mails[0].body).toContain(`Confirm: https://www.alpha.test/api/saved-searches/confirm?token=${linkToken("confirm", searchId)}`);
    // A matching car now: nothing, the search is not confirmed.
    expect(await addCar("early-hilux", { make: "Toyota", model: "HiLux", price: 35990 })).toBe(0);
    expect(await mailsOf(searchId)).toHaveLength(1);
  });

  it("confirms through the link: GET shows a button, POST confirms; a forged token is refused", async (c) => {
    need(c);
    const token = linkToken("confirm", searchId);
    const forged = await withErrors((r, x) => handleConfirm(r, x, deps), req("GET", `/api/saved-searches/confirm?token=${token.slice(0, -2)}xx`), ctx);
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain("This link is not valid.");
    // The unsubscribe token does not confirm.
    const wrong = await withErrors((r, x) => handleConfirm(r, x, deps), req("POST", `/api/saved-searches/confirm?token=${linkToken("unsubscribe", searchId)}`), ctx);
    expect(wrong.status).toBe(400);
    const get = await withErrors((r, x) => handleConfirm(r, x, deps), req("GET", `/api/saved-searches/confirm?token=${token}`), ctx);
    expect(get.status).toBe(200);
    const html = await get.text();
    expect(html).toContain('<button type="submit">Confirm my alert</button>');
    expect(html).toContain(`<form method="post" action="/api/saved-searches/confirm?token=${token}">`);
    expect((await h.db.select().from(savedSearches).where(eq(savedSearches.id, searchId)))[0].status).toBe("pending");
    const post = await withErrors((r, x) => handleConfirm(r, x, deps), req("POST", `/api/saved-searches/confirm?token=${token}`), ctx);
    expect(await post.text()).toContain("<h1>Alert confirmed</h1>");
    expect((await h.db.select().from(savedSearches).where(eq(savedSearches.id, searchId)))[0].status).toBe("active");
    // The cars it matched when confirmed are known, not news.
    const hits = await h.db.select().from(savedSearchHits).where(eq(savedSearchHits.searchId, searchId));
    expect(hits.map((x) => [x.vehicleId, x.price, x.pending]).sort()).toEqual([
      ["early-hilux", 35990, null],
      ["old-hilux", 39990, null],
    ]);
  });

  it("a new matching car sends one alert with the car, its picture and price, the search link and one-click unsubscribe; other cars send nothing", async (c) => {
    need(c);
    expect(await addCar("ranger", { make: "Ford", model: "Ranger", price: 30000 })).toBe(0);
    expect(await addCar("dear-hilux", { make: "Toyota", model: "HiLux", price: 52990 })).toBe(0);
    expect(await addCar("new-hilux", { make: "Toyota", model: "HiLux", price: 41990, year: 2023, badge: "SR5" })).toBe(1);
    const mails = await mailsOf(searchId);
    expect(mails).toHaveLength(2);
    const alert = mails[1];
    const day = alertDay(new Date(clock), "Australia/Brisbane");
    expect(day).toBe("2026-11-29");
    const unsubscribe = `https://www.alpha.test/api/saved-searches/unsubscribe?token=${linkToken("unsubscribe", searchId)}`;
    expect(alert).toMatchObject({
      key: `saved-search:${searchId}:2026-11-29`,
      to: "ada@example.com",
      subject: "Alpha Motors: 1 new car — Toyota · HiLux · up to $45,000",
      headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
    expect(alert.body).toContain("New car: 2023 Toyota HiLux SR5 ZWE211R — $41,990");
    expect(alert.body).toContain("Picture: https://www.alpha.test/media/vehicles/hatch/f1f2ef/spin-00.jpg");
    expect(alert.body).toContain("See every match: https://www.alpha.test/search?refinementList[make][0]=Toyota&refinementList[model][0]=HiLux&range[price]=:45000");
    expect(alert.body).toContain(`Stop these alerts: ${unsubscribe}`);
    expect(alert.html).toContain('<img src="https://www.alpha.test/media/vehicles/hatch/f1f2ef/spin-00.jpg"');
    expect(alert.body).not.toContain("old-hilux");
  });

  it("at most one e-mail per search and day: a price drop the same day waits for the next day's e-mail", async (c) => {
    need(c);
    expect(await addCar("old-hilux", { make: "Toyota", model: "HiLux", body: "Ute", price: 36990 })).toBe(1);
    expect(await mailsOf(searchId)).toHaveLength(2);
    const [hit] = await h.db.select().from(savedSearchHits).where(eq(savedSearchHits.vehicleId, "old-hilux"));
    expect([hit.pending, hit.price, hit.wasPrice]).toEqual(["price", 36990, 39990]);
    // Today's e-mail has gone: the drop waits.
    expect(await alerts.flush()).toBe(0);
    clock += DAY;
    expect(await alerts.flush()).toBe(1);
    const mails = await mailsOf(searchId);
    expect(mails).toHaveLength(3);
    expect(mails[2].key).toBe(`saved-search:${searchId}:2026-11-30`);
    expect(mails[2].subject).toBe("Alpha Motors: 1 price drop — Toyota · HiLux · up to $45,000");
    expect(mails[2].body).toContain("Price drop: 2021 Toyota HiLux Ascent Sport ZWE211R — $36,990 (was $39,990)");
    expect(mails[2].body).not.toContain("new-hilux");
    expect(await alerts.flush()).toBe(0);
  });

  it("two processes matching the same change send one e-mail", async (c) => {
    need(c);
    clock += DAY;
    const other = new SavedSearchAlerts(h.db, { tenantOf: async () => tenant, now: () => new Date(clock) });
    await upsertVehicle(h.db, feedVehicle("twin-hilux", { stocknum: "S-twin", make: "Toyota", model: "HiLux", price: 33990 }));
    const [a, b] = await Promise.all([alerts.changed(["twin-hilux"]), other.changed(["twin-hilux"])]);
    expect([a, b]).toEqual([1, 1]);
    const mails = await mailsOf(searchId);
    expect(mails).toHaveLength(4);
    expect(mails[3].key).toBe(`saved-search:${searchId}:2026-12-01`);
  });

  it("one-click unsubscribe (POST, no sign-in) stops the alerts; GET only shows the button", async (c) => {
    need(c);
    const token = linkToken("unsubscribe", searchId);
    const get = await withErrors(handleUnsubscribe, req("GET", `/api/saved-searches/unsubscribe?token=${token}`), ctx);
    expect(await get.text()).toContain('<button type="submit">Unsubscribe</button>');
    const post = await withErrors(handleUnsubscribe, req("POST", `/api/saved-searches/unsubscribe?token=${token}`, "List-Unsubscribe=One-Click", { "content-type": "application/x-www-form-urlencoded" }), ctx);
    expect(post.status).toBe(200);
    expect(await post.text()).toContain("You get no more alerts for this search.");
    clock += DAY;
    expect(await addCar("late-hilux", { make: "Toyota", model: "HiLux", price: 30990 })).toBe(0);
    expect(await alerts.flush()).toBe(0);
    expect(await mailsOf(searchId)).toHaveLength(4);
  });

  it("limits saves per client as the lead endpoints do, and per address", async (c) => {
    need(c);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await save({ email: `many${i}@example.com`, state: { query: "ute" } }, { "x-forecourt-client-address": "192.0.2.50" })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const limited = await save({ email: "x@example.com", state: { query: "ute" } }, { "x-forecourt-client-address": "192.0.2.50" });
    expect((await limited.json()).message).toMatch(/^Too many searches were saved from here in a short time\. Please try again in \d+ seconds\.$/);
  });

  it("a signed-in visitor's searches are theirs in My Garage, deletable only by them", async (c) => {
    need(c);
    const res = await save({ email: "me@example.com", state: { refinementList: { make: ["Kia"] } } }, { cookie, "x-forecourt-client-address": "192.0.2.77" });
    const { id } = await res.json();
    const user = (await h.db.select().from(savedSearches).where(eq(savedSearches.id, id)))[0].userId!;
    expect((await savedSearchesOfUser(h.db, "alpha", user)).map((s) => s.label)).toEqual(["Kia"]);
    const form = (value: string, who = cookie) =>
      req("POST", "/api/saved-searches/delete", `id=${value}&back=%2Fmy-garage`, { cookie: who, origin: "http://alpha.localhost", "content-type": "application/x-www-form-urlencoded" });
    expect((await withErrors(handleDelete, form(searchId), ctx)).status).toBe(404);
    expect((await withErrors(handleDelete, form(id, ""), ctx)).status).toBe(401);
    const done = await withErrors(handleDelete, form(id), ctx);
    expect([done.status, done.headers.get("location")]).toEqual([303, "/my-garage"]);
    expect(await savedSearchesOfUser(h.db, "alpha", user)).toEqual([]);
  });

  it("the dealer's demand view counts active searches per make and model, with an address only where it also sent this site a lead", async (c) => {
    need(c);
    const s = await save({ email: "d1@example.com", state: { refinementList: { make: ["Toyota", "Ford"] } } }, { "x-forecourt-client-address": "192.0.2.90" });
    await alerts.confirm((await h.db.select().from(savedSearches).where(eq(savedSearches.id, (await s.json()).id)))[0]);
    const demand = await demandOfSite(h.db, "alpha");
    expect(demand).toEqual([
      { make: "Ford", model: "Any model", searches: 1 },
      { make: "Toyota", model: "Any model", searches: 1 },
    ]);
    expect(JSON.stringify(demand)).not.toContain("@");
    // An address is shown only for a search whose address also sent this site a lead (any case).
    const lead = (tenant: string, email: string) => ({ id: randomUUID(), tenant, dealershipId: 1, idempotencyKey: randomUUID(), payloadHash: "x", payload: { fields: { email } } });
    await h.db.insert(leads).values([lead("beta", "d1@example.com"), lead("alpha", "someone@example.com")]);
    expect(await searchesOfLeadSenders(h.db, "alpha")).toEqual([]);
    await h.db.insert(leads).values(lead("alpha", " D1@Example.com"));
    expect(await searchesOfLeadSenders(h.db, "alpha")).toEqual([{ email: "d1@example.com", label: "Ford, Toyota" }]);
  });

  it("a search near a place keeps its place, point and radius; a new car at a location within the radius is mailed with the place, one beyond it is not", async (c) => {
    need(c);
    clock += DAY;
    const res = await save({ email: "near@example.com", state: { refinementList: { make: ["Toyota"] }, near: { ...redcliffe, place: " Redcliffe, QLD " } }, path: "/search" }, { cookie, "x-forecourt-client-address": "192.0.2.120" });
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const [row] = await h.db.select().from(savedSearches).where(eq(savedSearches.id, id));
    expect(row.state).toEqual({ refinementList: { make: ["Toyota"] }, near: redcliffe });
    expect(row.label).toBe("Toyota · Within 50 km of Redcliffe, QLD");
    // My Garage lists it by the same words, linked to the search page of the same URL.
    expect((await savedSearchesOfUser(h.db, "alpha", row.userId!)).map((s) => s.label)).toContain("Toyota · Within 50 km of Redcliffe, QLD");
    await alerts.confirm(row);
    // (The demand test's Toyota search, anywhere, matches both.)
    await addCar("ipswich-corolla", { make: "Toyota", model: "Corolla", dealership_id: 2, location_id: 20 });
    await addCar("brisbane-corolla", { make: "Toyota", model: "Corolla", price: 27990 });
    const mails = await mailsOf(id);
    expect(mails.map((m) => m.subject)).toEqual(["Alpha Motors: confirm your search alert", "Alpha Motors: 1 new car — Toyota · Within 50 km of Redcliffe, QLD"]);
    expect(mails[1].body).toContain("1 new car for your search on Alpha Motors: Toyota · Within 50 km of Redcliffe, QLD");
    expect(mails[1].body).toContain("See every match: https://www.alpha.test/search?refinementList[make][0]=Toyota&near=Redcliffe,%20QLD&at=-27.2307,153.1097&within=50");
    expect(mails[1].body).not.toContain("ipswich-corolla");
    const hits = await h.db.select().from(savedSearchHits).where(eq(savedSearchHits.searchId, id));
    expect(hits.map((x) => x.vehicleId)).not.toContain("ipswich-corolla");
    // The Ipswich car is on the site and matched the search of Toyotas anywhere: only its distance left it out.
    expect((await h.db.select().from(savedSearchHits).where(eq(savedSearchHits.vehicleId, "ipswich-corolla"))).length).toBe(1);
    expect(hits.find((x) => x.vehicleId === "brisbane-corolla")).toMatchObject({ price: 27990, pending: null });
  });
});

describe("the alert links' origin", () => {
  it("is the site's canonical https domain when it has one, taken when the mail is written; else the origin the search was saved on", () => {
    const saved = { origin: "http://alpha.localhost:3550" };
    expect(siteOrigin({ identity: { domains: [] } } as never, saved)).toBe("http://alpha.localhost:3550");
    expect(siteOrigin({ identity: { domains: ["www.alpha.test", "alpha.test"] } } as never, saved)).toBe("https://www.alpha.test");
  });
});
