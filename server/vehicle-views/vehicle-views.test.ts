import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { backends, withTestDatabase } from "../../tests/databases";
import { feedVehicle } from "../../tests/fixtures/vehicle";
import { inventoryTenant } from "../../tests/fixtures/tenant";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { siteRoute, type SiteContext } from "../http/site-route";
import type { DbHandle } from "../db";
import { vehicleViews } from "../db/schema";
import { deleteVehicle, upsertVehicles } from "../inventory/store";
import { CLIENT_ADDRESS_HEADER } from "../http/client-address";
import { MemoryRateLimiter } from "../http/rate-limit";
import { createTenant, getLiveDocument, publish } from "../tenants/store";
import { handleView, VIEW_DEDUPE_MS, VIEW_LIMITS, type ViewLimits } from "./http";
import { recordView, vehicleViewState } from "./store";

const NOW = new Date("2026-03-01T00:00:00Z");

describe.each(backends)("vehicle views on %s", (_name, make) => {
  let h: DbHandle;
  let alpha: TenantDocument;
  const slugs: Record<string, string> = {};
  let clock = NOW.getTime();
  const limiter = new MemoryRateLimiter(() => clock);
  const { need } = withTestDatabase(make, async (opened) => {
    h = opened;
    await createTenant(h.db, inventoryTenant("alpha"), "test");
    await publish(h, "alpha", { actor: "test" });
    // alpha lists dealership 1 only here; dealership 2's cars are another site's.
    const live = (await getLiveDocument(h.db, "alpha"))!.document;
    alpha = { ...live, dealerships: [live.dealerships.find((d) => d.id === 1)!] };
    const result = await upsertVehicles(
      h.db,
      [
        // a feed that reports 40 earlier views
        { ...feedVehicle("a1", { price: 24990, images: [{ url: "/a.jpg", kind: "exterior" }, { url: "/b.jpg", kind: "exterior" }] }), views: 40 },
        feedVehicle("a2", { stocknum: "S-a2", status: "sold", price: 19990 }),
        feedVehicle("a3", { stocknum: "S-a3" }),
        feedVehicle("hidden", { stocknum: "S-h", show_on_dealer_website: false }),
        feedVehicle("other", { stocknum: "S-o", dealership_id: 2, location_id: 20 }),
        feedVehicle("gone", { stocknum: "S-g" }),
      ],
      { now: NOW },
    );
    expect(result.rejected).toEqual([]);
    for (const w of result.written) slugs[w.id] = w.slug;
  });
  const ctx = (): SiteContext & { limiter: MemoryRateLimiter } => ({ db: h.db, tenant: alpha, sms: { name: "none", send: async () => {} }, now: new Date(clock), limiter });
  const route = () => siteRoute((r) => handleView(r, ctx()), { contextForHost: async (host) => (host === "alpha.localhost:3000" ? ctx() : null) });
  const get = (path: string, ip = "198.51.100.1", host = "alpha.localhost:3000", headers: Record<string, string> = {}) =>
    route()(new Request(`http://${host}${path}`, { headers: { host, [CLIENT_ADDRESS_HEADER]: ip, ...headers } }));

  it("counts atomically in its own table", async (c) => {
    need(c);
    expect(await vehicleViewState(h.db, "gone")).toEqual({ counted: 0, updatedAt: expect.any(Date) });
    expect(await Promise.all([recordView(h.db, "gone"), recordView(h.db, "gone"), recordView(h.db, "gone")])).toHaveLength(3);
    expect((await vehicleViewState(h.db, "gone"))!.counted).toBe(3);
    expect(await vehicleViewState(h.db, "nope")).toBeNull();
    // The counter goes with its vehicle.
    await deleteVehicle(h.db, "gone");
    expect(await h.db.select().from(vehicleViews).where(eq(vehicleViews.vehicleId, "gone"))).toEqual([]);
  });

  it("records a view and answers views (the feed's + counted) and car_fields", async (c) => {
    need(c);
    const res = await get(`/api/cars/${slugs.a1}/view.json?photos_count=2&updated_at=2026-02-01T00:00:00Z&website_id=alpha`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({
      views: 41,
      car_fields: { status: "in_stock", price: 24990, photos_count: 2, updated_at: NOW.toISOString() },
    });
  });

  it("counts a visitor once per car within 30 minutes; other visitors and cars count", async (c) => {
    need(c);
    const views = async (ip: string, slug = slugs.a1) => (await (await get(`/api/cars/${slug}/view.json`, ip)).json()).views;
    expect(await views("198.51.100.1")).toBe(41); // the same visitor as before: not counted again
    expect(await views("198.51.100.2")).toBe(42);
    expect(await views("198.51.100.2")).toBe(42);
    // A made-up X-Forwarded-For or X-Real-IP is not another visitor.
    for (const spoof of [{ "x-forwarded-for": "203.0.113.50" }, { "x-forwarded-for": "203.0.113.51, 198.51.100.2" }, { "x-real-ip": "203.0.113.52" }] as Record<string, string>[]) {
      expect((await (await get(`/api/cars/${slugs.a1}/view.json`, "198.51.100.2", undefined, spoof)).json()).views).toBe(42);
    }
    expect(await views("198.51.100.1", slugs.a2)).toBe(1); // the visitor's first view of another car (sold cars count too)
    clock += VIEW_DEDUPE_MS + 1;
    expect(await views("198.51.100.1")).toBe(43);
    const [row] = await h.db.select().from(vehicleViews).where(eq(vehicleViews.vehicleId, "a1"));
    expect(row.views).toBe(3);
  });

  it("404s another site's car, a hidden or unknown car and an unknown host; 400s a bad query", async (c) => {
    need(c);
    for (const path of [`/api/cars/${slugs.other}/view.json`, `/api/cars/${slugs.hidden}/view.json`, "/api/cars/no-such-car/view.json"]) {
      const res = await get(path, "198.51.100.9");
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ message: "That car is not listed on this site." });
    }
    expect((await get(`/api/cars/${slugs.a1}/view.json`, "198.51.100.9", "beta.localhost:3000")).status).toBe(404);
    const bad: [string, string][] = [
      ["photos_count=many", "photos_count must be a whole number."],
      ["updated_at=yesterday", "updated_at must be a date (ISO 8601)."],
      ["website_id=beta", "website_id is not this site."],
    ];
    for (const [query, message] of bad) {
      const res = await get(`/api/cars/${slugs.a1}/view.json?${query}`, "198.51.100.9");
      expect(res.status, query).toBe(400);
      expect(await res.json()).toEqual({ message });
    }
    // None of those counted.
    const [row] = await h.db.select().from(vehicleViews).where(eq(vehicleViews.vehicleId, "a1"));
    expect(row.views).toBe(3);
    expect((await h.db.select().from(vehicleViews)).map((r) => r.vehicleId).sort()).toEqual(["a1", "a2"]);
  });

  it("documents its limits: 60 per client, 180 per network, 20,000 per site, an hour", () => {
    expect(VIEW_LIMITS).toEqual({ perClient: { limit: 60, windowMs: 3_600_000 }, perNetwork: { limit: 180, windowMs: 3_600_000 }, perSite: { limit: 20_000, windowMs: 3_600_000 } });
  });

  it("stops counting past a client's, then its network's, then the site's limit (answering as always); a repeat or a refused view spends nothing of the next budget", async (c) => {
    need(c);
    let capClock = clock;
    const capLimiter = new MemoryRateLimiter(() => capClock);
    const limits: ViewLimits = { perClient: { limit: 2, windowMs: 3_600_000 }, perNetwork: { limit: 3, windowMs: 3_600_000 }, perSite: { limit: 4, windowMs: 3_600_000 } };
    const counted = async (): Promise<Record<string, number>> => Object.fromEntries(await Promise.all(["a1", "a2", "a3"].map(async (id) => [id, (await vehicleViewState(h.db, id))!.counted])));
    const start = await counted();
    const delta = async () => {
      const now = await counted();
      return Object.fromEntries(Object.entries(now).map(([id, n]) => [id, n - start[id]]));
    };
    const view = async (ip: string, id: string) => {
      const answer = await handleView(new Request(`http://alpha.localhost:3000/api/cars/${slugs[id]}/view.json`, { headers: { host: "alpha.localhost:3000", [CLIENT_ADDRESS_HEADER]: ip } }), { ...ctx(), limiter: capLimiter, limits });
      return answer.views;
    };
    // One client: its 2, then its third car is not counted (the answer is the count as it stands).
    await view("203.0.113.1", "a1");
    await view("203.0.113.1", "a2");
    expect(await view("203.0.113.1", "a3")).toBe(start.a3);
    await view("203.0.113.1", "a1"); // a repeat
    expect(await delta()).toEqual({ a1: 1, a2: 1, a3: 0 });
    // The same /24: one more makes the network's 3 (the refused view and the repeat were not counted there).
    await view("203.0.113.2", "a1");
    await view("203.0.113.2", "a2");
    expect(await delta()).toEqual({ a1: 2, a2: 1, a3: 0 });
    // Another network makes the site's 4; then no one's view counts this hour.
    await view("192.0.2.1", "a3");
    await view("198.51.100.7", "a3");
    await view("198.51.100.8", "a1");
    expect(await delta()).toEqual({ a1: 2, a2: 1, a3: 1 });
    // The next hour counts again.
    capClock += 3_600_000;
    await view("198.51.100.7", "a3");
    expect(await delta()).toEqual({ a1: 2, a2: 1, a3: 2 });
  });
});
