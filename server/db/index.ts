import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  db: Db;
  /** "pglite" (embedded, a data folder) or "postgresql" (DATABASE_URL). */
  kind: "pglite" | "postgresql";
  /** Calls `fn` with the payload of every NOTIFY on `channel`, from any connection or process. */
  listen(channel: string, fn: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = () => resolve(/*turbopackIgnore: true*/ process.cwd(), "server/db/migrations");
export const dataDir = () => resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR || ".data");

export class DatabaseInUseError extends Error {}

/** Opens the database named by the environment: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export async function openDb(opts: { url?: string; dir?: string } = {}): Promise<DbHandle> {
  const url = opts.url ?? process.env.DATABASE_URL;
  return url ? openPostgres(url) : openPglite(opts.dir ?? join(dataDir(), "pglite"));
}

async function openPostgres(url: string): Promise<DbHandle> {
  const { Pool } = (await import("pg")).default;
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE || 10) });
  pool.on("error", (e) => console.error("[db] idle PostgreSQL client failed:", e.message));
  let listener: import("pg").PoolClient | undefined;
  const handlers = new Map<string, ((payload: string) => void)[]>();
  return {
    db: drizzle({ client: pool, schema }) as unknown as Db,
    kind: "postgresql",
    async listen(channel, fn) {
      if (!listener) {
        listener = await pool.connect();
        listener.on("notification", (n) => handlers.get(n.channel)?.forEach((h) => h(n.payload ?? "")));
      }
      if (!handlers.has(channel)) {
        handlers.set(channel, []);
        await listener.query(`LISTEN "${channel.replace(/"/g, "")}"`);
      }
      handlers.get(channel)!.push(fn);
    },
    async close() {
      listener?.release();
      await pool.end();
    },
  };
}

async function openPglite(dir: string): Promise<DbHandle> {
  mkdirSync(dir, { recursive: true });
  const releaseLock = lockDataDir(dir);
  try {
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const client = await PGlite.create(dir);
    return {
      db: drizzle({ client, schema }) as unknown as Db,
      kind: "pglite",
      async listen(channel, fn) {
        await client.listen(channel, fn);
      },
      async close() {
        await client.close();
        releaseLock();
      },
    };
  } catch (e) {
    releaseLock();
    throw e;
  }
}

// PGlite is one process's database: a second process opening the same folder would corrupt it.
function lockDataDir(dir: string): () => void {
  const lock = join(dir, "forecourt.lock");
  try {
    const pid = Number(readFileSync(lock, "utf8"));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new DatabaseInUseError(
        `The embedded database in ${dir} is in use by process ${pid}. Stop that process first, or set DATABASE_URL to use PostgreSQL.`,
      );
    }
  } catch (e) {
    if (e instanceof DatabaseInUseError) throw e;
  }
  writeFileSync(lock, String(process.pid));
  return () => rmSync(lock, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Applies the drizzle-kit migrations in server/db/migrations. */
export async function migrate(handle: DbHandle): Promise<void> {
  if (handle.kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(handle.db as never, { migrationsFolder: migrationsFolder() });
  } else {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    await migrate(handle.db as never, { migrationsFolder: migrationsFolder() });
  }
}

const GLOBAL_KEY = Symbol.for("forecourt.db");
type Global = typeof globalThis & { [GLOBAL_KEY]?: Promise<DbHandle> };

/** The process's one database handle (shared across Next's route bundles through globalThis). */
export function getDb(): Promise<DbHandle> {
  const g = globalThis as Global;
  if (!g[GLOBAL_KEY]) {
    g[GLOBAL_KEY] = openDb().catch((e) => {
      delete g[GLOBAL_KEY];
      throw e;
    });
  }
  return g[GLOBAL_KEY]!;
}
