import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteDatabase, type TestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { analyticsEvents } from "../db/schema";
import { CLIENT_ADDRESS_HEADER } from "../http/client-address";
import { MemoryRateLimiter } from "../leads/rate-limit";
import { demoSite, SITE_HOST } from "../leads/test-helpers";
import { EVENT_LIMIT, handleEventPost, type EventDeps } from "./http";

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
    const burst = await Promise.all(Array.from({ length: EVENT_LIMIT.limit + 1 }, () => post({ id: 49, path: "/search" }, { ip: "198.51.100.1" })));
    expect(burst.filter((r) => r.status === 429)).toHaveLength(1);
  });
});
