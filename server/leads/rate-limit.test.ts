import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteDatabase, type TestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { clientIp, MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from "./rate-limit";
import { demoSite, deps, post, validLead } from "./test-helpers";

const REDIS_URL = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

async function redisOrNull(prefix: string): Promise<RedisRateLimiter | null> {
  const limiter = await RedisRateLimiter.connect(REDIS_URL, prefix);
  try {
    await (limiter as unknown as { redis: { ping(): Promise<string> } }).redis.ping();
    return limiter;
  } catch (e) {
    console.warn(`Redis rate-limit tests skipped: no Redis answers at ${REDIS_URL} (${(e as Error).message})`);
    await limiter.close();
    return null;
  }
}

it("memory: allows the limit in a window, refuses the next with the seconds to wait, and starts again in the next window", async () => {
  let now = 1_000_000;
  const m = new MemoryRateLimiter(() => now);
  for (let i = 0; i < 10; i++) expect((await m.hit("a", 10, 60_000)).ok).toBe(true);
  expect(await m.hit("a", 10, 60_000)).toEqual({ ok: false, retryAfterS: 60 });
  expect((await m.hit("b", 10, 60_000)).ok).toBe(true);
  now += 60_001;
  expect((await m.hit("a", 10, 60_000)).ok).toBe(true);
});

it("reads the client address from X-Forwarded-For, then X-Real-IP", () => {
  expect(clientIp(new Headers({ "x-forwarded-for": "198.51.100.1, 10.0.0.1" }))).toBe("198.51.100.1");
  expect(clientIp(new Headers({ "x-real-ip": "198.51.100.2" }))).toBe("198.51.100.2");
  expect(clientIp(new Headers())).toBe("unknown");
});

describe("POST /api/leads rate limits", () => {
  let tdb: TestDatabase;
  let h: DbHandle;
  const redis: { limiter: RedisRateLimiter | null } = { limiter: null };
  beforeAll(async () => {
    tdb = pgliteDatabase();
    h = await tdb.open();
    redis.limiter = await redisOrNull(`forecourt:test:${process.pid}:${Date.now()}:`);
  });
  afterAll(async () => {
    await redis.limiter?.close();
    await h.close();
    await tdb.cleanup();
  });

  const check = async (limiter: RateLimiter) => {
    const d = deps(h, demoSite(null), { limiter: async () => limiter, limits: { perIp: { limit: 10, windowMs: 60_000 }, perSite: { limit: 15, windowMs: 60_000 } } });
    const first = await Promise.all(Array.from({ length: 10 }, () => post(d, validLead(), { ip: "198.51.100.9" })));
    expect(first.map((r) => r.status)).toEqual(Array(10).fill(200));
    const over = await post(d, validLead(), { ip: "198.51.100.9" });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await over.json()).error).toMatch(/^Too many enquiries were sent from here in a short time\. Please try again in \d+ seconds\.$/);
    // Another visitor still gets through, until the site's own limit (15 a minute here) is reached.
    const others = await Promise.all(Array.from({ length: 6 }, (_, i) => post(d, validLead(), { ip: `198.51.100.${20 + i}` })));
    expect(others.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
  };

  it("per IP and per site, in memory", async () => {
    await check(new MemoryRateLimiter());
  });

  it("per IP and per site, in Redis (REDIS_URL), shared by two server processes", async (ctx) => {
    if (!redis.limiter) return ctx.skip();
    await check(redis.limiter);
    // A second process's limiter sees the same counts.
    const other = await RedisRateLimiter.connect(REDIS_URL, (redis.limiter as unknown as { prefix: string }).prefix);
    try {
      expect((await other.hit("lead:site:harbourline", 15, 60_000)).ok).toBe(false);
      const fresh = await other.hit(`fresh-${Date.now()}`, 1, 2_000);
      expect(fresh).toEqual({ ok: true, retryAfterS: 2 });
    } finally {
      await other.close();
    }
  });

  it("lets leads through (with a warning) when Redis does not answer", async () => {
    const dead = await RedisRateLimiter.connect("redis://127.0.0.1:1", "x:");
    expect((await dead.hit("k", 1, 1000)).ok).toBe(true);
    await dead.close();
  });
});
