import { describe, expect, it } from "vitest";
import { feedVehicle } from "../../tests/fixtures/vehicle";
import { checkVehicleStep, noOnlineEstimateReason } from "../../domain/trade-in";
import type { ConditionAnswers } from "../../domain/trade-in-details";
import type { Vehicle } from "../../schemas/generated/vehicle";
import { backends, withTestDatabase } from "../../tests/databases";
import { inventoryTenant, makeTenant } from "../../tests/fixtures/tenant";
import type { DbHandle } from "../db";
import { DEMO_REGISTRATIONS } from "./demo-registrations";
import { CATALOGUE } from "../demo/catalogue";
import { upsertVehicles } from "../inventory/store";
import { createTenant, publish } from "../tenants/store";
import { EmbeddedValuationProvider, LOW_VALUE_REASON, NO_COMPARABLES_REASON, computeOffer, type Comparable } from "./embedded";
import { valuationResult, valueForSite, type ValuationRequest, type ValuationSite, type ValuationVehicle } from "./provider";

const NOW = new Date("2026-11-25T00:00:00Z");
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000).toISOString();

const corolla = DEMO_REGISTRATIONS.get("QLD:310TYA")![0];
const answers: ConditionAnswers = { car_condition: "Good", service_history: "Partial service history", number_of_keys: "1" };
const request = (vehicle: ValuationVehicle = corolla, odometer = 60_000, a: ConditionAnswers = answers): ValuationRequest => ({ vehicle, odometer, answers: a });

// Brought to a 2020 car with 60,000 km: A 25,000 − 1,000 = 24,000; B 27,000 × 0.92 − 2,000 = 22,840;
// C 21,160 ÷ 0.92 + 2,000 = 25,000. Median 24,000.
const A: Comparable = { year: 2020, km: 50_000, price: 25_000 };
const B: Comparable = { year: 2021, km: 40_000, price: 27_000 };
const C: Comparable = { year: 2019, km: 80_000, price: 21_160 };
// D 30,000 × 0.92² − 3,000 = 22,392.
const D: Comparable = { year: 2022, km: 30_000, price: 30_000 };

describe("the embedded valuation's arithmetic", () => {
  it("adjusts each comparable to the car, takes the median and applies margin, condition, service history and keys", () => {
    expect(computeOffer(request(), [A, B, C], NOW)).toEqual({
      kind: "offer",
      // 24,000 × 0.8 = 19,200; × 0.96 = 18,432; × 0.97 = 17,879; − 300 = 17,579; rounded down 17,500.
      offerPrice: 17_500,
      validUntil: "2026-12-02T00:00:00.000Z",
      adjustments: [
        { label: "Retail estimate: median of 3 comparable cars, adjusted to 2020 and 60000 km", amount: 24_000 },
        { label: "Dealer margin (-20%)", amount: -4_800 },
        { label: "Condition: Good (-4%)", amount: -768, customer: true },
        { label: "Partial service history (-3%)", amount: -553, customer: true },
        { label: "Keys: 1", amount: -300, customer: true },
        { label: "Rounded down to $100", amount: -79 },
      ],
      basis: "3 Toyota Corolla listed or sold by this dealer (2019–2021), median adjusted price $24000.",
    });
  });

  it("takes the mean of the middle two for an even count and leaves out lines that change nothing", () => {
    // 22,392, 22,840, 24,000, 25,000: median 23,420; × 0.8 = 18,736; rounded down 18,700.
    const best: ConditionAnswers = { car_condition: "Excellent", service_history: "Full service history", number_of_keys: "2" };
    const offer = computeOffer(request(corolla, 60_000, best), [D, A, C, B], NOW);
    expect(offer).toMatchObject({ kind: "offer", offerPrice: 18_700 });
    expect(offer.kind === "offer" && offer.adjustments.map((a) => a.amount)).toEqual([23_420, -4_684, -36]);
  });

  it("gives more for fewer km and less for a worse car", () => {
    const at = (km: number, a = answers) => {
      const v = computeOffer(request(corolla, km, a), [A, B, C], NOW);
      return v.kind === "offer" ? v.offerPrice : 0;
    };
    expect(at(40_000)).toBeGreaterThan(at(60_000));
    expect(at(60_000, { ...answers, car_condition: "Poor" })).toBeLessThan(at(60_000));
    expect(at(60_000, { ...answers, number_of_keys: "3 or more" })).toBe(17_800);
  });

  it("gives no online figure without comparables or under $500", () => {
    expect(computeOffer(request(), [], NOW)).toEqual({ kind: "no-online-figure", reason: NO_COMPARABLES_REASON });
    const poor: ConditionAnswers = { car_condition: "Poor", service_history: "No service history", number_of_keys: "1" };
    expect(computeOffer(request(corolla, 60_000, poor), [{ year: 2020, km: 60_000, price: 1_000 }], NOW)).toEqual({ kind: "no-online-figure", reason: LOW_VALUE_REASON });
  });
});

describe("the valuation result in the spec's field names", () => {
  it("names every field of the spec's valuation result, null where unknown", () => {
    expect(valuationResult("e-1", DEMO_REGISTRATIONS.get("QLD:825MZD")![0], 48_000)).toEqual({
      EvalID: "e-1",
      VIN: "JMZKF4W7A00612345",
      EngineNo: "PY40123456",
      Registration: "825MZD",
      RegExpiry: "2027-03-28",
      KM: 48_000,
      Make: "Mazda",
      Model: "CX-5",
      Series: "KF",
      Variant: "G25 Maxx Sport",
      Year: 2021,
      Transmission: "Automatic",
      redbookCode: "AUVMAZD20210001",
      Body: "SUV",
      ItemType: null,
      Cylinders: 4,
      CompMth: 4,
      CompYr: 2021,
      BuildMth: 3,
      BuildYr: 2021,
    });
    const caravan = valuationResult("e-2", DEMO_REGISTRATIONS.get("VIC:1JY5CR")![0]);
    expect(caravan).toMatchObject({ KM: null, EngineNo: null, Transmission: null, Cylinders: null, Make: "Jayco", ItemType: "caravan" });
    // A camper trailer is a caravan too (the wizard asks it no odometer or keys).
    expect(DEMO_REGISTRATIONS.get("VIC:2AV7AL")!.map((x) => x.itemType)).toEqual(["caravan", "caravan"]);
    expect(DEMO_REGISTRATIONS.get("VIC:1RG4WT")![0]).toMatchObject({ buildMonth: 12, complianceMonth: 1, complianceYear: 2022 });
  });
});

describe("the demo registration table", () => {
  it("holds valid plates of the 8 states, whose candidates share one VIN and differ in description", () => {
    for (const [key, found] of DEMO_REGISTRATIONS) {
      const [state, rego] = key.split(":");
      expect(checkVehicleStep({ rego, state })).toEqual({ ok: true, rego, state });
      expect(new Set(found.map((v) => v.vin)).size).toBe(1);
      expect(new Set(found.map((v) => v.description)).size).toBe(found.length);
      for (const v of found) expect(v.vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
    }
    const kinds = [...DEMO_REGISTRATIONS.values()].map((f) => (f.length === 1 ? "match" : "candidates"));
    expect(kinds.filter((k) => k === "candidates").length).toBeGreaterThanOrEqual(3);
  });

  it("names only makes and models the demo dealers stock", () => {
    const stocked = new Set(CATALOGUE.map((m) => `${m.make}|${m.model}`));
    for (const found of DEMO_REGISTRATIONS.values()) for (const v of found) expect(stocked, `${v.make} ${v.model}`).toContain(`${v.make}|${v.model}`);
  });
});


const v = (id: string, o: Partial<Vehicle>) => feedVehicle(id, { stocknum: `S-${id}`, make: "Toyota", model: "Corolla", ...o });
const stock: Vehicle[] = [
  // alpha's comparables (dealerships 1 and 2): A, B and C above
  v("a", { year: 2020, km: 50_000, price: 25_000 }),
  v("b", { make: " toyota", model: "COROLLA ", year: 2021, km: 40_000, price: 27_000, dealership_id: 2, location_id: 20, show_on_dealer_website: false }),
  v("c", { year: 2019, km: 80_000, price: 21_160, status: "sold", sold_at: daysAgo(30) }),
  // not comparable
  v("n-old-sale", { year: 2020, km: 60_000, price: 5_000, status: "sold", sold_at: daysAgo(400) }),
  v("n-year", { year: 2016, km: 60_000, price: 5_000 }),
  v("n-unpriced", { year: 2020, km: 60_000, price: 199 }),
  v("n-model", { model: "Camry", year: 2020, km: 60_000, price: 5_000 }),
  v("n-other-site", { year: 2020, km: 60_000, price: 5_000, dealership_id: 3 }),
];

describe.each(backends)("the embedded valuation provider on %s", (_name, make) => {
  let h: DbHandle;
  let alpha: ValuationSite;
  const { need } = withTestDatabase(make, async (opened) => {
    h = opened;
    await createTenant(h.db, inventoryTenant("alpha"), "test");
    await publish(h, "alpha", { actor: "test" });
    // beta: another site (dealership 3), whose Corolla must not count for alpha.
    await createTenant(h.db, makeTenant("beta", "Beta Motors", 3), "test");
    await publish(h, "beta", { actor: "test" });
    const result = await upsertVehicles(h.db, stock, { now: NOW });
    expect(result.rejected).toEqual([]);
    alpha = { slug: "alpha", dealershipIds: [1, 2], settings: { maxAgeYears: 10 } };
  });

  it("looks up a registration: one match, several candidates, or none", async (c) => {
    need(c);
    const provider = new EmbeddedValuationProvider(h.db);
    expect(await provider.lookupRegistration("825MZD", "QLD")).toEqual({ kind: "match", vehicle: DEMO_REGISTRATIONS.get("QLD:825MZD")![0] });
    const found = await provider.lookupRegistration("310-tya", "QLD");
    expect(found.kind === "candidates" && found.candidates.map((v) => v.description)).toEqual([
      "2020 Toyota Corolla Ascent Sport MZEA12R Hatchback CVT",
      "2020 Toyota Corolla Ascent Sport Hybrid ZWE211R Hatchback CVT",
      "2020 Toyota Corolla SX Hybrid ZWE211R Hatchback CVT",
    ]);
    expect(await provider.lookupRegistration("825MZD", "NSW")).toEqual({ kind: "none" });
    expect(await provider.lookupRegistration("NOPE1", "QLD")).toEqual({ kind: "none" });
  });

  it("reads only the site's own stock and sales of the same make and model", async (c) => {
    need(c);
    const provider = new EmbeddedValuationProvider(h.db);
    expect(await provider.comparables(corolla, alpha, NOW)).toEqual([A, B, C]);
    expect(await provider.comparables(corolla, { ...alpha, dealershipIds: [] }, NOW)).toEqual([]);
  });

  it("values a car from them, exactly as the arithmetic says", async (c) => {
    need(c);
    const valuation = await valueForSite(new EmbeddedValuationProvider(h.db), request(), alpha, NOW);
    expect(valuation).toMatchObject({ kind: "offer", offerPrice: 17_500, validUntil: "2026-12-02T00:00:00.000Z" });
    // beta has one Corolla at $5,000: another figure from its own stock.
    const beta = await valueForSite(new EmbeddedValuationProvider(h.db), request(), { slug: "beta", dealershipIds: [3], settings: { maxAgeYears: 10 } }, NOW);
    expect(beta).toMatchObject({ kind: "offer", offerPrice: 3_400 });
  });

  it("gives no online figure outside the site's rule, with the FAQ's reason, before asking the provider", async (c) => {
    need(c);
    const provider = new EmbeddedValuationProvider(h.db);
    const kluger = DEMO_REGISTRATIONS.get("WA:1KLG918")![0]; // 2018: 8 years old in 2026
    const seven = { ...alpha, settings: { maxAgeYears: 7 as const } };
    expect(await valueForSite(provider, request(kluger, 50_000), seven, NOW)).toEqual({ kind: "no-online-figure", reason: noOnlineEstimateReason(7) });
    // On a 10-year site it is valued, and alpha has sold no Kluger.
    expect(await valueForSite(provider, request(kluger, 50_000), alpha, NOW)).toEqual({ kind: "no-online-figure", reason: NO_COMPARABLES_REASON });
    expect(await valueForSite(provider, request(corolla, 100_001), alpha, NOW)).toEqual({ kind: "no-online-figure", reason: noOnlineEstimateReason(10) });
    const commodore = DEMO_REGISTRATIONS.get("QLD:912HLD")![0];
    expect(await valueForSite(provider, request(commodore, 90_000), alpha, NOW)).toEqual({ kind: "no-online-figure", reason: noOnlineEstimateReason(10) });
    // A caravan (issue 29): no odometer; its age alone, and the reasons name a caravan.
    const jayco = DEMO_REGISTRATIONS.get("VIC:1JY5CR")![0]; // 2020
    const { number_of_keys: _keys, ...noKeys } = answers;
    expect(await valueForSite(provider, { vehicle: jayco, odometer: null, answers: noKeys }, seven, NOW)).toEqual({
      kind: "no-online-figure",
      reason: "We haven't sold enough caravans like yours to value it online. Our buying team will contact you with an offer.",
    });
    expect(await valueForSite(provider, { vehicle: { ...jayco, year: 2015 }, odometer: null, answers: noKeys }, alpha, NOW)).toEqual({
      kind: "no-online-figure",
      reason: "We can't give an online estimate for caravans over 10 years old. Our buying team will contact you to value your caravan.",
    });
  });
});
