/**
 * Fixed-window rate limits for POST /api/leads: per client IP and per site. In memory (one
 * process) by default; in Redis when REDIS_URL is set, so every server process shares the counts.
 * A Redis that does not answer does not block leads: the check is skipped with a logged warning
 * (a lost lead costs more than a burst of spam).
 */
export interface RateLimiter {
  /** Counts one hit on `key`; `ok` false when this hit is over `limit` for the current window. */
  hit(key: string, limit: number, windowMs: number): Promise<{ ok: boolean; retryAfterS: number }>;
  close?(): Promise<void>;
}

export const LEAD_LIMITS = {
  perIp: { limit: 10, windowMs: 60_000 },
  perSite: { limit: 300, windowMs: 60_000 },
};

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = Date.now();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, limit: number, windowMs: number) {
    const now = this.now();
    if (now - this.lastSweep > 60_000 || this.windows.size > 100_000) this.sweep(now);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count++;
    return { ok: w.count <= limit, retryAfterS: Math.max(1, Math.ceil((w.resetAt - now) / 1000)) };
  }

  private sweep(now: number) {
    this.lastSweep = now;
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}

// INCR, and on the window's first hit set its expiry; answers the count and the time left.
const SCRIPT = `local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local t = redis.call('PTTL', KEYS[1])
if t < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) t = tonumber(ARGV[1]) end
return {c, t}`;

export class RedisRateLimiter implements RateLimiter {
  private warned = 0;

  constructor(
    private readonly redis: import("ioredis").default,
    private readonly prefix = "forecourt:ratelimit:",
  ) {}

  static async connect(url: string, prefix?: string): Promise<RedisRateLimiter> {
    const { default: Redis } = await import("ioredis");
    const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false, connectTimeout: 2000 });
    redis.on("error", () => undefined); // reported per hit below
    return new RedisRateLimiter(redis, prefix);
  }

  async hit(key: string, limit: number, windowMs: number) {
    try {
      const [count, ttl] = (await this.redis.eval(SCRIPT, 1, this.prefix + key, String(windowMs))) as [number, number];
      return { ok: count <= limit, retryAfterS: Math.max(1, Math.ceil(ttl / 1000)) };
    } catch (e) {
      if (Date.now() - this.warned > 60_000) {
        this.warned = Date.now();
        console.warn(`[leads] rate limit skipped: Redis did not answer (${(e as Error).message})`);
      }
      return { ok: true, retryAfterS: 0 };
    }
  }

  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

const GLOBAL_KEY = Symbol.for("forecourt.leads.rateLimiter");
type Global = typeof globalThis & { [GLOBAL_KEY]?: Promise<RateLimiter> };

/** The process's limiter: Redis when REDIS_URL is set, else in memory. */
export function leadRateLimiter(): Promise<RateLimiter> {
  const g = globalThis as Global;
  const url = process.env.REDIS_URL?.trim();
  g[GLOBAL_KEY] ??= url ? RedisRateLimiter.connect(url) : Promise.resolve(new MemoryRateLimiter());
  return g[GLOBAL_KEY]!;
}

/** The client's address as the proxy in front reports it (X-Forwarded-For's first entry, or X-Real-IP). */
export function clientIp(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return (forwarded || headers.get("x-real-ip")?.trim() || "unknown").slice(0, 64);
}
