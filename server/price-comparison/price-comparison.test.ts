import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { backends, withTestDatabase } from "../../tests/databases";
import { feedVehicle } from "../../tests/fixtures/vehicle";
import { inventoryTenant } from "../../tests/fixtures/tenant";
import type { Vehicle } from "../../schemas/generated/vehicle";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { siteRoute, type SiteContext } from "../http/site-route";
import type { DbHandle } from "../db";
import { vehicles } from "../db/schema";
import { getVehicle, upsertVehicles } from "../inventory/store";
import { createTenant, getLiveDocument, publish } from "../tenants/store";
import { AUTOGAUGE_CACHE, AUTOGAUGE_NO_DATA_CACHE, carSlugFromUrl, handleAutogauge } from "./http";
import { EmbeddedPriceComparisonProvider, MARKET_SOLD_DAYS } from "./provider";

const NOW = new Date("2026-03-01T00:00:00Z");
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000).toISOString();

/** beta: another site with dealership 3, whose stock is part of the market too. */
function betaTenant(): TenantDocument {
  const t = inventoryTenant("beta", "Beta Motors");
  t.dealerships = [{ id: 3, slug: "beta-used", name: "Beta Used" }];
  t.locations = [{ ...t.locations[0], id: 30, slug: "beta-yard", dealership_id: 3 }];
  return t;
}

// The car: a 2021 Toyota Corolla, 48,000 km, $24,990 (alpha, dealership 1). Its km band is ±24,000.
const car = feedVehicle("car", { year: 2021, km: 48000, price: 24990 });
const v = (id: string, o: Partial<Vehicle>) => feedVehicle(id, { stocknum: `S-${id}`, ...o });
const stock: Vehicle[] = [
  car,
  // comparable: same make and model (any case and spacing), year ±2, km 24,000…72,000, priced, listed
  v("c1", { year: 2020, km: 50000, price: 22000, dealership_id: 2, location_id: 20 }),
  v("c2", { make: " toyota", model: "COROLLA ", year: 2022, km: 40000, price: 26000, dealership_id: 3, location_id: 30 }),
  v("c3", { year: 2023, km: 24000, price: 28000, status: "coming_soon" }),
  v("c4", { year: 2019, km: 72000, price: 20000 }),
  v("c5", { year: 2021, km: 60000, price: 23000, status: "sold", sold_at: daysAgo(10) }),
  // not comparable
  v("n-year", { year: 2018, km: 50000, price: 15000 }),
  v("n-km", { year: 2021, km: 72001, price: 19000 }),
  v("n-model", { model: "Camry", price: 30000 }),
  v("n-unpriced", { price: 0 }),
  v("n-hidden", { price: 21000, show_on_dealer_website: false }),
  v("n-old-sale", { price: 35000, status: "sold", sold_at: daysAgo(MARKET_SOLD_DAYS + 10) }),
  // a car with nothing to compare with
  v("lonely", { make: "Lada", model: "Niva", year: 1995, km: 250000, price: 4990 }),
  // another site's car, compared with alpha's stock
  v("beta-car", { dealership_id: 3, location_id: 30, make: "Mazda", model: "3", year: 2021, km: 45000, price: 22990 }),
  v("m1", { make: "Mazda", model: "3", year: 2021, km: 40000, price: 23000 }),
  v("m2", { make: "Mazda", model: "3", year: 2020, km: 52000, price: 21000, dealership_id: 2, location_id: 20 }),
];

describe.each(backends)("price comparison on %s", (_name, make) => {
  let h: DbHandle;
  let alpha: TenantDocument;
  let beta: TenantDocument;
  const slugs: Record<string, string> = {};
  const { need } = withTestDatabase(make, async (opened) => {
    h = opened;
    const on = (t: TenantDocument) => ({ ...t, features: { ...t.features, priceComparison: true } });
    await createTenant(h.db, on(inventoryTenant("alpha")), "test");
    await publish(h, "alpha", { actor: "test" });
    await createTenant(h.db, on(betaTenant()), "test");
    await publish(h, "beta", { actor: "test" });
    alpha = (await getLiveDocument(h.db, "alpha"))!.document;
    beta = (await getLiveDocument(h.db, "beta"))!.document;
    const result = await upsertVehicles(h.db, stock, { now: NOW });
    expect(result.rejected).toEqual([]);
    for (const w of result.written) slugs[w.id] = w.slug;
  });

  it("reads only the market's comparable stock, across every site's dealerships", async (c) => {
    need(c);
    const provider = new EmbeddedPriceComparisonProvider(h.db);
    const rows = await provider.comparables((await getVehicle(h.db, "car"))!, NOW);
    expect(rows.map((r) => r.id).sort()).toEqual(["c1", "c2", "c3", "c4", "c5"]);
  });

  it("computes fill, market range (10th–90th percentile), confidence and description", async (c) => {
    need(c);
    const provider = new EmbeddedPriceComparisonProvider(h.db);
    // prices 20000, 22000, 23000, 26000, 28000: p10 = 20000 + 0.4 × 2000 = 20800, p90 = 26000 + 0.6 × 2000 = 27200;
    // fill = (27200 − 24990) / 6400 = 0.345…; confidence = 5 / 9.
    expect(await provider.compare((await getVehicle(h.db, "car"))!, { now: NOW })).toEqual({
      fill: 0.35,
      listing_price: 24990,
      market_range_min: 20800,
      market_range_max: 27200,
      confidence: 0.56,
      description: "Compared with 5 similar Toyota Corolla listings from 2019 to 2023.",
    });
    expect(await provider.compare((await getVehicle(h.db, "lonely"))!, { now: NOW })).toBeNull();
    expect(await provider.compare({ ...(await getVehicle(h.db, "car"))!, price: 0 }, { now: NOW })).toBeNull();
  });

  it("narrows in SQL with the vehicles_market index", async (c) => {
    need(c);
    const provider = new EmbeddedPriceComparisonProvider(h.db);
    const query = h.db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(sql`lower(trim(${vehicles.make})) = 'toyota' and lower(trim(${vehicles.model})) = 'corolla' and ${vehicles.year} between 2019 and 2023`);
    const plan = await h.db.transaction(async (tx) => {
      // A handful of rows would be read by a scan anyway; forbid it to see that the index fits the WHERE.
      await tx.execute(sql`set local enable_seqscan = off`);
      const res = await tx.execute(sql`explain ${query}`);
      return JSON.stringify((res as unknown as { rows: unknown[] }).rows ?? res);
    });
    expect(plan).toContain("vehicles_market");
    expect(provider.name).toBe("embedded");
  });

  describe("GET /api/cars/{slug}/autogauge", () => {
    const hosts: Record<string, () => TenantDocument> = { "alpha.localhost:3000": () => alpha, "beta.localhost:3000": () => beta };
    const ctxFor = (tenant: TenantDocument): SiteContext => ({ db: h.db, tenant, sms: { name: "none", send: async () => {} }, now: NOW });
    const route = (over: (t: TenantDocument) => TenantDocument = (t) => t) =>
      siteRoute(handleAutogauge, { contextForHost: async (host) => (hosts[host ?? ""] ? ctxFor(over(hosts[host!]())) : null) });
    const get = (path: string, host = "alpha.localhost:3000", r = route()) => r(new Request(`http://${host}${path}`, { headers: { host } }));

    it("answers the comparison for the Host's site's car, cacheable for a few minutes", async (c) => {
      need(c);
      const res = await get(`/api/cars/${slugs.car}/autogauge`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe(AUTOGAUGE_CACHE);
      expect(await res.json()).toEqual({
        fill: 0.35,
        listing_price: 24990,
        market_range_min: 20800,
        market_range_max: 27200,
        confidence: 0.56,
        description: "Compared with 5 similar Toyota Corolla listings from 2019 to 2023.",
      });
      // beta's own car, on beta's host: the market includes alpha's stock.
      const betaRes = await get(`/api/cars/${slugs["beta-car"]}/autogauge`, "beta.localhost:3000");
      expect(betaRes.status).toBe(200);
      // m1 and m2: 23000 and 21000 → p10 21200, p90 22800; 22990 is over the range (fill 0).
      expect(await betaRes.json()).toEqual({
        fill: 0,
        listing_price: 22990,
        market_range_min: 21200,
        market_range_max: 22800,
        confidence: 0.33,
        description: "Compared with 2 similar Mazda 3 listings from 2020 to 2021.",
      });
    });

    it("404s another site's car, a hidden car, an unknown or malformed slug, and an unknown host", async (c) => {
      need(c);
      for (const path of [`/api/cars/${slugs["beta-car"]}/autogauge`, `/api/cars/${slugs["n-hidden"]}/autogauge`, "/api/cars/no-such-car/autogauge", "/api/cars/Bad%20Slug/autogauge"]) {
        const res = await get(path);
        expect(res.status, path).toBe(404);
        expect(await res.json()).toEqual({ message: "That car is not listed on this site." });
      }
      const nowhere = await get(`/api/cars/${slugs.car}/autogauge`, "gamma.localhost:3000");
      expect(nowhere.status).toBe(404);
      expect(await nowhere.json()).toEqual({ message: "No dealer site answers at this address." });
    });

    it("answers 404 No data returned when nothing compares", async (c) => {
      need(c);
      const res = await get(`/api/cars/${slugs.lonely}/autogauge`);
      expect(res.status).toBe(404);
      expect(res.headers.get("cache-control")).toBe(AUTOGAUGE_NO_DATA_CACHE);
      expect(await res.json()).toEqual({ error: "No data returned" });
    });

    it("is not there when the site has price comparison off", async (c) => {
      need(c);
      const off = route((t) => ({ ...t, features: { ...t.features, priceComparison: false } }));
      const res = await get(`/api/cars/${slugs.car}/autogauge`, "alpha.localhost:3000", off);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: "This site has no price comparison." });
      expect(res.headers.get("cache-control")).toBe("no-store");
    });
  });
});

describe("carSlugFromUrl", () => {
  it("takes the slug between /api/cars/ and the suffix", () => {
    expect(carSlugFromUrl("http://a.localhost/api/cars/2021-toyota-corolla-abc123/autogauge", "autogauge")).toBe("2021-toyota-corolla-abc123");
    expect(carSlugFromUrl("http://a.localhost/api/cars/x/view.json?photos_count=3", "view.json")).toBe("x");
    expect(carSlugFromUrl("http://a.localhost/api/cars/a/b/autogauge", "autogauge")).toBeNull();
    expect(carSlugFromUrl("http://a.localhost/api/cars//autogauge", "autogauge")).toBeNull();
    expect(carSlugFromUrl("http://a.localhost/api/cars/x/autogauge", "view.json")).toBeNull();
  });
});
