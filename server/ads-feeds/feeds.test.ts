import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedVehicle } from "../../tests/fixtures/vehicle";
import { inventoryTenant } from "../../tests/fixtures/tenant";
import { backends, type TestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { upsertVehicles, deleteVehicle } from "../inventory/store";
import { createTenant, publish } from "../tenants/store";
import { adsFeed } from "./feeds";

const VIN = (n: number) => `JTNKB3BE10J0${String(n).padStart(5, "0")}`;

describe.each(backends)("vehicle ads feeds on %s", (_name, make) => {
  let tdb: TestDatabase | null;
  let h: DbHandle;
  const doc = inventoryTenant("alpha");
  doc.identity.domains = ["alpha.example"];
  doc.features.adsFeeds = { google: true, meta: false, googleKinds: ["car"], metaKinds: ["car"] };
  doc.locations[0].store_code = "ALPHA-BNE";
  const live = { slug: "alpha", version: 3, document: doc };
  beforeAll(async () => {
    tdb = await make();
    if (!tdb) return;
    h = await tdb.open();
    await createTenant(h.db, inventoryTenant("alpha"), "test");
    await publish(h, "alpha", { actor: "test" });
    const written = await upsertVehicles(h.db, [
      feedVehicle("a1", { stocknum: "A1", vin: VIN(1) }),
      feedVehicle("a2", { stocknum: "A2", vin: VIN(2), status: "sold" }),
      feedVehicle("a3", { stocknum: "A3", vin: VIN(3), item_type: "motorcycle", make: "Yamaha", model: "MT-07" }),
      // Ipswich has no store code.
      feedVehicle("a4", { stocknum: "A4", vin: VIN(4), dealership_id: 2, location_id: 20 }),
    ]);
    expect(written.rejected).toEqual([]);
  });
  afterAll(async () => {
    await h?.close();
    await tdb?.cleanup();
  });

  it("lists each listed car or says why it is left out, and builds again only when the stock changes", async (ctx) => {
    if (!tdb) return ctx.skip();
    const first = (await adsFeed(h.db, live, "alpha.localhost", "google"))!;
    expect(first.items).toBe(1);
    expect(first.body).toContain("<g:id>a1</g:id>");
    expect(first.body).toContain("<g:link>https://alpha.example/cars/");
    expect(first.body).toContain("<g:store_code>ALPHA-BNE</g:store_code>");
    expect(first.left.map((l) => [l.stocknum, l.reasons]).sort()).toEqual([
      ["A3", ["Google's vehicle ads here take cars, not a motorcycle"]],
      ["A4", ["its location, Alpha Motors Ipswich, has no store code"]],
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
});
