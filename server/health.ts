import { sql } from "drizzle-orm";
import { getDb } from "./db";
import { rateLimitMode } from "./leads/rate-limit";
import { algoliaEnv } from "./search/algolia";

/**
 * What GET /api/health reports: the back-ends in use and whether the database answers. `rateLimits`
 * says where rate limits are counted: "redis", "memory" (no REDIS_URL), or "memory (redis
 * unreachable)" while REDIS_URL's Redis does not answer (the limiter's circuit breaker is open).
 */
export async function healthReport() {
  // Pages search Algolia when its app id and search key are set (the embedded endpoint still answers).
  const search = algoliaEnv() ? "algolia" : "embedded";
  const rateLimits = await rateLimitMode();
  try {
    const { db, kind } = await getDb();
    await db.execute(sql`select 1`);
    return { status: "ok" as const, database: kind, search, rateLimits };
  } catch (e) {
    console.error("[health] database check failed:", e);
    return { status: "error" as const, database: process.env.DATABASE_URL ? "postgresql" : "pglite", search, rateLimits, error: (e as Error).message };
  }
}
