import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { feedEntry, feedStore, googleFeedXml, metaFeedCsv, REQUIRED_FIELDS, type AdsFeed, type FeedEntry, type FeedSite } from "./ads-feeds";
import { carLocation } from "./vehicle-links";
import { validateTenant } from "./tenant-validation";
import { generateDemoInventory } from "../server/demo/inventory";
import type { TenantDocument } from "../schemas/generated/tenant";

const DEMOS = ["bluegum", "coralstone-mazda", "harbourline", "kowhai-motors", "redgate", "wattle-creek"];
const docs = new Map<string, TenantDocument>();
/** A demo site's document with the schema's defaults filled in. */
const tenant = (slug: string): TenantDocument => {
  if (!docs.has(slug)) {
    const r = validateTenant(JSON.parse(readFileSync(join(__dirname, "..", "tenants", `${slug}.json`), "utf8")));
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    docs.set(slug, r.document);
  }
  return docs.get(slug)!;
};
const SITE = (doc: TenantDocument): FeedSite => ({
  origin: `https://${doc.identity.domains[0] ?? "example.com"}`,
  currency: doc.identity.currency,
  kinds: { google: doc.features.adsFeeds.googleKinds, meta: doc.features.adsFeeds.metaKinds },
});
const storeOf = feedStore;
const entries = (feed: AdsFeed, slug: string): FeedEntry[] => {
  const doc = tenant(slug);
  return generateDemoInventory(doc).map((car) => feedEntry(feed, car, storeOf(doc, car), SITE(doc)));
};

describe("vehicle ads feeds", () => {
  it("gives every item of every demo site each field its feed requires, in its form, each car its store code", () => {
    const on: string[] = [];
    for (const slug of DEMOS) {
      for (const feed of ["google", "meta"] as const) {
        if (tenant(slug).features.adsFeeds[feed]) on.push(`${slug} ${feed}`);
        const all = entries(feed, slug);
        const items = all.flatMap((e) => (e.ok ? [e.item] : []));
        // Google's takes cars only: Redgate (motorcycles, trucks) and Wattle Creek (caravans) have none for it.
        expect(items.length > 0, `${slug} ${feed}`).toBe(feed === "meta" || !["redgate", "wattle-creek"].includes(slug));
        for (const item of items) {
          for (const [field, form] of Object.entries(REQUIRED_FIELDS[feed])) expect(item[field], `${slug} ${feed} ${item["g:id"] ?? item.vehicle_id} ${field}`).toMatch(form);
        }
        // Every location that sells has its store code: what leaves a demo car out is its own record, or its kind.
        const reasons = new Set(all.flatMap((e) => (e.ok ? [] : e.reasons)));
        // Google's vehicle ads in Australia take a new car only at its drive-away price.
        for (const r of reasons) expect(r, `${slug} ${feed}`).toMatch(/^(No price|No picture|(Motorcycles|Trucks|Caravans|Camper trailers) are not in this feed: it takes cars|No drive-away price: Google's vehicle ads in Australia take a new car at its drive-away price)$/);
      }
    }
    // Google's feed for the car sites, Meta's for all.
    expect(on).toEqual(["bluegum google", "bluegum meta", "coralstone-mazda google", "coralstone-mazda meta", "harbourline google", "harbourline meta", "kowhai-motors google", "kowhai-motors meta", "redgate meta", "wattle-creek meta"]);
  });

  it("leaves Google's feed without caravans, motorcycles and trucks, saying why", () => {
    const google = entries("google", "redgate");
    const left = google.filter((e): e is Extract<FeedEntry, { ok: false }> => !e.ok);
    expect(left.length).toBeGreaterThan(0);
    // A kind the feed does not take is the one reason given.
    expect(new Set(left.map((e) => e.reasons.join("|")))).toEqual(new Set(["Motorcycles are not in this feed: it takes cars", "Trucks are not in this feed: it takes cars"]));
    expect(entries("google", "wattle-creek").every((e) => !e.ok && /^(Caravans|Camper trailers) are not in this feed: it takes cars$/.test(e.reasons.join("|")) && e.kind)).toBe(true);
    // Meta's catalogue takes them.
    expect(entries("meta", "wattle-creek").some((e) => e.ok)).toBe(true);
  });

  it("leaves out a car without a price, picture, VIN or store code, with each reason", () => {
    const doc = tenant("harbourline");
    const car = generateDemoInventory(doc).find((c) => c.item_type === "car" && c.car_type === "used")!;
    const store = storeOf(doc, car)!;
    expect(feedEntry("google", { ...car, price: 0, images: [], vin: "JT123" }, { ...store, code: null }, SITE(doc))).toEqual({
      ok: false, car: car.id, reasons: ["No price", "No picture", "No 17-character VIN", `No store code for ${store.dealerName}`],
    });
    expect(feedEntry("meta", { ...car, vin: null, km: null }, null, SITE(doc))).toEqual({ ok: false, car: car.id, reasons: ["No 17-character VIN", "No odometer reading", "No location"] });
    const ok = feedEntry("google", car, store, SITE(doc));
    expect(ok).toMatchObject({ ok: true, item: { "g:condition": "used", "g:price": `${car.price!.toFixed(2)} AUD`, "g:mileage": `${car.km} km`, "g:vehicle_fulfillment": `in_store:${store.code}` } });
  });

  it("leaves out a used vehicle sold in NSW without its rego (NSW's listing rule), not one sold in Queensland or a new one", () => {
    const doc = tenant("harbourline");
    const cars = generateDemoInventory(doc);
    const at = (state: string, type: string, kind = "car") => cars.find((c) => c.car_type === type && (c.item_type ?? "car") === kind && carLocation(doc, c)?.address.state === state && feedEntry("meta", c, storeOf(doc, c), SITE(doc)).ok)!;
    const reasons = (car: (typeof cars)[number]) => feedEntry("meta", { ...car, regplate: " " }, storeOf(doc, car), SITE(doc));
    expect(reasons(at("NSW", "used"))).toMatchObject({ ok: false, reasons: ["No rego: NSW asks a used car's advertisement to show its registration number"] });
    expect(reasons(at("NSW", "used", "motorcycle"))).toMatchObject({ ok: false, reasons: ["No rego: NSW asks a used motorcycle's advertisement to show its registration number"] });
    expect(reasons(at("QLD", "used")).ok).toBe(true);
    expect(reasons(at("NSW", "new")).ok).toBe(true);
  });

  it("names and forms fields as Google's vehicle ads and Meta's catalogue define them", () => {
    const doc = tenant("harbourline");
    const cars = generateDemoInventory(doc).filter((c) => (c.item_type ?? "car") === "car" && (c.images?.length ?? 0) > 1);
    const ok = (feed: AdsFeed, car: (typeof cars)[number]) => {
      const e = feedEntry(feed, { ...car, car_type: "used", certified: true }, storeOf(doc, car), SITE(doc));
      return e.ok ? e.item : {};
    };
    const car = cars.find((c) => c.body === "Utility" && c.fuel === "Diesel" && c.transmission === "Automatic")!;
    const google = ok("google", car);
    // certified_pre-owned (hyphen), the category vehicle ads require, body_style and engine from their value lists; no transmission attribute.
    expect(google).toMatchObject({ "g:certified_pre-owned": "yes", "g:google_product_category": "916", "g:body_style": "ute", "g:engine": "diesel" });
    expect(Object.keys(google).filter((k) => /certified_pre_owned|transmission/.test(k))).toEqual([]);
    expect(google["g:additional_image_link"]).toEqual(car.images!.slice(1, 11).map((i) => (/^https?:/.test(i.url) ? i.url : `${SITE(doc).origin}${i.url}`)));
    const at = carLocation(doc, car)!.address;
    expect(ok("meta", car)).toMatchObject({ body_style: "TRUCK", fuel_type: "DIESEL", transmission: "AUTOMATIC", latitude: String(at.lat), longitude: String(at.long) });
    const mover = cars.find((c) => c.body === "People Mover")!;
    expect([ok("google", mover)["g:body_style"], ok("meta", mover).body_style]).toEqual(["minivan", "MINIVAN"]);
    const wagon = cars.find((c) => c.body === "Wagon")!;
    expect([ok("google", wagon)["g:body_style"], ok("meta", wagon).body_style]).toEqual(["station_wagon", "WAGON"]);
  });

  it("gives Google each Australian car's price type as vehicle ads require there: a new car's drive away, a used one's drive away or excluding government charges", () => {
    const doc = tenant("harbourline");
    const cars = generateDemoInventory(doc).filter((c) => (c.item_type ?? "car") === "car" && (c.price ?? 0) > 10);
    const entry = (car: (typeof cars)[number], car_type: string, price_type: string | null) => feedEntry("google", { ...car, car_type, price_type }, storeOf(doc, car), SITE(doc));
    const car = cars.find((c) => feedEntry("google", c, storeOf(doc, c), SITE(doc)).ok)!;
    expect(entry(car, "new", "Drive Away")).toMatchObject({ ok: true, item: { "g:vehicle_price_type": "drive_away_price" } });
    expect(entry(car, "used", "Excl. Gov. Charges")).toMatchObject({ ok: true, item: { "g:vehicle_price_type": "excluding_government_charges_price" } });
    expect(entry(car, "new", "Excl. Gov. Charges")).toEqual({ ok: false, car: car.id, reasons: ["No drive-away price: Google's vehicle ads in Australia take a new car at its drive-away price"] });
    expect(entry(car, "used", null)).toEqual({ ok: false, car: car.id, reasons: ["No price type: Google's vehicle ads in Australia need a drive-away or excluding-government-charges price"] });
    // New Zealand has no such attribute.
    const nz = tenant("kowhai-motors");
    const kiwi = generateDemoInventory(nz).find((c) => (c.item_type ?? "car") === "car" && feedEntry("google", c, storeOf(nz, c), SITE(nz)).ok)!;
    expect(Object.keys((feedEntry("google", { ...kiwi, price_type: null }, storeOf(nz, kiwi), SITE(nz)) as { item: object }).item)).not.toContain("g:vehicle_price_type");
  });

  it("writes Google's group and repeated attributes as its XML feeds take them", () => {
    const rss = googleFeedXml({ name: "A", origin: "https://a.example" }, [{ "g:id": "1", "g:vehicle_fulfillment": "in_store:HB-01", "g:additional_image_link": ["https://a.example/1.jpg", "https://a.example/2,3.jpg"] }]);
    expect(rss).toContain(
      "<item><g:id>1</g:id><g:vehicle_fulfillment><g:option>in_store</g:option><g:store_code>HB-01</g:store_code></g:vehicle_fulfillment>" +
        "<g:additional_image_link>https://a.example/1.jpg</g:additional_image_link><g:additional_image_link>https://a.example/2,3.jpg</g:additional_image_link></item>",
    );
  });

  it("writes Google's feed as RSS with the g: namespace and Meta's as CSV, escaping what a feed brings", () => {
    const rss = googleFeedXml({ name: "A & B", origin: "https://a.example" }, [{ "g:id": "1", "g:title": 'Ute <"4x4">' }]);
    expect(rss).toContain('<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">');
    expect(rss).toContain("<title>A &amp; B</title>");
    expect(rss).toContain("<item><g:id>1</g:id><g:title>Ute &lt;&quot;4x4&quot;&gt;</g:title></item>");
    expect(metaFeedCsv([{ vehicle_id: "1", title: 'Ute, "dual cab"' }, { vehicle_id: "2", trim: "GX" }])).toBe('vehicle_id,title,trim\r\n1,"Ute, ""dual cab""",\r\n2,,GX\r\n');
  });
});
