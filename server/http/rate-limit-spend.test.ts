// Budgets of an amount (bytes of trade-in pictures): spend, refuse without spending, refund; in
// memory and in Redis shared by two limiters (two server processes).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryRateLimiter, RedisRateLimiter, spendInOrder } from "./rate-limit";

const REDIS_URL = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const prefix = `forecourt:test:spend:${process.pid}:${Date.now()}:`;
let redis: [RedisRateLimiter, RedisRateLimiter] | null = null;

beforeAll(async () => {
  const a = await RedisRateLimiter.connect(REDIS_URL, { prefix });
  if (a.mode() !== "redis") {
    console.warn(`Redis spend tests skipped: no Redis answers at ${REDIS_URL}`);
    await a.close();
    return;
  }
  redis = [a, await RedisRateLimiter.connect(REDIS_URL, { prefix })];
});
afterAll(async () => {
  for (const l of redis ?? []) await l.close();
});

const limiters = {
  memory: () => [new MemoryRateLimiter()] as const,
  "Redis (two processes)": () => redis,
};

describe.each(Object.entries(limiters))("spend in %s", (_name, make) => {
  it("adds while the total fits, refuses what would pass the limit without adding it, gives back a refund", async (c) => {
    const pair = make();
    if (!pair) return c.skip();
    const [one, other = one] = pair as unknown as [MemoryRateLimiter, MemoryRateLimiter?];
    const key = `k-${Math.random()}`;
    expect(await one.spend(key, 60, 100, 60_000)).toEqual({ ok: true, retryAfterS: 60 });
    expect((await other.spend(key, 41, 100, 60_000)).ok).toBe(false); // 101 would pass it
    expect((await other.spend(key, 40, 100, 60_000)).ok).toBe(true); // the refused 41 took nothing
    expect((await one.spend(key, 1, 100, 60_000)).ok).toBe(false);
    expect((await one.spend(key, -30, 100, 60_000)).ok).toBe(true);
    expect((await other.spend(key, 30, 100, 60_000)).ok).toBe(true);
    expect((await other.spend(key, 1, 100, 60_000)).ok).toBe(false);
    // A refund never takes the count below 0.
    expect((await one.spend(key, -500, 100, 60_000)).ok).toBe(true);
    expect((await one.spend(key, 100, 100, 60_000)).ok).toBe(true);
    expect((await one.spend(key, 1, 100, 60_000)).ok).toBe(false);
  });

  it("many at once never spend past the limit", async (c) => {
    const pair = make();
    if (!pair) return c.skip();
    const key = `race-${Math.random()}`;
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => (pair[i % pair.length] as MemoryRateLimiter).spend(key, 10, 100, 60_000)));
    expect(results.filter((r) => r.ok)).toHaveLength(10);
  });

  it("spendInOrder: a later budget's refusal gives back what the earlier ones took", async (c) => {
    const pair = make();
    if (!pair) return c.skip();
    const l = pair[0] as MemoryRateLimiter;
    const id = Math.random();
    const budgets = [
      { key: `client-${id}`, limit: 100, windowMs: 60_000 },
      { key: `site-${id}`, limit: 50, windowMs: 60_000 },
    ];
    expect(await spendInOrder(l, 40, budgets)).toEqual({ ok: true, retryAfterS: 0 });
    expect(await spendInOrder(l, 20, budgets)).toMatchObject({ ok: false, key: `site-${id}` });
    // The client's 20 was given back: 60 more fit it exactly.
    expect((await l.spend(`client-${id}`, 60, 100, 60_000)).ok).toBe(true);
    expect((await l.spend(`client-${id}`, 1, 100, 60_000)).ok).toBe(false);
    await expect(spendInOrder({ hit: async () => ({ ok: true, retryAfterS: 0 }) }, 1, budgets)).rejects.toThrow("cannot count amounts");
  });
});
