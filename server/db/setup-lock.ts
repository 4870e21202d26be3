import "server-only";
import { sql } from "drizzle-orm";
import type { DbHandle } from "./open";

/** The advisory lock's key: any fixed number that nothing else in the database locks ("forecourt" in ASCII, as far as it fits). */
export const SETUP_LOCK_KEY = 7_021_785_170_923_441;

/**
 * Runs `fn` (migrate and seed, scripts/start.ts) while holding a PostgreSQL advisory lock, so instances
 * started together on one database do it one after the other: the first migrates and seeds, the others
 * then find nothing to do. The lock is held by a connection of its own (an advisory lock belongs to a
 * session, and the pool's connections come and go); it ends with that connection if the process dies.
 * PGlite belongs to one process: `fn` runs as it is.
 */
export async function withSetupLock<T>(handle: DbHandle, url: string | undefined, fn: () => Promise<T>): Promise<T> {
  if (handle.kind !== "postgresql" || !url) return fn();
  const { Client } = (await import("pg")).default;
  const client = new Client({ connectionString: url });
  client.on("error", () => undefined);
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [SETUP_LOCK_KEY]);
    return await fn();
  } finally {
    await client.query("select pg_advisory_unlock($1)", [SETUP_LOCK_KEY]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

/** How many migrations the database has recorded (drizzle's own table; 0 before the first). */
export async function appliedMigrations(handle: DbHandle): Promise<number> {
  try {
    const result = (await handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]?.n ?? 0);
  } catch {
    return 0; // no such table yet: nothing migrated
  }
}
