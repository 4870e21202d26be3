import { describe, expect, it } from "vitest";
import { feedVehicle } from "../../tests/fixtures/vehicle";
import { inventoryTenant } from "../../tests/fixtures/tenant";
import { backends } from "../../tests/databases";
import { stockedSite } from "../../tests/fixtures/stocked-site";
import { upsertVehicles, deleteVehicle } from "../inventory/store";
import { vehicles } from "../db/schema";
import { adsFeed, feedReports } from "./feeds";

const VIN = (n: number) => `JTNKB3BE10J0${String(n).padStart(5, "0")}`;

describe.each(backends)("vehicle ads feeds on %s", (_name, make) => {
  const doc = inventoryTenant("alpha");
  doc.identity.domains = ["alpha.example"];
  doc.features.adsFeeds = { google: true, meta: false, googleKinds: ["car"], metaKinds: ["car"] };
  doc.locations[0].store_code = "ALPHA-BNE";
  const live = { slug: "alpha", version: 3, document: doc };
  const site = stockedSite(make, [
    feedVehicle("a1", { stocknum: "A1", vin: VIN(1) }),
    feedVehicle("a2", { stocknum: "A2", vin: VIN(2), status: "sold" }),
    feedVehicle("a3", { stocknum: "A3", vin: VIN(3), item_type: "motorcycle", make: "Yamaha", model: "MT-07" }),
    // Ipswich has no store code.
    feedVehicle("a4", { stocknum: "A4", vin: VIN(4), dealership_id: 2, location_id: 20 }),
  ]);

  it("lists each listed car or says why it is left out, and builds again only when the stock changes", async (ctx) => {
    if (!site.tdb) return ctx.skip();
    const h = site.h;
    const first = (await adsFeed(h.db, live, "alpha.localhost", "google"))!;
    expect(first.items).toBe(1);
    expect(first.body).toContain("<g:id>a1</g:id>");
    expect(first.body).toContain("<g:link>https://alpha.example/cars/");
    expect(first.body).toContain("<g:store_code>ALPHA-BNE</g:store_code>");
    expect(first.left.map((l) => [l.stocknum, l.reasons]).sort()).toEqual([
      ["A3", ["Motorcycles are not in this feed: it takes cars"]],
      ["A4", ["No store code for Alpha Motors Ipswich"]],
    ]);
    // Asked again with nothing changed: the same build.
    expect(await adsFeed(h.db, live, "alpha.localhost", "google")).toBe(first);
    // A feed write adds a car: built again, with it.
    expect((await upsertVehicles(h.db, [feedVehicle("a5", { stocknum: "A5", vin: VIN(5) })])).rejected).toEqual([]);
    const second = (await adsFeed(h.db, live, "alpha.localhost", "google"))!;
    expect(second).not.toBe(first);
    expect(second.items).toBe(2);
    // A car deleted: built again without it.
    await deleteVehicle(h.db, "a1");
    expect((await adsFeed(h.db, live, "alpha.localhost", "google"))!.body).not.toContain("<g:id>a1</g:id>");
    // A site that does not publish the feed has none.
    expect(await adsFeed(h.db, live, "alpha.localhost", "meta")).toBeNull();
  });

  it("reports each feed for the admin, off ones as they would be, with the cars left out counted per reason", async (ctx) => {
    if (!site.tdb) return ctx.skip();
    const h = site.h;
    expect((await upsertVehicles(h.db, [feedVehicle("a6", { stocknum: "A6", vin: "JT123456789", price: 0, dealership_id: 2, location_id: 20 })])).rejected).toEqual([]);
    const [google, meta] = await feedReports(h.db, live, "alpha.localhost");
    expect([google.feed, google.on, meta.feed, meta.on]).toEqual(["google", true, "meta", false]);
    expect(google.items).toBe(1); // a5 (a1 deleted above)
    // Each with the slug of its page, as stored.
    const slugs = new Map((await h.db.select({ id: vehicles.id, slug: vehicles.slug }).from(vehicles)).map((r) => [r.id, r.slug]));
    expect(google.left.map((l) => [l.stocknum, l.slug === slugs.get(l.id), l.title, l.reasons, l.kind]).sort()).toEqual([
      ["A3", true, "2021 Yamaha MT-07", ["Motorcycles are not in this feed: it takes cars"], true],
      ["A4", true, "2021 Toyota Corolla", ["No store code for Alpha Motors Ipswich"], false],
      ["A6", true, "2021 Toyota Corolla", ["No price", "No 17-character VIN", "No store code for Alpha Motors Ipswich"], false],
    ]);
    expect(google.reasons).toEqual([
      { reason: "No store code for Alpha Motors Ipswich", cars: 2 },
      { reason: "Motorcycles are not in this feed: it takes cars", cars: 1 },
      { reason: "No 17-character VIN", cars: 1 },
      { reason: "No price", cars: 1 },
    ]);
    // Meta's is off here, and reported as it would be.
    expect(meta.left.map((l) => l.stocknum).sort()).toEqual(["A3", "A4", "A6"]);
    expect(meta.items).toBe(1);
  });
});
