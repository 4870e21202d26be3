import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedVehicle } from "../../tests/fixtures/vehicle";
import { makeTenant } from "../../tests/fixtures/tenant";
import { backends, type TestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { upsertVehicle } from "../inventory/store";
import { createTenant, publish } from "../tenants/store";
import { upsertAdminUser } from "./accounts";
import { adminRoute, handleStock } from "./http";
import { ADMIN_HOST as ADMIN, ADMIN_ORIGIN as ORIGIN, adminSignIn } from "../../tests/fixtures/admin-sites";

describe.each(backends)("the link picker's stock lookup on %s", (_name, make) => {
  let tdb: TestDatabase | null;
  let h: DbHandle;
  let dealer = "";

  const get = async (slug: string, query: string, cookie = dealer) => {
    const request = new Request(`${ORIGIN}/api/admin/tenants/${slug}/stock${query}`, { headers: { host: ADMIN, cookie: `fc_admin=${cookie}` } });
    const res = await adminRoute(handleStock, { handle: async () => h })(request, { params: Promise.resolve({ slug }) });
    return { status: res.status, body: await res.json() };
  };

  beforeAll(async () => {
    tdb = await make();
    if (!tdb) return;
    h = await tdb.open();
    await createTenant(h.db, makeTenant("alpha", "Alpha Motors", 1), "seed");
    await publish(h, "alpha", { actor: "seed" });
    await createTenant(h.db, makeTenant("beta", "Beta Cars", 2), "seed");
    await publish(h, "beta", { actor: "seed" });
    const cars = [
      feedVehicle("a1", { dealership_id: 1, stocknum: "AL100", make: "Toyota", model: "HiLux", year: 2022, body: "Ute", badge: "SR5" }),
      feedVehicle("a2", { dealership_id: 1, stocknum: "AL101", make: "Toyota", model: "Corolla", year: 2021, body: "Hatch" }),
      feedVehicle("a3", { dealership_id: 1, stocknum: "AL102", make: "Mazda", model: "CX-5", year: 2020, body: "SUV", status: "sold", sold_at: "2025-01-01T00:00:00Z" }),
      feedVehicle("a4", { dealership_id: 1, stocknum: "AL103", make: "Ford", model: "Ranger", year: 2023, body: "Ute", show_on_dealer_website: false }),
      feedVehicle("b1", { dealership_id: 2, stocknum: "AL900", make: "Kia", model: "Sportage", year: 2024, body: "SUV" }),
    ];
    for (const car of cars) await upsertVehicle(h.db, car);
    await upsertAdminUser(h.db, { email: "dealer@test.example", password: "dealer-password-1", role: "dealer", tenants: ["alpha"] });
    dealer = await adminSignIn(h, "dealer@test.example", "dealer-password-1");
  });
  afterAll(async () => {
    await h?.close();
    await tdb?.cleanup();
  });
  const need = (ctx: { skip: () => void }) => {
    if (!tdb) ctx.skip();
  };

  it("lists the makes, models and body types of the site's own shown cars, sold ones included", async (ctx) => {
    need(ctx);
    expect(await get("alpha", "")).toEqual({
      status: 200,
      body: { facets: { make: ["Mazda", "Toyota"], make_model: ["Mazda > CX-5", "Toyota > Corolla", "Toyota > HiLux"], body: ["Hatch", "SUV", "Ute"] }, cars: [] },
    });
  });

  it("finds the site's cars in stock by stock number or name, never another site's, a hidden or a sold one", async (ctx) => {
    need(ctx);
    expect((await get("alpha", "?q=al1")).body.cars.map((c: { stocknum: string }) => c.stocknum).sort()).toEqual(["AL100", "AL101"]);
    expect((await get("alpha", "?q=hilux")).body.cars).toEqual([{ slug: expect.stringMatching(/toyota-hilux/), stocknum: "AL100", title: "2022 Toyota HiLux SR5" }]);
    expect((await get("alpha", "?q=2021 toyota")).body.cars.map((c: { stocknum: string }) => c.stocknum)).toEqual(["AL101"]);
    expect((await get("alpha", "?q=AL9")).body.cars).toEqual([]);
    // LIKE wildcards are plain characters here.
    expect((await get("alpha", "?q=%25")).body.cars).toEqual([]);
    expect((await get("alpha", "?q=_")).body.cars).toEqual([]);
  });

  it("refuses another site's stock to a dealer", async (ctx) => {
    need(ctx);
    expect(await get("beta", "?q=AL9")).toEqual({ status: 403, body: { message: "You do not have access to this site." } });
  });
});
