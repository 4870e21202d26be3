import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedVehicle } from "../../tests/fixtures/vehicle";
import { inventoryTenant } from "../../tests/fixtures/tenant";
import { backends, type TestDatabase } from "../../tests/databases";
import { validateTenant } from "../../domain/tenant-validation";
import type { DbHandle } from "../db";
import { ValidationError } from "../errors";
import { seedDemoInventory, seedDemoTenants } from "../demo/seed";
import { createTenant, publish } from "../tenants/store";
import { notifyPayloads, VEHICLES_CHANNEL } from "./changes";
import { demoCount } from "../demo/inventory";
import { loadSearchRecords, searchRecordsFor, streamSearchRecords } from "./records";
import {
  countVehicles, deleteVehicle, deleteVehicles, getVehicle, getVehicleBySlug, listenForVehicleChanges, listVehicles, onVehiclesChanged,
  upsertVehicle, upsertVehicles,
} from "./store";

const waitFor = async (check: () => boolean, ms = 3000) => {
  const until = Date.now() + ms;
  while (!check() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
};

describe.each(backends)("vehicle store on %s", (_name, make) => {
  let tdb: TestDatabase | null;
  let h: DbHandle;
  const changes: [string[], string][] = [];
  let unsubscribe: () => void = () => {};
  beforeAll(async () => {
    tdb = await make();
    if (!tdb) return;
    h = await tdb.open();
    await createTenant(h.db, inventoryTenant("alpha"), "test");
    await publish(h, "alpha", { actor: "test" });
    unsubscribe = onVehiclesChanged((ids, kind) => changes.push([ids, kind]));
    await listenForVehicleChanges(h);
  });
  afterAll(async () => {
    unsubscribe();
    await h?.close();
    await tdb?.cleanup();
  });
  const need = (ctx: { skip: () => void }) => {
    if (!tdb) ctx.skip();
  };

  it("creates a vehicle, filling in its slug, listing date and views, and announces it once", async (ctx) => {
    need(ctx);
    changes.length = 0;
    const now = new Date("2026-05-01T10:00:00Z");
    const { vehicle, created } = await upsertVehicle(h.db, feedVehicle("v1"), { now });
    expect(created).toBe(true);
    expect(vehicle.slug).toMatch(/^2021-toyota-corolla-ascent-sport-hatch-[0-9a-f]{6}$/);
    expect(vehicle.created_at).toBe(now.toISOString());
    expect(vehicle.views).toBe(0);
    expect(vehicle.show_on_dealer_website).toBe(true); // schema default
    expect(await getVehicle(h.db, "v1")).toEqual(vehicle);
    expect(await getVehicleBySlug(h.db, vehicle.slug)).toEqual(vehicle);
    expect(await getVehicleBySlug(h.db, "no-such-car")).toBeNull();
    await new Promise((r) => setTimeout(r, 200)); // a NOTIFY of our own must not be delivered again
    expect(changes).toEqual([[["v1"], "upsert"]]);
  });

  it("keeps the listing date, views and slug on update, and dates a sale", async (ctx) => {
    need(ctx);
    const before = (await getVehicle(h.db, "v1"))!;
    await h.db.execute(sql`update vehicles set data = jsonb_set(data, '{views}', '41') where id = 'v1'`);
    const soldAt = new Date("2026-05-03T09:00:00Z");
    const { vehicle, created } = await upsertVehicle(h.db, feedVehicle("v1", { price: 23990, status: "sold" }), { now: soldAt });
    expect(created).toBe(false);
    expect(vehicle).toMatchObject({ price: 23990, status: "sold", sold_at: soldAt.toISOString(), created_at: before.created_at, views: 41, slug: before.slug });
    const again = await upsertVehicle(h.db, feedVehicle("v1", { price: 23990, status: "sold" }), { now: new Date("2026-05-04T00:00:00Z") });
    expect(again.vehicle.sold_at).toBe(soldAt.toISOString());
    const back = await upsertVehicle(h.db, feedVehicle("v1"));
    expect(back.vehicle.sold_at).toBeUndefined();
    expect(back.vehicle.status).toBe("in_stock");
  });

  it("refuses unknown dealerships, another dealership's location and a stock number already taken", async (ctx) => {
    need(ctx);
    const refused = async (v: unknown) => {
      try {
        await upsertVehicle(h.db, v);
      } catch (e) {
        expect(e).toBeInstanceOf(ValidationError);
        return (e as ValidationError).errors;
      }
      throw new Error("was accepted");
    };
    expect(await refused(feedVehicle("v9", { dealership_id: 99 }))).toEqual([{ pointer: "/dealership_id", message: "dealership 99 is not listed by any site" }]);
    expect(await refused(feedVehicle("v9", { location_id: 20 }))).toEqual([{ pointer: "/location_id", message: "location 20 is not a location of dealership 1" }]);
    expect(await refused(feedVehicle("v9", { stocknum: "S-v1" }))).toEqual([
      { pointer: "/stocknum", message: 'stock number "S-v1" already belongs to vehicle "v1" of dealership 1' },
    ]);
    expect(await refused({ ...feedVehicle("v9"), price: -5, colr: "red" })).toEqual([
      { pointer: "/colr", message: "is not a vehicle field" },
      { pointer: "/price", message: "must be >= 0" },
    ]);
    // The same stock number at another dealership is fine.
    expect((await upsertVehicle(h.db, feedVehicle("v2", { dealership_id: 2, location_id: 20, stocknum: "S-v1" }))).created).toBe(true);
    expect(await getVehicle(h.db, "v9")).toBeNull();
  });

  it("writes the good vehicles of a batch together and reports the rest by index", async (ctx) => {
    need(ctx);
    changes.length = 0;
    const result = await upsertVehicles(
      h.db,
      [feedVehicle("b1"), feedVehicle("b2", { year: 1800 }), feedVehicle("b3"), feedVehicle("b1", { stocknum: "other" }), feedVehicle("b4", { stocknum: "S-b3" }), "nonsense"],
      { labels: ["line 2", "line 3", "line 4", "line 5", "line 6", "line 7"] },
    );
    expect(result.written.map((v) => v.id)).toEqual(["b1", "b3"]);
    expect(result.created).toEqual(["b1", "b3"]);
    expect(result.rejected).toEqual([
      { index: 1, errors: [{ pointer: "/year", message: "must be >= 1900" }] },
      { index: 3, errors: [{ pointer: "/id", message: 'id "b1" is also used by line 2' }] },
      { index: 4, errors: [{ pointer: "/stocknum", message: 'stock number "S-b3" is also used by line 4' }] },
      { index: 5, errors: [{ pointer: "", message: "a vehicle must be a JSON object" }] },
    ]);
    expect(changes).toEqual([[["b1", "b3"], "upsert"]]);
  });

  it("lists a dealership's vehicles, newest first", async (ctx) => {
    need(ctx);
    await upsertVehicle(h.db, feedVehicle("old", { created_at: "2026-01-01T00:00:00.000Z" }));
    const list = await listVehicles(h.db, 1);
    expect(list.map((v) => v.id)).toContain("old");
    expect(list.at(-1)!.id).toBe("old");
    expect((await listVehicles(h.db, 2)).map((v) => v.id)).toEqual(["v2"]);
    expect((await listVehicles(h.db, 1, { statuses: ["sold"] })).length).toBe(0);
  });

  it("deletes vehicles and announces it", async (ctx) => {
    need(ctx);
    changes.length = 0;
    expect(await deleteVehicle(h.db, "old")).toBe(true);
    expect(await deleteVehicle(h.db, "old")).toBe(false);
    expect(await deleteVehicles(h.db, ["b3", "nope"])).toEqual(["b3"]);
    expect(changes).toEqual([
      [["old"], "delete"],
      [["b3"], "delete"],
    ]);
  });

  it("sends the ids on the NOTIFY channel, and relays other processes' notices to listeners", async (ctx) => {
    need(ctx);
    const payloads: string[] = [];
    await h.listen(VEHICLES_CHANNEL, (p) => payloads.push(p));
    await upsertVehicle(h.db, feedVehicle("n1"));
    // (A notice of an earlier test may still be on its way.)
    const mine = () => payloads.map((p) => JSON.parse(p)).filter((p) => p.ids.includes("n1"));
    await waitFor(() => mine().length > 0);
    expect(mine()).toMatchObject([{ k: "upsert", ids: ["n1"] }]);

    changes.length = 0;
    const foreign = JSON.stringify({ o: "another-process", k: "delete", ids: ["x1", "x2"] });
    await h.db.execute(sql`select pg_notify(${VEHICLES_CHANNEL}, ${foreign})`);
    await waitFor(() => changes.some(([ids]) => ids.includes("x1")));
    expect(changes.filter(([ids]) => ids.includes("x1"))).toEqual([[["x1", "x2"], "delete"]]);
  });

  it("turns stored vehicles into search records", async (ctx) => {
    need(ctx);
    const records = [];
    for await (const r of streamSearchRecords(h.db, { batchSize: 2 })) records.push(r);
    expect(records.map((r) => r.objectID).sort()).toEqual(["b1", "n1", "v1", "v2"]);
    const v2 = records.find((r) => r.objectID === "v2")!;
    expect(v2).toMatchObject({ dealership_slug: "alpha-used", dealership_name: "Alpha Motors Used Cars", location_name: "Alpha Motors Ipswich", city: "Ipswich" });
    expect((await loadSearchRecords(h.db)).length).toBe(4);
    const some = await searchRecordsFor(h.db, ["v1", "old"]);
    expect(some.records.map((r) => r.objectID)).toEqual(["v1"]);
    expect(some.removed).toEqual(["old"]);
  });

  it("accepts stock for a dealership of a site that is still a draft", async (ctx) => {
    need(ctx);
    const draft = inventoryTenant("beta", "Beta Cars");
    draft.dealerships = [{ id: 7, slug: "beta-cars", name: "Beta Cars" }];
    draft.locations = [{ ...draft.locations[0], id: 70, dealership_id: 7 }];
    await createTenant(h.db, draft, "test");
    const { vehicle } = await upsertVehicle(h.db, feedVehicle("d1", { dealership_id: 7, location_id: 70 }));
    expect(vehicle.dealership_id).toBe(7);
  });
});

describe("notify payloads", () => {
  it("split long id lists under PostgreSQL's 8000-byte limit", () => {
    const ids = Array.from({ length: 3000 }, (_, i) => `vehicle-${i}-${"x".repeat(10)}`);
    const payloads = notifyPayloads(ids, "upsert");
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    expect(payloads.flatMap((p) => JSON.parse(p).ids)).toEqual(ids);
  });
});

describe.each(backends)("demo seeding on %s", (_name, make) => {
  it("seeds every demo site's stock on first start, once", async (ctx) => {
    const tdb = await make();
    if (!tdb) return ctx.skip();
    const h = await tdb.open();
    try {
      const slugs = await seedDemoTenants(h);
      expect(slugs.length).toBe(6);
      const expected = readdirSync("tenants")
        .filter((f) => f.endsWith(".json"))
        .map((f) => validateTenant(JSON.parse(readFileSync(join("tenants", f), "utf8"))))
        .reduce((n, r) => n + (r.ok ? demoCount(r.document) : 0), 0);
      // The demo sites' stock, and that of the platform's unassigned dealership (701, 30 used cars).
      expect(await countVehicles(h.db)).toBe(expected + 30);
      expect(await seedDemoInventory(h)).toBe(0);
      await h.db.execute(sql`delete from vehicles`);
      expect(await seedDemoInventory(h)).toBe(0); // deleted stock does not come back
      expect(await countVehicles(h.db)).toBe(0);
    } finally {
      await h.close();
      await tdb.cleanup();
    }
  }, 120_000);
});
