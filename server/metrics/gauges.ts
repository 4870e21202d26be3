/**
 * The gauges read at scrape time (server/metrics/index.ts): each is set afresh by its collect
 * function when Prometheus asks. The outbox's are two small indexed queries (lead_deliveries_due:
 * status, next_attempt_at); the pool's and Redis's are read from memory. A gauge that cannot be read
 * (the database is down) is left empty for that scrape, and the scrape still answers.
 */
import { sql } from "drizzle-orm";
import type { Gauge } from "prom-client";
import { getDb } from "../db";
import { leadRateLimiter } from "../http/rate-limit";
import { log } from "../log";

/** How long a gauge may take to read before the scrape goes on without it. */
export const GAUGE_TIMEOUT_MS = 2_000;
let warnedAt = 0;

/** `collect` that never fails the scrape: an error or a read over GAUGE_TIMEOUT_MS leaves the gauge empty (said at most once a minute). */
export function guarded<G extends { reset(): void }>(collect: (this: G) => Promise<void>): (this: G) => Promise<void> {
  return async function (this: G) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`not read within ${GAUGE_TIMEOUT_MS} ms`)), GAUGE_TIMEOUT_MS);
    });
    try {
      await Promise.race([collect.call(this), late]);
    } catch (e) {
      this.reset();
      if (Date.now() - warnedAt > 60_000) {
        warnedAt = Date.now();
        log().warn(`[metrics] ${collect.name} failed: ${(e as Error).message}`);
      }
    } finally {
      clearTimeout(timer);
    }
  };
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

/** forecourt_outbox_deliveries{status="pending"|"dead"}. */
export async function collectOutboxDeliveries(this: Gauge<"status">): Promise<void> {
  this.reset();
  const { db } = await getDb();
  const rows = rowsOf<{ status: string; n: number | string }>(
    await db.execute(sql`select status, count(*) as n from lead_deliveries where status in ('pending', 'dead') group by status`),
  );
  for (const status of ["pending", "dead"]) this.set({ status }, Number(rows.find((r) => r.status === status)?.n ?? 0));
}

/** forecourt_outbox_overdue_seconds: now minus the earliest next_attempt_at of a pending row that is due. */
export async function collectOutboxOverdue(this: Gauge): Promise<void> {
  this.reset();
  const { db } = await getDb();
  const [row] = rowsOf<{ s: number | string | null }>(
    await db.execute(sql`select extract(epoch from now() - min(next_attempt_at)) as s from lead_deliveries where status = 'pending' and next_attempt_at <= now()`),
  );
  this.set(Math.max(0, Number(row?.s ?? 0)));
}

/** forecourt_db_pool_connections{state="total"|"idle"|"waiting"} (PostgreSQL only). */
export async function collectPool(this: Gauge<"state">): Promise<void> {
  this.reset();
  const stats = (await getDb()).poolStats?.();
  if (stats) for (const [state, n] of Object.entries(stats)) this.set({ state }, n);
}

/** forecourt_redis_connected: 1 or 0 while REDIS_URL is set; absent without it. */
export async function collectRedis(this: Gauge): Promise<void> {
  this.reset();
  const connected = (await leadRateLimiter()).redisConnected();
  if (connected !== null) this.set(connected ? 1 : 0);
}
