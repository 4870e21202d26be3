import { sql } from "drizzle-orm";
import { getDb } from "./db";
import { algoliaEnv } from "./search/algolia";

/** What GET /api/health reports: the back-ends in use and whether the database answers. */
export async function healthReport() {
  // Pages search Algolia when its app id and search key are set (the embedded endpoint still answers).
  const search = algoliaEnv() ? "algolia" : "embedded";
  try {
    const { db, kind } = await getDb();
    await db.execute(sql`select 1`);
    return { status: "ok" as const, database: kind, search };
  } catch (e) {
    console.error("[health] database check failed:", e);
    return { status: "error" as const, database: process.env.DATABASE_URL ? "postgresql" : "pglite", search, error: (e as Error).message };
  }
}
