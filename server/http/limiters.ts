/**
 * The rate limiters (server/http/rate-limit.ts says what they count): in memory, or in Redis with a
 * fallback to memory while Redis does not answer. The process has one (server/root/services.ts).
 */

export interface RateLimiter {
  /** Counts one hit on `key`; `ok` false when this hit is over `limit` for the current window. */
  hit(key: string, limit: number, windowMs: number): Promise<{ ok: boolean; retryAfterS: number }>;
  close?(): Promise<void>;
}

/** Where the counts are kept right now, as GET /api/health reports it. */
export type RateLimitMode = "memory" | "redis" | "memory (redis unreachable)";

/**
 * A budget of an amount (bytes) rather than a count: both limiters below have it; a limiter without
 * it cannot count amounts (spendInOrder throws).
 */
export interface AmountLimiter {
  /**
   * Adds `amount` to `key`'s window when the total stays within `limit`; otherwise adds nothing and
   * answers ok false (so a refused upload spends nothing). A negative amount gives back (a refund),
   * never below 0, and is always ok.
   */
  spend(key: string, amount: number, limit: number, windowMs: number): Promise<{ ok: boolean; retryAfterS: number }>;
}

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

  /** See AmountLimiter.spend. */
  async spend(key: string, amount: number, limit: number, windowMs: number) {
    const now = this.now();
    if (now - this.lastSweep > 60_000 || this.windows.size > 100_000) this.sweep(now);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      if (amount <= 0) return { ok: true, retryAfterS: 0 }; // a refund to a window that is gone
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    const retryAfterS = Math.max(1, Math.ceil((w.resetAt - now) / 1000));
    if (amount > 0 && w.count + amount > limit) return { ok: false, retryAfterS };
    w.count = Math.max(0, w.count + amount);
    return { ok: true, retryAfterS };
  }

  mode(): RateLimitMode {
    return "memory";
  }

  /** Whether a Redis connection is ready: null, none was asked for (server/metrics). */
  redisConnected(): boolean | null {
    return null;
  }

  async close() {}

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

// AmountLimiter.spend: adds ARGV[2] (a refund when negative, never below 0) unless that would pass
// ARGV[3]; the window (ARGV[1] ms) starts with its first amount. Answers {1 added | 0 refused, ms left}.
const SPEND_SCRIPT = `local a = tonumber(ARGV[2])
local t = redis.call('PTTL', KEYS[1])
if a <= 0 then
  if t == -2 then return {1, 0} end
  local c = redis.call('INCRBY', KEYS[1], a)
  if c < 0 then redis.call('INCRBY', KEYS[1], -c) end
  return {1, t}
end
local c = tonumber(redis.call('GET', KEYS[1]) or '0')
if c + a > tonumber(ARGV[3]) then
  if t < 0 then t = tonumber(ARGV[1]) end
  return {0, t}
end
redis.call('INCRBY', KEYS[1], a)
if t < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) t = tonumber(ARGV[1]) end
return {1, t}`;

export interface RedisLimiterOptions {
  prefix?: string;
  /** How long to wait for a connection (ms). */
  connectTimeoutMs?: number;
  /** How long one command may take before the hit counts in memory instead (ms). */
  commandTimeoutMs?: number;
  /** After a failure, how long to count in memory before trying Redis again (ms). */
  breakerMs?: number;
}

export class RedisRateLimiter implements RateLimiter {
  private warned = 0;
  /** Until when hits count in memory (a failure opened the breaker). */
  private openUntil = 0;
  private readonly fallback = new MemoryRateLimiter();
  private readonly prefix: string;
  private readonly breakerMs: number;

  constructor(
    private readonly redis: import("ioredis").default,
    opts: RedisLimiterOptions = {},
  ) {
    this.prefix = opts.prefix ?? "forecourt:ratelimit:";
    this.breakerMs = opts.breakerMs ?? 30_000;
  }

  /** A limiter on `url`; waits at most the connect timeout for Redis to answer, and never throws. */
  static async connect(url: string, opts: RedisLimiterOptions | string = {}): Promise<RedisRateLimiter> {
    const o = typeof opts === "string" ? { prefix: opts } : opts;
    const { default: Redis } = await import("ioredis");
    const connectTimeout = o.connectTimeoutMs ?? 1000;
    const redis = new Redis(url, {
      connectTimeout,
      commandTimeout: o.commandTimeoutMs ?? 500,
      enableOfflineQueue: false, // a command while disconnected fails at once instead of waiting
      maxRetriesPerRequest: 0,
      // Reconnects in the background (the breaker decides when hits go back to Redis).
      retryStrategy: (times) => Math.min(250 * 2 ** Math.min(times, 5), 5000),
      lazyConnect: false,
    });
    redis.on("error", () => undefined); // reported per hit below
    const limiter = new RedisRateLimiter(redis, o);
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        redis.off("ready", done);
        redis.off("error", done);
        resolve();
      };
      const timer = setTimeout(done, connectTimeout + 100);
      redis.once("ready", done);
      redis.once("error", done);
    });
    if (redis.status !== "ready") limiter.trip(new Error(`Redis at ${redactUrl(url)} did not become ready (connection ${redis.status})`));
    return limiter;
  }

  async hit(key: string, limit: number, windowMs: number) {
    if (Date.now() < this.openUntil) return this.fallback.hit(key, limit, windowMs);
    try {
      if (this.redis.status !== "ready") throw new Error(`Redis connection is ${this.redis.status}`);
      const [count, ttl] = (await this.redis.eval(SCRIPT, 1, this.prefix + key, String(windowMs))) as [number, number];
      return { ok: count <= limit, retryAfterS: Math.max(1, Math.ceil(ttl / 1000)) };
    } catch (e) {
      this.trip(e as Error);
      return this.fallback.hit(key, limit, windowMs);
    }
  }

  /** See AmountLimiter.spend: in Redis (one script, so processes sharing it never overspend), in memory while it does not answer. */
  async spend(key: string, amount: number, limit: number, windowMs: number) {
    if (Date.now() < this.openUntil) return this.fallback.spend(key, amount, limit, windowMs);
    try {
      if (this.redis.status !== "ready") throw new Error(`Redis connection is ${this.redis.status}`);
      const [ok, ttl] = (await this.redis.eval(SPEND_SCRIPT, 1, this.prefix + key, String(windowMs), String(Math.trunc(amount)), String(limit))) as [number, number];
      return { ok: ok === 1, retryAfterS: Math.max(1, Math.ceil(ttl / 1000)) };
    } catch (e) {
      this.trip(e as Error);
      return this.fallback.spend(key, amount, limit, windowMs);
    }
  }

  /** "redis" while Redis answers; "memory (redis unreachable)" while the breaker is open or Redis is not connected. */
  mode(): RateLimitMode {
    return Date.now() < this.openUntil || this.redis.status !== "ready" ? "memory (redis unreachable)" : "redis";
  }

  /** Whether the connection is ready (server/metrics' forecourt_redis_connected). */
  redisConnected(): boolean {
    return this.redis.status === "ready";
  }

  private trip(e: Error) {
    this.openUntil = Date.now() + this.breakerMs;
    if (Date.now() - this.warned > 60_000) {
      this.warned = Date.now();
      console.warn(`[rate-limit] counting in memory for ${this.breakerMs / 1000} s: Redis did not answer (${e.message})`);
    }
  }

  async close() {
    if (this.redis.status === "ready") await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }
}

/** In memory because REDIS_URL could not even be used (not a URL). */
class UnusableRedisLimiter extends MemoryRateLimiter {
  override mode(): RateLimitMode {
    return "memory (redis unreachable)";
  }

  override redisConnected(): boolean {
    return false;
  }
}

const redactUrl = (url: string) => url.replace(/\/\/[^@/]*@/, "//***@");

/** A limiter for REDIS_URL (`url`): in Redis (in memory while it does not answer), else in memory. */
export function connectRateLimiter(url = process.env.REDIS_URL?.trim()): Promise<RedisRateLimiter | MemoryRateLimiter> {
  if (!url) return Promise.resolve(new MemoryRateLimiter());
  return RedisRateLimiter.connect(url).catch((e) => {
    // An unusable REDIS_URL must not cost leads: counted in memory, and said so in the health answer.
    console.error(`[rate-limit] REDIS_URL cannot be used (${(e as Error).message}); counting in memory`);
    return new UnusableRedisLimiter();
  });
}
