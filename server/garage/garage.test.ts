import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { backends, withTestDatabase } from "../../tests/databases";
import { inventoryTenant } from "../../tests/fixtures/tenant";
import { feedVehicle } from "../../tests/fixtures/vehicle";
import { createSession, SESSION_COOKIE, upsertSiteUser } from "../auth/sessions";
import { gate, gateRedirect } from "../auth/gate";
import type { DbHandle } from "../db";
import { leads, reservations } from "../db/schema";
import { upsertVehicle } from "../inventory/store";
import { storeLead } from "../leads/store";
import { demoSite, deps, post, validLead } from "../leads/test-helpers";
import { createTenant, publish } from "../tenants/store";
import { createEvaluation, updateEvaluation } from "../valuation/store";
import { saveCar } from "../watchlist/store";
import { garageFor } from "./store";

// My Garage (issue 16): a signed-in visitor's leads are stored with their user id, and their garage
// lists their saved cars, enquiries, service bookings and trade-in offers — nobody else's.

describe.each(backends)("accounts on %s", (_name, make) => {
  let h: DbHandle;
  const site = demoSite(null); // harbourline: sign-in on, gated checkout, finance, online-payment, my-garage
  const doc = site.document;
  const users: Record<"ada" | "bob" | "otherSite", { id: number; cookie: string; token: string }> = {} as never;
  const { need } = withTestDatabase(make, async (opened) => {
    h = opened;
    await createTenant(h.db, doc, "test");
    await publish(h, "harbourline", { actor: "test" });
    await upsertVehicle(h.db, feedVehicle("car-a", { dealership_id: 101, location_id: 1001, stocknum: "S-a", make: "Toyota", model: "HiLux", year: 2022 }));
    await upsertVehicle(h.db, feedVehicle("car-b", { dealership_id: 102, location_id: 1003, stocknum: "S-b", make: "Mazda", model: "CX-5", year: 2021 }));
    // Another site's car (dealership 1 is the other site's).
    await createTenant(h.db, inventoryTenant("bluegum"), "test");
    await publish(h, "bluegum", { actor: "test" });
    await upsertVehicle(h.db, feedVehicle("elsewhere", { stocknum: "S-x" }));
    for (const [name, slug, phone] of [["ada", "harbourline", "+61412000001"], ["bob", "harbourline", "+61412000002"], ["otherSite", "bluegum", "+61412000001"]] as const) {
      const user = await upsertSiteUser(h.db, slug, phone);
      const { token } = await createSession(h.db, user.id);
      users[name] = { id: user.id, token, cookie: `${SESSION_COOKIE}=${token}` };
    }
  });
  const userOf = async (leadId: string) => (await h.db.select({ userId: leads.userId }).from(leads).where(eq(leads.id, leadId)))[0]?.userId;
  const send = async (over: Record<string, unknown>, cookie?: string, d = deps(h, site)) => {
    const res = await post(d, validLead(over), { headers: cookie ? { cookie } : {} });
    const body = (await res.json()) as { lead_id: string };
    if (res.status !== 200) throw new Error(`lead refused: ${res.status} ${JSON.stringify(body)}`);
    return body.lead_id;
  };

  it("a lead sent while signed in is stored with the visitor's user id; anonymous, forged, expired-site or another site's session: none", async (c) => {
    need(c);
    expect(await userOf(await send({}, users.ada.cookie))).toBe(users.ada.id);
    expect(await userOf(await send({}, users.bob.cookie))).toBe(users.bob.id);
    expect(await userOf(await send({}))).toBeNull();
    expect(await userOf(await send({}, `${SESSION_COOKIE}=not-a-session`))).toBeNull();
    expect(await userOf(await send({}, `${SESSION_COOKIE}=${"x".repeat(5000)}`))).toBeNull();
    // A bluegum session is not a harbourline visitor.
    expect(await userOf(await send({}, users.otherSite.cookie))).toBeNull();
  });

  it("a site with sign-in off stores no user id, even with a session cookie left from before", async (c) => {
    need(c);
    const off = structuredClone(site);
    off.document.features.auth = { enabled: false, gatedRoutes: [] };
    expect(await userOf(await send({}, users.ada.cookie, deps(h, off)))).toBeNull();
  });

  it("My Garage: two visitors each see only their own saved cars, enquiries, service bookings and trade-in offers", async (c) => {
    need(c);
    // Saved cars: ada car-a, bob car-b; a car of another site is never listed.
    await saveCar(h.db, users.ada.id, "car-a");
    await saveCar(h.db, users.ada.id, "elsewhere");
    await saveCar(h.db, users.bob.id, "car-b");
    // Enquiries: a test drive about car-a from ada, a finance enquiry from bob.
    const adaDrive = await send({ form: "test-drive", category: "Test Drive", car_id: "car-a", fields: { ...validLead().fields, message: "Saturday morning?", location_id: 1001, terms_conditions: true } }, users.ada.cookie);
    const bobFinance = await send({ form: "vehicle-enquiry", car_id: "car-b", car_dealership_id: 102, fields: { ...validLead().fields, first_name: "Bob", message: "Finance over 5 years?" } }, users.bob.cookie);
    // Service bookings (stored as the booking wizard's lead, form "service").
    const dealership = { id: 101, name: "Harbourline Toyota" };
    const siteInfo = { slug: "harbourline", name: doc.identity.name, currency: doc.identity.currency };
    const service = (first: string, userId: number, key: string) =>
      storeLead(
        h.db,
        { site: siteInfo, dealership, vehicle: null, lead: { ...validLead(), form: "service", category: "Service Booking", fields: { ...validLead().fields, first_name: first, vehicle_make: "Kia", vehicle_model: "Sportage", vehicle_year: 2019, preferred_date: "2026-06-02T09:00" } } as never },
        key,
        { userId },
      );
    const adaService = (await service("Ada", users.ada.id, "svc-ada-0001")).leadId;
    await service("Bob", users.bob.id, "svc-bob-0001");
    // Trade-in offers: an evaluation whose lead is ada's, one whose lead is bob's, one never sent.
    const tradeIn = async (rego: string, userId: number | null, key: string) => {
      const e = await createEvaluation(h.db, "harbourline", { rego, state: "QLD", answer: { vehicle: { description: "x", registration: rego, state: "QLD", vin: "V", make: "Mazda", model: "CX-5", year: 2021 } } });
      if (userId === null) return e.id;
      const { leadId } = await storeLead(h.db, { site: siteInfo, dealership, vehicle: null, lead: { ...validLead(), form: "trade-in", category: "Trade-In", isLastStep: false } as never }, key, { userId });
      await updateEvaluation(h.db, { site: "harbourline" }, e.id, { stage: "valuation", leadId, answer: { valuation: { kind: "offer", offerPrice: 17_500, validUntil: "2026-12-02T00:00:00.000Z", adjustments: [], basis: "test" } } });
      return e.id;
    };
    const adaOffer = await tradeIn("ADA001", users.ada.id, "trade-in:ada");
    await tradeIn("BOB001", users.bob.id, "trade-in:bob");
    await tradeIn("ANON01", null, "");

    // Reservations: ada holds car-a (paid), bob cancelled one on car-b; a visitor not signed in holds nothing of theirs.
    const holdUntil = new Date(Date.now() + 48 * 3600_000);
    const reservation = (id: string, vehicleId: string, userId: number | null, status: "held" | "cancelled", paymentId: string) => ({
      id, site: "harbourline", idempotencyKey: `key-${id}`, requestHash: "h", kind: "reserve", vehicleId, dealershipId: 101, userId, status,
      deposit: 20_000, currency: "AUD", holdHours: 48, contact: {}, paymentProvider: "embedded", paymentId, holdUntil,
    });
    await h.db.insert(reservations).values([
      reservation("00000000-0000-4000-8000-00000000000a", "car-a", users.ada.id, "held", "pay_ada"),
      reservation("00000000-0000-4000-8000-00000000000b", "car-b", users.bob.id, "cancelled", "pay_bob"),
    ] as never);

    const ada = await garageFor(h.db, doc, users.ada.id);
    expect(ada.savedCars.map((v) => v.id)).toEqual(["car-a"]);
    expect(ada.reservations).toEqual([
      { id: "00000000-0000-4000-8000-00000000000a", car: { title: "2022 Toyota HiLux", slug: expect.stringMatching(/^2022-toyota-hilux/) }, deposit: 200, reference: "pay_ada", status: "Reserved", holdUntil: holdUntil.toISOString() },
    ]);
    // The enquiries of the first test (validLead, vehicle-enquiry) come too: every lead ada sent signed in.
    expect(ada.enquiries.map((l) => l.id)).toContain(adaDrive);
    expect(ada.enquiries.map((l) => l.id)).not.toContain(bobFinance);
    const drive = ada.enquiries.find((l) => l.id === adaDrive)!;
    expect(drive).toMatchObject({ form: "test-drive", category: "Test Drive", dealership: "Harbourline Toyota", message: "Saturday morning?", car: { title: "2022 Toyota HiLux" } });
    expect(drive.car!.slug).toMatch(/^2022-toyota-hilux/);
    expect(ada.serviceBookings).toEqual([expect.objectContaining({ id: adaService, form: "service", category: "Service Booking", car: { title: "2019 Kia Sportage", slug: null }, preferredDate: "2026-06-02T09:00", complete: true })]);
    expect(ada.tradeIns).toEqual([expect.objectContaining({ id: adaOffer, car: "2021 Mazda CX-5", rego: "ADA001", stage: "valuation", stageLabel: "1. Valuation With Adjustments", offerPrice: 17_500 })]);

    const bob = await garageFor(h.db, doc, users.bob.id);
    expect(bob.savedCars.map((v) => v.id)).toEqual(["car-b"]);
    expect(bob.enquiries.map((l) => l.id)).toContain(bobFinance);
    expect(bob.enquiries.map((l) => l.id)).not.toContain(adaDrive);
    expect(bob.serviceBookings.map((l) => l.id)).not.toContain(adaService);
    expect(bob.tradeIns.map((t) => t.rego)).toEqual(["BOB001"]);
    expect(bob.reservations).toEqual([expect.objectContaining({ reference: "pay_bob", status: "Cancelled, deposit refunded", holdUntil: null })]);
    // Nothing of ada's anywhere in bob's garage, nor of anyone's in a user with nothing.
    expect(JSON.stringify(bob)).not.toMatch(/ADA001|Saturday morning/);
    const nobody = await upsertSiteUser(h.db, "harbourline", "+61412000003");
    expect(await garageFor(h.db, doc, nobody.id)).toEqual({ savedCars: [], savedSearches: [], reservations: [], enquiries: [], serviceBookings: [], tradeIns: [] });
    // The same number on another site is another user: bluegum's garage of that user is empty.
    expect(await garageFor(h.db, { ...doc, identity: { ...doc.identity, slug: "bluegum" } }, users.otherSite.id)).toMatchObject({ enquiries: [], serviceBookings: [], tradeIns: [] });
  });

  it("the gate: anonymous → sign-in with type, redirect and back; a signed-in visitor passes; another site's session does not", async (c) => {
    need(c);
    const host = "www.harbourlinemotors.com.au";
    const ask = (requested: string, sessionToken: string | null, referer: string | null = null) => gateRedirect(h.db, doc, { requested, sessionToken, referer, host });
    expect(await ask("/my-garage", null, `https://${host}/search/used-cars?page=2`)).toBe("/sign-in?type=my-garage&redirect=%2Fmy-garage&back=%2Fsearch%2Fused-cars%3Fpage%3D2");
    expect(await ask("/finance?car_id=car-a", null, "https://evil.example/")).toBe("/sign-in?type=finance&redirect=%2Ffinance%3Fcar_id%3Dcar-a&back=%2F");
    expect(await ask("/cars/2022-toyota-hilux/checkout", "forged")).toBe("/sign-in?type=checkout&redirect=%2Fcars%2F2022-toyota-hilux%2Fcheckout&back=%2F");
    expect(await ask("/online-payment", users.otherSite.token)).toBe("/sign-in?type=online-payment&redirect=%2Fonline-payment&back=%2F");
    expect(await ask("/mymotorama", null)).toBe("/sign-in?type=my-garage&redirect=%2Fmymotorama&back=%2F");
    // Signed in: every gated page opens.
    for (const path of ["/my-garage", "/finance", "/cars/x/checkout", "/online-payment", "/myservco"]) expect(await ask(path, users.ada.token)).toBeNull();
    // Not gated on harbourline (spin-to-win, equifax finance not listed) or never gated (trade-in).
    for (const path of ["/spin-to-win", "/car-finance", "/trade-in", "/sell-my-car", "/cars/trade-in", "/", "/search"]) expect(await ask(path, null)).toBeNull();
    expect(await gate(h.db, doc, { requested: "/finance", sessionToken: users.ada.token })).toEqual({ pass: true, kind: "finance" });
    // An expired session does not pass.
    const later = new Date(Date.now() + 31 * 86_400_000);
    expect(await gateRedirect(h.db, doc, { requested: "/finance", sessionToken: users.ada.token }, later)).toBe("/sign-in?type=finance&redirect=%2Ffinance&back=%2F");
  });
});
