import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, type TestDatabase } from "../../tests/databases";
import { fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import { publishableTenant } from "../../tests/fixtures/tenant";
import { feedVehicle, fixtureVehicle } from "../../tests/fixtures/vehicle";
import type { DbHandle } from "../db";
import { reservations } from "../db/schema";
import { upsertVehicle } from "../inventory/store";
import { createTenant, getLiveDocument, publish } from "../tenants/store";
import { listCar, lookupListCars, parseIds } from "./http";

const ids = (q: string) => parseIds(new URL(`http://alpha.localhost/api/cars${q}`));

describe("GET /api/cars ids", () => {
  it("takes comma-separated vehicle ids, each once", () => {
    expect(ids("?ids=a1,b-2,a1,%20c.3")).toEqual(["a1", "b-2", "c.3"]);
  });

  it.each([
    ["", "Give the cars as one ids parameter: ids=id1,id2."],
    ["?ids=a&ids=b", "Give the cars as one ids parameter: ids=id1,id2."],
    ["?ids=,,", "Give at least one car id."],
    ["?ids=a%00b", "A car id has letters, digits, dot, underscore, colon and hyphen only (at most 80)."],
    ["?ids=%ED%A0%80", "A car id has letters, digits, dot, underscore, colon and hyphen only (at most 80)."],
    [`?ids=${Array.from({ length: 61 }, (_, i) => `c${i}`).join(",")}`, "At most 60 cars at a time."],
    [`?ids=${"a".repeat(10_000)}`, "At most 60 cars at a time."],
  ])("refuses %s with a 400 that says why", (q, message) => {
    expect(() => ids(q)).toThrow(expect.objectContaining({ status: 400, message }));
  });
});

describe("a listed car", () => {
  it("is one of the site's shown cars only", () => {
    expect(listCar(fixtureVehicle(), fixtureTenant)?.card.objectID).toBe("hm-1001");
    expect(listCar(fixtureVehicle({ dealership_id: 99 }), fixtureTenant)).toBeNull();
    expect(listCar(fixtureVehicle({ show_on_dealer_website: false }), fixtureTenant)).toBeNull();
    expect(listCar(undefined, fixtureTenant)).toBeNull();
  });
});

describe.each(backends)("GET /api/cars?ids= on %s", (_name, make) => {
  let tdb: TestDatabase | null;
  let h: DbHandle;
  const now = new Date("2026-05-01T00:00:00Z");
  const doc = publishableTenant("alpha", "Alpha Motors");
  beforeAll(async () => {
    tdb = await make();
    if (!tdb) return;
    h = await tdb.open();
    await createTenant(h.db, doc, "seed");
    await publish(h, "alpha", { actor: "seed" });
    for (const id of ["held", "lapsed", "free", "feed-reserved"]) await upsertVehicle(h.db, feedVehicle(id, { reserved: id === "feed-reserved" }));
    const hold = (id: string, vehicleId: string, status: "held" | "cancelled", holdUntil: Date) => ({
      id, site: "alpha", idempotencyKey: `key-${id}`, requestHash: "h", kind: "reserve", vehicleId, dealershipId: 1, status,
      deposit: 50_000, currency: "AUD", holdHours: 48, contact: {}, paymentProvider: "embedded", paymentId: `pay-${id}`, holdUntil,
    });
    await h.db.insert(reservations).values([
      hold("00000000-0000-4000-8000-000000000001", "held", "held", new Date(now.getTime() + 3_600_000)),
      hold("00000000-0000-4000-8000-000000000002", "lapsed", "held", new Date(now.getTime() - 1000)),
      hold("00000000-0000-4000-8000-000000000003", "free", "cancelled", new Date(now.getTime() + 3_600_000)),
    ] as never);
  });
  afterAll(async () => {
    await h?.close();
    await tdb?.cleanup();
  });

  it("says reserved for a car a deposit holds, as search does; available once the hold lapses or is cancelled", async (ctx) => {
    if (!tdb) return ctx.skip();
    const live = (await getLiveDocument(h.db, "alpha"))!.document;
    const items = await lookupListCars(h.db, live, ["held", "lapsed", "free", "feed-reserved", "nope"], now);
    expect(items.map((i) => [i.id, i.state])).toEqual([
      ["held", "reserved"],
      ["lapsed", "available"],
      ["free", "available"],
      ["feed-reserved", "reserved"],
      ["nope", "gone"],
    ]);
    expect(items[0].car?.card.reserved).toBe(true);
    expect(items[1].car?.card.reserved).toBe(false);
  });
});
