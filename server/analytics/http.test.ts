import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, pgliteDatabase, withTestDatabase, type TestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { analyticsEvents } from "../db/schema";
import { CLIENT_ADDRESS_HEADER } from "../http/client-address";
import { MemoryRateLimiter } from "../http/rate-limit";
import { demoSite, SITE_HOST } from "../leads/test-helpers";
import { EVENT_LIMITS, handleEventPost, type EventDeps, type EventLimits } from "./http";

describe("POST /api/events (PGlite)", () => {
  let tdb: TestDatabase;
  let h: DbHandle;
  const site = demoSite();
  let limiter = new MemoryRateLimiter();
  const deps = (): EventDeps => ({ db: async () => h.db, tenantForHost: async (host) => (host === SITE_HOST ? site : null), limiter: async () => limiter });
  const post = (body: unknown, opts: { host?: string; raw?: boolean; ip?: string } = {}) =>
    handleEventPost(
      new Request("http://harbourline.localhost:3000/api/events", {
        method: "POST",
        headers: { host: opts.host ?? SITE_HOST, "content-type": "application/json", [CLIENT_ADDRESS_HEADER]: opts.ip ?? "203.0.113.9" },
        body: opts.raw ? String(body) : JSON.stringify(body),
      }),
      deps(),
    );
  const stored = async () => (await h.db.select({ n: count() }).from(analyticsEvents))[0].n;

  beforeAll(async () => {
    tdb = pgliteDatabase();
    h = await tdb.open();
  });
  afterAll(async () => {
    await h?.close();
    await tdb?.cleanup();
  });

  it("stores an event of the spec's ids for the Host's site (204)", async () => {
    const res = await post({ id: 51, label: "careers", path: "/careers" });
    expect(res.status).toBe(204);
    const rows = await h.db.select().from(analyticsEvents).where(eq(analyticsEvents.eventId, 51));
    expect(rows).toEqual([expect.objectContaining({ tenant: "harbourline", eventId: 51, label: "careers", path: "/careers" })]);
    expect((await post({ id: 9, path: "/cars/x" })).status).toBe(204);
  });

  it("refuses what is not an event, an unknown site and too many, with messages; stores nothing", async () => {
    const before = await stored();
    const cases: [Response, number, RegExp][] = [
      [await post({ id: 1234, path: "/" }), 400, /id must be one of the analytics event ids: 9, 14, 15, 17, 18, 22, 25, 26, 39, 48, 49, 51, 60, 61/],
      [await post({ id: "22", path: "/" }), 400, /id must be one of/],
      [await post({ id: 22, path: "https://evil.example/" }), 400, /path must be the page's path/],
      [await post({ id: 22, path: "/", label: "x".repeat(61) }), 400, /label must be text of at most 60/],
      [await post([1, 2]), 400, /JSON object/],
      [await post("{nope", { raw: true }), 400, /not valid JSON/],
      [await post({ id: 22, path: "/".repeat(5000) }), 413, /at most 4096 bytes/],
      [await post({ id: 22, path: "/" }, { host: "nobody.localhost:3000" }), 404, /No dealer site/],
    ];
    for (const [res, status, message] of cases) {
      expect(res.status).toBe(status);
      expect((await res.json()).error).toMatch(message);
    }
    expect(await stored()).toBe(before);
    limiter = new MemoryRateLimiter();
    const burst = await Promise.all(Array.from({ length: EVENT_LIMITS.perClient.limit + 1 }, () => post({ id: 49, path: "/search" }, { ip: "198.51.100.1" })));
    expect(burst.filter((r) => r.status === 429)).toHaveLength(1);
  });
});

describe.each(backends)("POST /api/events: limits per client, network and site on %s", (_name, make) => {
  let h: DbHandle;
  const { need } = withTestDatabase(make, (opened) => (h = opened));
  const site = demoSite();
  let clock = Date.parse("2026-03-01T00:00:00Z");
  const limiter = new MemoryRateLimiter(() => clock);
  // Small limits, the same rule as EVENT_LIMITS (each counted only past the one before).
  const limits: EventLimits = { perClient: { limit: 3, windowMs: 60_000 }, perNetwork: { limit: 5, windowMs: 60_000 }, perSite: { limit: 7, windowMs: 60_000 } };
  const send = async (ip: string, n: number) => {
    const answers: string[] = [];
    for (let i = 0; i < n; i++) {
      const res = await handleEventPost(
        new Request("http://harbourline.localhost:3000/api/events", {
          method: "POST",
          headers: { host: SITE_HOST, "content-type": "application/json", [CLIENT_ADDRESS_HEADER]: ip },
          body: JSON.stringify({ id: 49, label: "capped", path: "/search" }),
        }),
        { db: async () => h.db, tenantForHost: async (host) => (host === SITE_HOST ? site : null), limiter: async () => limiter, limits },
      );
      answers.push(res.status === 429 ? `429 ${(await res.json()).error}` : String(res.status));
    }
    return answers;
  };
  const TOO_MANY = "429 Too many events from here; try again later.";
  const stored = async () => (await h.db.select({ n: count() }).from(analyticsEvents).where(and(eq(analyticsEvents.tenant, "harbourline"), eq(analyticsEvents.label, "capped"))))[0].n;

  it("documents its limits: 120 per client, 360 per network, 3000 per site, a minute", () => {
    expect(EVENT_LIMITS).toEqual({ perClient: { limit: 120, windowMs: 60_000 }, perNetwork: { limit: 360, windowMs: 60_000 }, perSite: { limit: 3000, windowMs: 60_000 } });
  });

  it("answers 429 past a client's, then its network's (/24, /48), then the site's limit; a refused event spends nothing of the next budget", async (c) => {
    need(c);
    expect(await send("203.0.113.1", 4)).toEqual(["204", "204", "204", TOO_MANY]); // its own 3
    // The same /24: 2 more make the network's 5 (the client's refused 4th was not counted there).
    expect(await send("203.0.113.2", 3)).toEqual(["204", "204", TOO_MANY]);
    // Other networks: 2 more make the site's 7; then nobody's event is taken this minute.
    expect(await send("192.0.2.1", 3)).toEqual(["204", "204", TOO_MANY]);
    expect(await send("198.51.100.1", 1)).toEqual([TOO_MANY]);
    expect(await stored()).toBe(7);
    // The next minute: IPv6 clients are /64s, their network the /48.
    clock += 60_000;
    expect(await send("2001:db8:1:2::5", 4)).toEqual(["204", "204", "204", TOO_MANY]);
    expect(await send("2001:db8:1:3::9", 3)).toEqual(["204", "204", TOO_MANY]);
    expect(await send("2001:db8:2:3::9", 1)).toEqual(["204"]);
    expect(await stored()).toBe(13);
  });
});
