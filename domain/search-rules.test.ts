import { describe, expect, it } from "vitest";
import { validateTenant } from "./tenant-validation";
import { makeTenant } from "../tests/fixtures/tenant";
import {
  carTypeRefinement, clampRange, collapseSoldRuns, interleavePromos, normaliseRange, parseRange, promoMatches, pushSearchHistory, selectedCarType,
  showMeCount, sliderBounds, tenantBaseFilter, type PromoCard,
} from "./search-rules";

const tenant = (patch: (d: ReturnType<typeof makeTenant>) => void = () => {}) => {
  const d = makeTenant("alpha");
  d.dealerships.push({ id: 2, slug: "alpha-two", name: "Alpha Two" } as never);
  patch(d);
  const r = validateTenant(d);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.document;
};

describe("tenantBaseFilter", () => {
  const now = new Date("2026-11-22T00:00:00Z");
  const nowTs = now.getTime() / 1000;
  it("limits to the site's dealerships, shown cars, and cars in stock or sold within 3 days by default", () => {
    expect(tenantBaseFilter(tenant(), now)).toBe(`(dealership_id:1 OR dealership_id:2) AND show_on_dealer_website:true AND listing_ts >= ${nowTs - 3 * 86400} AND (item_type:car)`);
  });
  it("uses the site's own days, and no sold cars when sold handling is off", () => {
    expect(tenantBaseFilter(tenant((d) => ((d as { features: object }).features = { soldCars: { days: 7 } })), now)).toContain(`listing_ts >= ${nowTs - 7 * 86400}`);
    expect(tenantBaseFilter(tenant((d) => ((d as { features: object }).features = { soldCars: { enabled: false } })), now)).toContain(`listing_ts >= ${nowTs + 1}`);
  });
  it("restricts car types and stock kinds the site does not sell", () => {
    const used = tenant((d) => {
      d.identity.carTypes = ["used"];
      d.identity.stockKinds = ["caravan"];
    });
    expect(tenantBaseFilter(used, now)).toMatch(/ AND \(car_type:used\) AND \(item_type:caravan\)$/);
  });
});

describe("car type slider", () => {
  it("replaces the refinement; New selects new and demo where they are joined", () => {
    expect(carTypeRefinement("all", false)).toEqual([]);
    expect(carTypeRefinement("new", false)).toEqual(["new"]);
    expect(carTypeRefinement("new", true)).toEqual(["new", "demo"]);
    expect(carTypeRefinement("new-demo", false)).toEqual(["new", "demo"]);
    expect(carTypeRefinement("used", true)).toEqual(["used"]);
  });
  it("finds the pressed option from the refinement", () => {
    const options = ["all", "new", "new-demo", "used", "demo"] as const;
    expect(selectedCarType([], [...options], false)).toBe("all");
    expect(selectedCarType(["demo", "new"], [...options], false)).toBe("new-demo");
    expect(selectedCarType(["used"], [...options], false)).toBe("used");
  });
});

describe("price slider", () => {
  it("defaults the maximum to 100,000 unless the facet maximum is above 0", () => {
    expect(sliderBounds(undefined)).toEqual({ min: 0, max: 100000, step: 1000 });
    expect(sliderBounds({ min: 0, max: 0 })).toEqual({ min: 0, max: 100000, step: 1000 });
    expect(sliderBounds({ min: 4990, max: 149990 })).toEqual({ min: 4000, max: 150000, step: 1460 });
  });
  it("rounds to the nearest 1000, clamps to the bounds, swaps inverted ends and keeps min a whole 1000 under max", () => {
    const b = { min: 4000, max: 150000 };
    expect(clampRange([12499, 30501], b)).toEqual([12000, 31000]);
    expect(clampRange([-5000, 900000], b)).toEqual([4000, 150000]);
    expect(clampRange([60000, 20000], b)).toEqual([20000, 60000]);
    expect(clampRange([44000, 44000], b)).toEqual([44000, 45000]);
    expect(clampRange([150000, 150000], b)).toEqual([149000, 150000]);
    expect(clampRange([undefined, undefined], b)).toEqual([4000, 150000]);
    expect(clampRange([2015.4, 2015], { min: 2008, max: 2026 }, 1)).toEqual([2015, 2016]);
  });
});

describe("a range read from a URL (spec §5 slider rules)", () => {
  it("reads 'lo:hi' with either end open, and nothing else", () => {
    expect(parseRange("5000:20000")).toEqual([5000, 20000]);
    expect(parseRange(":20000")).toEqual([undefined, 20000]);
    expect(parseRange("5000:")).toEqual([5000, undefined]);
    expect(parseRange(":")).toEqual([undefined, undefined]);
    for (const bad of ["", "5000", "evil", "1e5:", ".:", "-:5", "1.2.3:4", "5000:20000:1", " 5000:20000"]) expect(parseRange(bad), bad).toBeNull();
    expect(parseRange("9".repeat(400) + ":")).toBeNull();
  });

  it("rounds price and km to the nearest 1000", () => {
    expect(normaliseRange("km", "1234:56789")).toBe("1000:57000");
    expect(normaliseRange("price", "12499:30501")).toBe("12000:31000");
    expect(normaliseRange("price", "7500:")).toBe("8000:");
    expect(normaliseRange("year", "2015.6:2019.2")).toBe("2016:2019");
  });

  it("swaps inverted ends and keeps them a step apart", () => {
    expect(normaliseRange("price", "50000:20000")).toBe("20000:50000");
    expect(normaliseRange("price", "44000:44000")).toBe("44000:45000");
    expect(normaliseRange("price", "44200:43800")).toBe("44000:45000");
    expect(normaliseRange("year", "2020:2020")).toBe("2020:2021");
    expect(normaliseRange("price", ":400")).toBe(":1000");
  });

  it("opens a lower end at or below 0 and drops what says nothing", () => {
    expect(normaliseRange("price", "0:30000")).toBe(":30000");
    expect(normaliseRange("price", "-5000:30000")).toBe(":30000");
    expect(normaliseRange("price", "300:")).toBeUndefined();
    expect(normaliseRange("price", ":")).toBeUndefined();
    expect(normaliseRange("price", "")).toBeUndefined();
    expect(normaliseRange("price", "abc:def")).toBeUndefined();
  });

  it("keeps every end printable as a plain number (no exponent a URL could not read back)", () => {
    expect(normaliseRange("price", `${"9".repeat(30)}:`)).toBe("1000000000000:");
    expect(normaliseRange("price", `:${"9".repeat(30)}`)).toBe(":1000000000000");
  });

  it("leaves a normalised range as it is", () => {
    for (const [attr, v] of [["price", "20000:50000"], ["price", ":30000"], ["km", "1000:"], ["year", "2016:2019"]] as const) {
      expect(normaliseRange(attr, v)).toBe(v);
    }
  });
});

describe("promo cards", () => {
  const now = new Date("2026-11-22T00:00:00Z");
  const promo = (id: string, extra: Partial<PromoCard> = {}): PromoCard => ({ id, href: "/special-offers", image: { src: "/demo/p.svg", alt: id }, strictDisplay: false, ...extra });
  const hits = Array.from({ length: 20 }, (_, i) => i + 1);
  const layout = (items: ReturnType<typeof interleavePromos<number>>) => items.map((i) => (i.kind === "hit" ? i.hit : i.promo.id));

  it("places live promos at the configured 1-based positions", () => {
    const items = interleavePromos(hits, { positions: [8, 17], randomOffset: false, withAnyFilter: false, cards: [promo("a"), promo("b")] }, { now, refinedCarTypes: [], otherRefinements: false });
    expect(layout(items).indexOf("a")).toBe(7);
    expect(layout(items).indexOf("b")).toBe(16);
    expect(items).toHaveLength(22);
  });
  it("skips expired, not-yet-started and non-matching promos, and skips all when other filters are refined", () => {
    const cards = [promo("old", { expiry: "2026-11-01T00:00:00Z" }), promo("soon", { start: "2026-12-01T00:00:00Z" }), promo("used", { display: ["used"] })];
    const settings = { positions: [8], randomOffset: false, withAnyFilter: false, cards };
    expect(layout(interleavePromos(hits, settings, { now, refinedCarTypes: ["new"], otherRefinements: false }))).not.toContain("used");
    expect(layout(interleavePromos(hits, settings, { now, refinedCarTypes: ["used"], otherRefinements: false })).indexOf("used")).toBe(7);
    expect(layout(interleavePromos(hits, settings, { now, refinedCarTypes: ["used"], otherRefinements: true }))).toEqual(hits);
    expect(layout(interleavePromos(hits, { ...settings, withAnyFilter: true }, { now, refinedCarTypes: ["used"], otherRefinements: true }))).toContain("used");
  });
  it("moves the first position by 0 to 2 on the randomised variant", () => {
    const slots = [0, 0.5, 0.99].map((r) =>
      layout(interleavePromos(hits, { positions: [9], randomOffset: true, withAnyFilter: false, cards: [promo("a")] }, { now, refinedCarTypes: [], otherRefinements: false, rng: () => r })).indexOf("a") + 1,
    );
    expect(slots).toEqual([9, 10, 11]);
  });
  it("strict promos need exactly their car types refined", () => {
    const strict = promo("s", { display: ["new", "demo"], strictDisplay: true });
    expect(promoMatches(strict, ["new", "demo"])).toBe(true);
    expect(promoMatches(strict, ["new"])).toBe(false);
    expect(promoMatches(strict, [])).toBe(false);
    expect(promoMatches(promo("loose", { display: ["new"] }), [])).toBe(true);
  });
});

describe("lists, counts and history", () => {
  it("collapses consecutive sold cars to the first of each run", () => {
    const s = (id: number, status: string) => ({ id, status });
    const out = collapseSoldRuns([s(1, "in_stock"), s(2, "sold"), s(3, "sold"), s(4, "sold"), s(5, "in_stock"), s(6, "sold")]);
    expect(out.map((h) => h.id)).toEqual([1, 2, 5, 6]);
  });
  it("takes the Show Me count from facets above 1999 hits", () => {
    expect(showMeCount(1999, { status: { in_stock: 5 } })).toBe(1999);
    expect(showMeCount(2500, { status: { in_stock: 2300, sold: 200 } })).toBe(2300);
    expect(showMeCount(2500, { car_type: { new: 1000, used: 1400 } })).toBe(2400);
  });
  it("keeps the last 5 searches with non-empty filters, newest first, one per path", () => {
    let h: ReturnType<typeof pushSearchHistory> = [];
    for (let i = 1; i <= 6; i++) h = pushSearchHistory(h, { path: `/search?page=${i}`, filters: { make: [`M${i}`] } });
    h = pushSearchHistory(h, { path: "/search", filters: { make: [] } });
    expect(h.map((e) => e.path)).toEqual(["/search?page=6", "/search?page=5", "/search?page=4", "/search?page=3", "/search?page=2"]);
    h = pushSearchHistory(h, { path: "/search?page=3", filters: { make: ["M3"], model: [] } });
    expect(h[0]).toEqual({ path: "/search?page=3", filters: { make: ["M3"] } });
    expect(h).toHaveLength(5);
  });
});
