import { describe, expect, it } from "vitest";
import { amortisedRepayment, carLoan, loanWeekly } from "../../domain/finance";
import { financeEstimate } from "../../domain/finance-estimate";
import { fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import { LISTED_FOREVER } from "../../domain/search-record";
import { fixtureVehicle } from "../../tests/fixtures/vehicle";
import {
  customRank, NO_PRICE_RANGE, PRICE_RANGES, priceRange, simpleDrive, simpleFuel, simpleTransmission, toSearchRecord,
  WEEKLY_PRICE_RANGES, weeklyPrice, weeklyPriceRange,
} from "./records";
import type { StoredVehicle } from "./vehicle";

// The sample car without lender data (its weekly price is estimated unless a test gives finance).
const stored = (overrides: Partial<StoredVehicle> = {}): StoredVehicle =>
  fixtureVehicle({ id: "v1", slug: "2021-toyota-corolla-ascent-sport-hatch-abc123", stocknum: "S-v1", location_id: 10, created_at: "2026-05-01T00:00:00.000Z", views: 12, finance: undefined, ...overrides });

const ctx = {
  dealership: { id: 1, slug: "alpha-toyota", name: "Alpha Toyota" },
  location: { id: 10, name: "Alpha Brisbane", address: { street: "1 Test St", city: "Brisbane", state: "QLD" as const, postcode: "4000" } },
};

describe("toSearchRecord", () => {
  it("flattens a vehicle into the search contract", () => {
    const r = toSearchRecord(stored(), ctx);
    expect(r).toMatchObject({
      objectID: "v1",
      slug: "2021-toyota-corolla-ascent-sport-hatch-abc123",
      path: "/cars/2021-toyota-corolla-ascent-sport-hatch-abc123",
      title: "2021 Toyota Corolla Ascent Sport ZWE211R",
      make_model: "Toyota > Corolla",
      badge: "Ascent Sport",
      series: "ZWE211R",
      colour: "White",
      body: "hatch",
      fuel: "Petrol",
      transmission: "Automatic",
      car_type: "used",
      item_type: "car",
      status: "in_stock",
      sold_at: null,
      listing_ts: LISTED_FOREVER,
      created_at: Date.parse("2026-05-01T00:00:00Z") / 1000,
      price: 27990,
      price_type: "Drive Away",
      price_range: "$20,000 - $30,000",
      km: 42123,
      dealership_id: 1,
      dealership_slug: "alpha-toyota",
      dealership_name: "Alpha Toyota",
      location_id: 10,
      location_name: "Alpha Brisbane",
      city: "Brisbane",
      state: "QLD",
      stocknum: "S-v1",
      views: 12,
      primary_image_url: "/media/vehicles/hatch/f1f2ef/spin-00.jpg",
      photos_count: 4,
      tag: null,
      reserved: false,
    });
    expect(r.weekly_price).toBeGreaterThan(0);
    // A location without coordinates gives no point (a geo search leaves the car out rather than placing it at 0, 0).
    expect(r).not.toHaveProperty("_geoloc");
  });

  it("places a car at its location's coordinates for geo search", () => {
    const located = { ...ctx, location: { ...ctx.location, address: { ...ctx.location.address, lat: -27.4698, long: 153.0251 } } };
    expect(toSearchRecord(stored(), located)._geoloc).toEqual({ lat: -27.4698, lng: 153.0251 });
  });

  it("keeps a sold vehicle listed from its sale (listing_ts = sold_at) and ranks it last", () => {
    const sold = toSearchRecord(stored({ status: "sold", sold_at: "2026-05-10T00:00:00.000Z" }), ctx);
    expect(sold.sold_at).toBe(Date.parse("2026-05-10T00:00:00Z") / 1000);
    expect(sold.listing_ts).toBe(sold.sold_at);
    const inStock = toSearchRecord(stored(), ctx);
    const soon = toSearchRecord(stored({ status: "coming_soon" }), ctx);
    expect(inStock.custom_rank).toBeGreaterThan(soon.custom_rank);
    expect(soon.custom_rank).toBeGreaterThan(sold.custom_rank);
    expect(customRank(stored({ images: [] }))).toBeLessThan(customRank(stored()));
    expect(customRank(stored({ created_at: "2026-05-02T00:00:00.000Z" }))).toBeGreaterThan(customRank(stored()));
  });

  it("buckets prices, and says so when there is none", () => {
    expect(priceRange(0)).toBe(NO_PRICE_RANGE);
    expect(priceRange(4999)).toBe("Under $5,000");
    expect(priceRange(5000)).toBe("$5,000 - $10,000");
    expect(priceRange(29990)).toBe("$20,000 - $30,000");
    expect(priceRange(30000)).toBe("$30,000 - $40,000");
    expect(priceRange(149999)).toBe("$100,000 - $150,000");
    expect(priceRange(250000)).toBe("$150,000+");
    // Buckets tile the line with no gaps or overlaps.
    for (const list of [PRICE_RANGES, WEEKLY_PRICE_RANGES]) for (let i = 1; i < list.length; i++) expect(list[i].min).toBe(list[i - 1].max);
    expect(weeklyPriceRange(null)).toBeNull();
    expect(weeklyPriceRange(99)).toBe("Under $100");
    expect(weeklyPriceRange(120)).toBe("$100 - $150");
    expect(weeklyPriceRange(520)).toBe("$500+");
  });

  it("takes the weekly price from lender data, the site's provider first, else estimates it", () => {
    const finance = {
      Other: { paymentWeek: 150.4, interestRate: 9 },
      "Alpha Finance": { paymentWeek: 139.6, interestRate: 8.5, comparisonRate: 9.1 },
    };
    expect(weeklyPrice(stored({ finance }), { provider: "Alpha Finance" })).toBe(140);
    expect(weeklyPrice(stored({ finance }), null)).toBe(150);
    expect(weeklyPrice(stored({ finance: { X: { paymentMonth: 520 } } }))).toBe(120);
    // Estimate: price over 5 years at 10% a year, weekly, rounded up.
    expect(weeklyPrice(stored({ price: 30000 }))).toBe(Math.ceil(amortisedRepayment(30000, 10, 5, 52)));
    expect(weeklyPrice(stored({ price: 30000 }))).toBe(147);
    // A site with its finance settings: the car page's loan (carLoan), so the filter and the page agree.
    const site = structuredClone(fixtureTenant.finance);
    site.provider = "Alpha Finance";
    site.calculator.amountFromCarPrice = true;
    const car = stored({ price: 30000, finance });
    expect(weeklyPrice(car, site)).toBe(loanWeekly(carLoan(site, car), site.calculator));
    expect(weeklyPrice(car, site)).toBe(financeEstimate({ ...car, year: 2024, make: "Toyota", status: "in_stock", dealership_id: 1 }, site, new Date())!.amount);
    expect(weeklyPrice(stored({ price: 500 }), site)).toBeNull();
    // Settings as the directory reads them (no defaults filled in): the schema's defaults stand in.
    expect(weeklyPrice(car, { provider: "Alpha Finance", calculator: { amountFromCarPrice: true } as never })).toBe(loanWeekly(carLoan(site, car), site.calculator));
    expect(weeklyPrice(stored({ price: 500 }))).toBeNull();
    expect(weeklyPrice(stored({ price: 0 }))).toBeNull();
    expect(toSearchRecord(stored({ price: 0 }), ctx)).toMatchObject({ weekly_price: null, weekly_price_range: null, price_range: NO_PRICE_RANGE });
  });

  it("normalises body, fuel, transmission, drive and colour for facets", () => {
    const body = (b: string, item_type: StoredVehicle["item_type"] = "car") => toSearchRecord(stored({ body: b, item_type }), ctx).body;
    expect(body("Dual Cab Utility")).toBe("ute");
    expect(body("Cab Chassis")).toBe("cabChassis");
    expect(body("4D Wagon")).toBe("wagon");
    expect(body("SUV")).toBe("suv");
    expect(body("People Mover")).toBe("peopleMover");
    expect(body("Adventure", "motorcycle")).toBe("adventure");
    expect(body("Prime Mover", "truck")).toBe("primeMover");
    expect(body("Pop Top", "caravan")).toBe("popTop");
    expect(body("", "caravan")).toBe("caravan");
    expect(body("Spaceship")).toBeNull();
    expect(simpleFuel("Petrol - Premium ULP")).toBe("Petrol");
    expect(simpleFuel("Hybrid w/ Premium ULP")).toBe("Hybrid");
    expect(simpleFuel("Plug-in Hybrid")).toBe("Plug-in Hybrid");
    expect(simpleFuel("Electric")).toBe("Electric");
    expect(simpleFuel("Diesel")).toBe("Diesel");
    expect(simpleFuel(undefined)).toBeNull();
    expect(simpleTransmission("6 Speed Manual")).toBe("Manual");
    expect(simpleTransmission("Constantly Variable Transmission")).toBe("Automatic");
    expect(simpleDrive("Four Wheel Drive")).toBe("4x4");
    expect(simpleDrive("AWD")).toBe("AWD");
    expect(simpleDrive("Rear Wheel Drive")).toBe("RWD");
    expect(toSearchRecord(stored({ colour: "Soul Red Crystal" }), ctx).colour).toBe("Red");
    expect(toSearchRecord(stored({ colour: "Mystique" }), ctx).colour).toBe("Mystique");
  });

  it("works without a location", () => {
    const r = toSearchRecord(stored({ location_id: undefined }), { dealership: ctx.dealership });
    expect(r).toMatchObject({ location_id: null, location_name: null, city: null, state: null });
  });
});
