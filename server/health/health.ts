import { sql } from "drizzle-orm";
import { getDb } from "../db";
import { rateLimitMode } from "../http/rate-limit";
import { algoliaEnv } from "../search/algolia";
import { paymentsSetting } from "../payments/provider-for";
import { mediaBackend } from "../media/storage";

/**
 * What GET /api/health reports: the back-ends in use and whether the database answers. `rateLimits`
 * says where rate limits are counted: "redis", "memory" (no REDIS_URL), or "memory (redis
 * unreachable)" while REDIS_URL's Redis does not answer (the limiter's circuit breaker is open).
 * `payments` says which provider takes reserve-online deposits: "stripe", "test gateway" or
 * "none — reservations refused" (with `paymentsProblem` when a setting contradicts another); never a key.
 * `media` names where uploads and pictures are kept: "local folder" (DATA_DIR) or "s3" (S3_BUCKET); it
 * is not asked (Caddy asks for this report every second): a store that does not answer shows as 503s
 * on /media/** and in the logs.
 */
export async function healthReport() {
  // Pages search Algolia when its app id and search key are set (the embedded endpoint still answers).
  const search = algoliaEnv() ? "algolia" : "embedded";
  const media = mediaBackend();
  const rateLimits = await rateLimitMode();
  const setting = paymentsSetting();
  const payments = { payments: setting.label, ...(setting.problem ? { paymentsProblem: setting.problem } : {}) };
  try {
    const { db, kind } = await getDb();
    await db.execute(sql`select 1`);
    return { status: "ok" as const, database: kind, search, media, rateLimits, ...payments };
  } catch (e) {
    console.error("[health] database check failed:", e);
    return { status: "error" as const, database: process.env.DATABASE_URL ? "postgresql" : "pglite", search, media, rateLimits, ...payments, error: (e as Error).message };
  }
}
