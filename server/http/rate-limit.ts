/**
 * Fixed-window rate limits (leads, analytics events, views, sign-in codes). In memory (one process)
 * by default; in Redis when REDIS_URL is set, so every server process shares the counts.
 *
 * Every per-client limit keys on `clientKey(request)`: the address `serving/index.ts` took from the
 * socket and TRUSTED_PROXIES (server/http/client-address.ts), an IPv6 client as its /64. Nothing a
 * visitor sends (X-Forwarded-For, X-Real-IP) can make a new bucket.
 *
 * Redis fails fast: a 1 s connect timeout, a 500 ms command timeout and no offline queue. After a
 * failure the limiter counts in memory for 30 s (a circuit breaker) and then tries Redis again, so
 * an unreachable Redis costs a request at most one timeout, never a lead.
 */
import { clientAddress, clientBucket } from "./client-address";
import { defineService, services } from "../root/services";
import { connectRateLimiter, type AmountLimiter, type MemoryRateLimiter, type RateLimiter, type RateLimitMode, type RedisRateLimiter } from "./limiters";

export { MemoryRateLimiter, RedisRateLimiter, type AmountLimiter, type RateLimiter, type RateLimitMode, type RedisLimiterOptions } from "./limiters";

/**
 * POST /api/leads, per site. A lead is counted against the next limit only when it passed the one
 * before, so a client (or a network) over its own limit never uses up the site's budget:
 * - perClient: one client (an IPv4 address, an IPv6 /64);
 * - perNetwork: one network (IPv4 /24, IPv6 /48), so one holder of many addresses is still one sender;
 * - perSite: a safety valve for the dealer's inbox and CRM against a flood from many networks at
 *   once — at least 20 networks must each be at their limit to reach it.
 */
export const LEAD_LIMITS = {
  perClient: { limit: 10, windowMs: 60_000 },
  perNetwork: { limit: 30, windowMs: 60_000 },
  perSite: { limit: 600, windowMs: 60_000 },
};
export type LeadLimits = typeof LEAD_LIMITS;

/** The bucket of the request's client (IPv4 address or IPv6 /64), from the server-determined address only. */
export function clientKey(request: Request | Headers): string {
  return clientBucket(clientAddress(request));
}

/** The network a client bucket belongs to: an IPv4 /24 or an IPv6 /48 (others: the bucket itself). */
export function networkKey(bucket: string): string {
  const v4 = /^(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/.exec(bucket);
  if (v4) return `${v4[1]}.0/24`;
  const v6 = /^([0-9a-f]+:[0-9a-f]+:[0-9a-f]+):[0-9a-f]+::\/64$/.exec(bucket);
  if (v6) return `${v6[1]}::/48`;
  return bucket;
}

/**
 * Counts one request against each of `limits` in order, stopping at the first that refuses it (so a
 * refused request uses up none of the later budgets). Answers the refusal, or ok.
 */
export async function hitInOrder(limiter: RateLimiter, limits: { key: string; limit: number; windowMs: number }[]) {
  for (const l of limits) {
    const r = await limiter.hit(l.key, l.limit, l.windowMs);
    if (!r.ok) return { ok: false as const, retryAfterS: r.retryAfterS, key: l.key };
  }
  return { ok: true as const, retryAfterS: 0 };
}

/**
 * Spends `amount` from each of `limits` in order; at the first that cannot take it, gives back what
 * the earlier ones took and answers that refusal (nothing spent anywhere). With a negative amount
 * (a refund after the thing was not stored after all) it gives back to every one.
 */
export async function spendInOrder(limiter: RateLimiter | (RateLimiter & AmountLimiter), amount: number, limits: { key: string; limit: number; windowMs: number }[]) {
  if (!("spend" in limiter) || typeof limiter.spend !== "function") throw new TypeError("This rate limiter cannot count amounts (it has no spend).");
  const spent: typeof limits = [];
  for (const l of limits) {
    const r = await limiter.spend(l.key, amount, l.limit, l.windowMs);
    if (!r.ok) {
      for (const s of spent) await limiter.spend(s.key, -amount, s.limit, s.windowMs);
      return { ok: false as const, retryAfterS: r.retryAfterS, key: l.key };
    }
    spent.push(l);
  }
  return { ok: true as const, retryAfterS: 0 };
}

/** The process's rate limiter (a test gives its own); closing it closes its Redis connection. */
export const rateLimiter = defineService<Promise<RedisRateLimiter | MemoryRateLimiter>>("rate-limiter", () => connectRateLimiter(), {
  close: (limiter) => limiter.close?.(),
});

/** The process's limiter: Redis when REDIS_URL is set (in memory while it does not answer), else in memory. */
export async function leadRateLimiter(): Promise<RedisRateLimiter | MemoryRateLimiter> {
  return services().get(rateLimiter);
}

/** Where the process's limits are counted (for GET /api/health). */
export async function rateLimitMode(): Promise<RateLimitMode> {
  return (await leadRateLimiter()).mode();
}

/** Closes and forgets the process's limiter (tests; the next call reads REDIS_URL again). */
export function resetLeadRateLimiter(): Promise<void> {
  return services().forget(rateLimiter);
}
