import { createServer, connect, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pgliteDatabase, type TestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { CLIENT_ADDRESS_HEADER } from "./client-address";
import { healthReport } from "../health/health";
import { Services, useServices } from "../root/services";
import { database } from "../db";
import { clientKey, LEAD_LIMITS, leadRateLimiter, MemoryRateLimiter, networkKey, RedisRateLimiter, resetLeadRateLimiter, type RateLimiter } from "./rate-limit";
import { demoSite, deps, post, validLead } from "../leads/test-helpers";

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

it("keys on the address the server determined, never on X-Forwarded-For or X-Real-IP; IPv6 by /64, networks by /24 and /48", () => {
  const key = (headers: Record<string, string>) => clientKey(new Headers(headers));
  expect(key({ [CLIENT_ADDRESS_HEADER]: "198.51.100.1", "x-forwarded-for": "203.0.113.1", "x-real-ip": "203.0.113.2" })).toBe("198.51.100.1");
  expect(key({ "x-forwarded-for": "203.0.113.1" })).toBe("unknown");
  expect(key({ [CLIENT_ADDRESS_HEADER]: "2001:db8:1:2:aaaa::1" })).toBe(key({ [CLIENT_ADDRESS_HEADER]: "2001:db8:1:2:bbbb::9" }));
  expect(networkKey("198.51.100.1")).toBe("198.51.100.0/24");
  expect(networkKey(key({ [CLIENT_ADDRESS_HEADER]: "2001:db8:1:2:aaaa::1" }))).toBe("2001:db8:1::/48");
  expect(networkKey("unknown")).toBe("unknown");
});

describe("POST /api/leads rate limits", () => {
  let tdb: TestDatabase;
  let h: DbHandle;
  const redis: { limiter: RedisRateLimiter | null } = { limiter: null };
  let previous: Services;
  beforeAll(async () => {
    tdb = pgliteDatabase();
    h = await tdb.open();
    // Stand in for the process's database handle (what healthReport's getDb() answers).
    previous = useServices(new Services().with(database, h));
    redis.limiter = await redisOrNull(`forecourt:test:${process.pid}:${Date.now()}:`);
  });
  afterAll(async () => {
    useServices(previous);
    await redis.limiter?.close();
    await h.close();
    await tdb.cleanup();
  });

  const check = async (limiter: RateLimiter) => {
    const d = deps(h, demoSite(null), { limiter: async () => limiter, limits: { perClient: { limit: 10, windowMs: 60_000 }, perNetwork: { limit: 1000, windowMs: 60_000 }, perSite: { limit: 15, windowMs: 60_000 } } });
    const first = await Promise.all(Array.from({ length: 10 }, () => post(d, validLead(), { ip: "198.51.100.9" })));
    expect(first.map((r) => r.status)).toEqual(Array(10).fill(200));
    const over = await post(d, validLead(), { ip: "198.51.100.9" });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await over.json()).error).toMatch(/^Too many enquiries were sent from here in a short time\. Please try again in \d+ seconds\.$/);
    // Another visitor still gets through, until the site's own limit (15 a minute here) is reached.
    const others = await Promise.all(Array.from({ length: 6 }, (_, i) => post(d, validLead(), { ip: `203.0.113.${20 + i}` })));
    expect(others.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
  };

  it("one client flooding a site (spoofing X-Forwarded-For) gets 429 and does not block another client's lead (the real limits)", async () => {
    const limiter = new MemoryRateLimiter();
    const d = deps(h, demoSite(null), { limiter: async () => limiter, limits: LEAD_LIMITS });
    const flood = [];
    for (let i = 0; i < LEAD_LIMITS.perSite.limit + 50; i++) {
      flood.push(await post(d, validLead(), { ip: "198.51.100.66", headers: { "x-forwarded-for": `10.${i >> 8}.${i & 255}.1`, "x-real-ip": `10.9.${i & 255}.2` } }));
    }
    expect(flood.filter((r) => r.status === 200)).toHaveLength(LEAD_LIMITS.perClient.limit);
    expect(flood.filter((r) => r.status === 429)).toHaveLength(LEAD_LIMITS.perSite.limit + 50 - LEAD_LIMITS.perClient.limit);
    // Another address of the flooder's IPv6 /64 is the same client.
    for (const ip of ["2001:db8:5:6::1", "2001:db8:5:6::2"]) {
      for (let i = 0; i < 5; i++) await post(d, validLead(), { ip });
    }
    expect((await post(d, validLead(), { ip: "2001:db8:5:6:ffff::3" })).status).toBe(429);
    // A real visitor's enquiry to the same dealer goes through.
    const visitor = await post(d, validLead(), { ip: "203.0.113.200" });
    expect(visitor.status).toBe(200);
    expect((await visitor.json()).lead_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("one network with many addresses is one sender: its /24 has its own limit, and other networks still get through", async () => {
    const shared = new MemoryRateLimiter();
    const d = deps(h, demoSite(null), { limiter: async () => shared, limits: LEAD_LIMITS });
    const statuses: number[] = [];
    for (let host = 1; host <= 10; host++) for (let i = 0; i < 5; i++) statuses.push((await post(d, validLead(), { ip: `198.51.77.${host}` })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(LEAD_LIMITS.perNetwork.limit);
    expect((await post(d, validLead(), { ip: "198.51.78.1" })).status).toBe(200);
  });

  it("per client and per site, in memory", async () => {
    await check(new MemoryRateLimiter());
  });

  it("per client and per site, in Redis (REDIS_URL), shared by two server processes", async (ctx) => {
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

  it("an unreachable REDIS_URL: a lead is answered at once (limits counted in memory) and the health answer says so", async () => {
    vi.stubEnv("REDIS_URL", "redis://127.0.0.1:1"); // nothing listens there
    await resetLeadRateLimiter();
    try {
      const d = deps(h, demoSite(null), { limiter: leadRateLimiter, limits: LEAD_LIMITS });
      const started = performance.now();
      const res = await post(d, validLead(), { ip: "192.0.2.31" });
      const first = performance.now() - started;
      expect(res.status).toBe(200);
      expect(first).toBeLessThan(5000); // was ~20 s a lead
      const again = performance.now();
      const more = [];
      for (let i = 0; i < LEAD_LIMITS.perClient.limit; i++) more.push((await post(d, validLead(), { ip: "192.0.2.31" })).status);
      expect(performance.now() - again).toBeLessThan(5000);
      // Still limited, in memory.
      expect(more).toEqual([...Array(LEAD_LIMITS.perClient.limit - 1).fill(200), 429]);
      expect((await healthReport()).rateLimits).toBe("memory (redis unreachable)");
    } finally {
      await resetLeadRateLimiter();
      vi.unstubAllEnvs();
    }
  });

  it("an unusable REDIS_URL (not a URL) counts in memory rather than failing every lead", async () => {
    vi.stubEnv("REDIS_URL", "redis://256.1.1.1:99999");
    await resetLeadRateLimiter();
    try {
      const d = deps(h, demoSite(null), { limiter: leadRateLimiter, limits: LEAD_LIMITS });
      expect((await post(d, validLead(), { ip: "192.0.2.32" })).status).toBe(200);
      expect((await healthReport()).rateLimits).toBe("memory (redis unreachable)");
    } finally {
      await resetLeadRateLimiter();
      vi.unstubAllEnvs();
    }
  });

  it("a Redis that accepts connections but never answers costs at most the connect timeout, then nothing", async () => {
    const silent = createServer(() => undefined); // accepts, says nothing
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    const sockets = new Set<import("node:net").Socket>();
    silent.on("connection", (s) => sockets.add(s));
    try {
      const started = performance.now();
      const limiter = await RedisRateLimiter.connect(`redis://127.0.0.1:${(silent.address() as AddressInfo).port}`, { prefix: "x:" });
      expect((await limiter.hit("k", 1, 1000)).ok).toBe(true);
      expect((await limiter.hit("k", 1, 1000)).ok).toBe(false); // counted in memory
      expect(performance.now() - started).toBeLessThan(3000);
      expect(limiter.mode()).toBe("memory (redis unreachable)");
      await limiter.close();
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((r) => silent.close(r));
    }
  });

  it("health: a real Redis is reported as redis, no REDIS_URL as memory", async (ctx) => {
    if (!redis.limiter) return ctx.skip();
    vi.stubEnv("REDIS_URL", REDIS_URL);
    await resetLeadRateLimiter();
    try {
      expect((await healthReport()).rateLimits).toBe("redis");
      vi.stubEnv("REDIS_URL", "");
      await resetLeadRateLimiter();
      expect((await healthReport()).rateLimits).toBe("memory");
    } finally {
      await resetLeadRateLimiter();
      vi.unstubAllEnvs();
    }
  });

  it("a Redis that goes away mid-run: hits fall back to memory at once, and go back to Redis once it answers again", async (ctx) => {
    if (!redis.limiter) return ctx.skip();
    // A TCP relay to the real Redis that the test can cut and restore.
    const target = new URL(REDIS_URL);
    const sockets = new Set<import("node:net").Socket>();
    const relay = () =>
      createServer((client) => {
        const upstream = connect(Number(target.port || 6379), target.hostname);
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const end = () => (client.destroy(), upstream.destroy());
        client.on("error", end).on("close", end);
        upstream.on("error", end).on("close", end);
      });
    let server = relay();
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as AddressInfo).port;
    const prefix = `forecourt:test:away:${process.pid}:${Date.now()}:`;
    const limiter = await RedisRateLimiter.connect(`redis://127.0.0.1:${port}`, { prefix, breakerMs: 300 });
    const direct = redis.limiter as unknown as { redis: { get(k: string): Promise<string | null> } };
    try {
      expect(limiter.mode()).toBe("redis");
      expect((await limiter.hit("a", 2, 60_000)).ok).toBe(true);
      expect(await direct.redis.get(`${prefix}a`)).toBe("1");

      // Redis goes away.
      await new Promise((r) => {
        server.close(r);
        for (const s of sockets) s.destroy();
      });
      const started = performance.now();
      const during = [await limiter.hit("b", 2, 60_000), await limiter.hit("b", 2, 60_000), await limiter.hit("b", 2, 60_000)];
      expect(performance.now() - started).toBeLessThan(2000);
      expect(during.map((r) => r.ok)).toEqual([true, true, false]); // still limited, in memory
      expect(limiter.mode()).toBe("memory (redis unreachable)");
      expect(await direct.redis.get(`${prefix}b`)).toBeNull();

      // It comes back: after the breaker's pause and ioredis's reconnect, hits count in Redis again.
      server = relay();
      await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
      await expect.poll(async () => (await limiter.hit("c", 100, 60_000), limiter.mode()), { timeout: 15_000, interval: 200 }).toBe("redis");
      await limiter.hit("c", 100, 60_000);
      expect(Number(await direct.redis.get(`${prefix}c`))).toBeGreaterThan(0);
    } finally {
      await limiter.close();
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    }
  });
});
