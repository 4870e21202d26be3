import { describe, expect, it } from "vitest";
import { backends, withTestDatabase } from "../../tests/databases";
import { feedVehicle } from "../../tests/fixtures/vehicle";
import { inventoryTenant } from "../../tests/fixtures/tenant";
import type { TenantDocument } from "../../schemas/generated/tenant";
import type { DbHandle } from "../db";
import { createSession, upsertSiteUser } from "../auth/sessions";
import { SESSION_COOKIE } from "../auth/sessions";
import { withErrors, type SiteContext } from "../http/site-route";
import { upsertVehicle } from "../inventory/store";
import { createTenant, publish } from "../tenants/store";
import { failure, handleRemoveCar, handleSaveCar, handleWatchlist } from "./http";
import { savedVehicles } from "./store";

const site = (slug: string, dealership: number, features: Record<string, unknown> = { watchlist: true, auth: { enabled: true } }) =>
  ({ identity: { slug, name: slug, locale: "en-AU" }, features, dealerships: [{ id: dealership, slug: `${slug}-d`, name: slug }] }) as unknown as TenantDocument;

const req = (method: string, path: string, body?: unknown, cookie?: string) =>
  new Request(`http://alpha.localhost${path}`, {
    method,
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });

describe.each(backends)("watchlist on %s", (_name, make) => {
  let h: DbHandle;
  let cookie = "";
  let ctx: SiteContext;
  const { need } = withTestDatabase(make, async (opened) => {
    h = opened;
    // alpha lists dealership 1; beta (another site) lists dealership 2.
    await createTenant(h.db, inventoryTenant("alpha"), "test");
    await publish(h, "alpha", { actor: "test" });
    await upsertVehicle(h.db, feedVehicle("a1"));
    await upsertVehicle(h.db, feedVehicle("a2", { stocknum: "S-a2", status: "sold" }));
    await upsertVehicle(h.db, feedVehicle("hidden", { stocknum: "S-h", show_on_dealer_website: false }));
    await upsertVehicle(h.db, feedVehicle("b1", { dealership_id: 2, location_id: 20, stocknum: "S-b1" }));
    const user = await upsertSiteUser(h.db, "alpha", "+61412345678");
    cookie = `${SESSION_COOKIE}=${(await createSession(h.db, user.id)).token}`;
    ctx = { db: h.db, tenant: site("alpha", 1), sms: { name: "none", send: async () => {} } };
  });
  const save = (body: unknown, withCookie = cookie, c = ctx) => withErrors(handleSaveCar, req("POST", "/api/watchlist/save-car", body, withCookie), c, failure);
  const remove = (body: unknown, withCookie = cookie, c = ctx) => withErrors(handleRemoveCar, req("POST", "/api/watchlist/remove-car", body, withCookie), c, failure);
  const list = async (withCookie = cookie) => (await withErrors(handleWatchlist, req("GET", "/api/watchlist", undefined, withCookie), ctx, failure)).json();

  it("refuses without a session (401) and for another phone (403)", async (c) => {
    need(c);
    const anon = await save({ phone_number: "0412345678", car_id: "a1" }, "");
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ success: false, message: "Sign in to use your watchlist." });
    const forged = await save({ phone_number: "0412345678", car_id: "a1" }, `${SESSION_COOKIE}=nope`);
    expect(forged.status).toBe(401);
    const other = await save({ phone_number: "0499999999", car_id: "a1" });
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual({ success: false, message: "That phone number is not the one you signed in with." });
    expect((await save({ car_id: "a1" })).status).toBe(403);
    expect(await list("")).toEqual({ enabled: true, signedIn: false, carIds: [] });
  });

  it("404s another site's car, a hidden car and an unknown one; 400s a bad body", async (c) => {
    need(c);
    for (const car_id of ["b1", "hidden", "nope"]) {
      const res = await save({ phone_number: "+61412345678", car_id });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ success: false, message: "That car is not listed on this site." });
    }
    const bad = await save("{");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ success: false, message: "The request body is not valid JSON." });
    expect(await (await save({ phone_number: "+61412345678" })).json()).toEqual({ success: false, message: "car_id is missing." });
  });

  it("saves (twice is once), lists and removes", async (c) => {
    need(c);
    for (const car_id of ["a1", "a1", "a2"]) {
      const res = await save({ phone_number: "0412 345 678", car_id });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true });
    }
    const listed = await list();
    expect(listed).toMatchObject({ enabled: true, signedIn: true, phone: "+61412345678" });
    expect([...listed.carIds].sort()).toEqual(["a1", "a2"]);
    expect((await savedVehicles(h.db, ctx.tenant, 1)).map((v) => v.id).sort()).toEqual(["a1", "a2"]);
    // The other site's visitor with the same number has a list of its own.
    expect((await savedVehicles(h.db, site("beta", 2), 1)).map((v) => v.id)).toEqual([]);

    const removed = await remove({ phone_number: "+61412345678", car_id: "a1" });
    expect(await removed.json()).toEqual({ success: true });
    expect((await remove({ phone_number: "+61412345678", car_id: "a1" })).status).toBe(200);
    expect((await list()).carIds).toEqual(["a2"]);
    expect((await remove({ phone_number: "+61412345678", car_id: "b1" })).status).toBe(404);
    expect((await remove({ phone_number: "+61412345678", car_id: "a2" }, "")).status).toBe(401);
  });

  it("is not there when the site has no watchlist or no sign-in", async (c) => {
    need(c);
    for (const features of [{ watchlist: false, auth: { enabled: true } }, { watchlist: true, auth: { enabled: false } }]) {
      const off = { ...ctx, tenant: site("alpha", 1, features) };
      const res = await save({ phone_number: "+61412345678", car_id: "a1" }, cookie, off);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ success: false, message: "This site has no watchlist." });
    }
  });
});
