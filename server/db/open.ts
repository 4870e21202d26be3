import "server-only";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  db: Db;
  /** "pglite" (embedded, a data folder) or "postgresql" (DATABASE_URL). */
  kind: "pglite" | "postgresql";
  /**
   * Calls `fn` with the payload of every NOTIFY on `channel`, from any connection or process. On
   * PostgreSQL a lost LISTEN connection is re-established (with back-off) and every channel listened
   * to again; NOTIFYs sent meanwhile are lost, which is what `onReconnect` is for.
   */
  listen(channel: string, fn: (payload: string) => void): Promise<void>;
  /**
   * Calls `fn` each time the LISTEN connection is back after being lost (PostgreSQL; PGlite never
   * loses it), with when it was lost: a cache drops (or re-reads) whatever it may have missed.
   * Returns a function that unsubscribes.
   */
  onReconnect(fn: (info: { lostAt: Date }) => void): () => void;
  /** The PostgreSQL pool's connections now (server/metrics); PGlite has no pool. */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/** The LISTEN connection's application_name in pg_stat_activity. */
export const LISTENER_NAME = "forecourt-listen";

/** Back-off of LISTEN reconnects: 0.5 s doubling to 30 s, each delay jittered to 50–100 %. */
export function reconnectDelayMs(attempt: number, random = Math.random, firstMs = 500): number {
  const ceiling = Math.min(30_000, firstMs * 2 ** Math.min(attempt, 10));
  return Math.round(ceiling * (0.5 + random() / 2));
}

export const migrationsFolder = () => resolve(/*turbopackIgnore: true*/ process.cwd(), "server/db/migrations");
export const dataDir = () => resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR || ".data");

export class DatabaseInUseError extends Error {}

/** Opens the database named by the environment: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export async function openDb(opts: { url?: string; dir?: string; /** first LISTEN reconnect delay (tests) */ reconnectFirstMs?: number } = {}): Promise<DbHandle> {
  const url = opts.url ?? process.env.DATABASE_URL;
  return url ? openPostgres(url, opts.reconnectFirstMs) : openPglite(opts.dir ?? join(dataDir(), "pglite"));
}

async function openPostgres(url: string, reconnectFirstMs = 500): Promise<DbHandle> {
  const { Pool, Client } = (await import("pg")).default;
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE || 10) });
  // A terminated connection emits 'error': the pool handles its idle clients' (and drops them); a
  // client checked out at that moment needs its own handler, or the process would crash.
  pool.on("error", () => undefined); // logged by the client's own handler below
  pool.on("connect", (client) => client.on("error", (e) => console.error("[db] a PostgreSQL connection failed:", e.message)));
  // An idle connection the server dropped (a restart, a failover, pg_terminate_backend) can be handed
  // out before the pool hears of it: a statement outside a transaction that fails for that reason runs
  // once more on a fresh connection of its own (the pool drops the dead one), instead of a 500.
  // Transactions take a client of their own (pool.connect) and are never retried.
  const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = async (...args: unknown[]) => {
    if (typeof args.at(-1) === "function") return poolQuery(...args); // the callback form: as pg does it
    try {
      return await poolQuery(...args);
    } catch (e) {
      if (!connectionDropped(e)) throw e;
      console.error("[db] a connection had been dropped by the server; the statement runs again on a fresh one:", (e as Error).message);
      const fresh = new Client({ connectionString: url });
      fresh.on("error", () => undefined);
      await fresh.connect();
      try {
        return await (fresh.query as (...a: unknown[]) => Promise<unknown>)(...args);
      } finally {
        await fresh.end().catch(() => undefined);
      }
    }
  };

  // LISTEN needs one long-lived connection of its own (not the pool's: it would hold a pool slot).
  const handlers = new Map<string, ((payload: string) => void)[]>();
  const reconnectHooks = new Set<(info: { lostAt: Date }) => void>();
  let listener: import("pg").Client | undefined;
  let closed = false;
  /** When the connection was lost (the next one calls the reconnect hooks), or null. */
  let lostAt: Date | null = null;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;
  // Connecting, LISTENing and reconnecting one at a time, so no channel is missed between them.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn);
    chain = next.catch(() => undefined);
    return next;
  };
  const quote = (channel: string) => `"${channel.replace(/"/g, "")}"`;
  const each = <A extends unknown[]>(fns: Iterable<(...a: A) => void>, ...args: A) => {
    for (const fn of fns) {
      try {
        fn(...args);
      } catch (e) {
        console.error("[db] a notification handler failed:", e);
      }
    }
  };

  async function connectListener() {
    // Named, so an operator (and the cluster test) can tell it in pg_stat_activity even before its first LISTEN.
    const client = new Client({ connectionString: url, application_name: LISTENER_NAME, keepAlive: true, connectionTimeoutMillis: 10_000 });
    client.on("error", (e) => lost(client, e));
    client.on("end", () => lost(client));
    client.on("notification", (n) => each(handlers.get(n.channel) ?? [], n.payload ?? ""));
    try {
      await client.connect();
      for (const channel of handlers.keys()) await client.query(`LISTEN ${quote(channel)}`);
    } catch (e) {
      client.end().catch(() => undefined);
      throw e;
    }
    return client;
  }

  async function establish() {
    const client = await connectListener();
    listener = client;
    attempt = 0;
    if (lostAt) {
      const info = { lostAt };
      lostAt = null;
      console.warn(`[db] the LISTEN connection is back (${handlers.size} channels); caches re-sync`);
      each(reconnectHooks, info);
    }
    return client;
  }

  function lost(client: import("pg").Client, e?: Error) {
    if (client !== listener || closed) return;
    listener = undefined;
    lostAt ??= new Date();
    client.end().catch(() => undefined);
    console.warn(`[db] the LISTEN connection was lost${e ? ` (${e.message})` : ""}; reconnecting`);
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (closed || retry) return;
    const delay = reconnectDelayMs(attempt++, Math.random, reconnectFirstMs);
    retry = setTimeout(() => {
      retry = undefined;
      serial(async () => {
        if (!closed && !listener) await establish();
      }).catch((e) => {
        console.warn(`[db] reconnecting LISTEN failed (${(e as Error).message}); trying again`);
        scheduleReconnect();
      });
    }, delay);
    retry.unref();
  }

  return {
    db: drizzle({ client: pool, schema }) as unknown as Db,
    kind: "postgresql",
    listen(channel, fn) {
      return serial(async () => {
        const client = listener ?? (await establish());
        if (!handlers.has(channel)) {
          await client.query(`LISTEN ${quote(channel)}`);
          handlers.set(channel, []);
        }
        handlers.get(channel)!.push(fn);
      });
    },
    onReconnect(fn) {
      reconnectHooks.add(fn);
      return () => reconnectHooks.delete(fn);
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => undefined);
      await pool.end();
    },
  };
}

/** SQLSTATEs and socket errors of a connection the server closed or that was lost before the statement ran. */
const DROPPED_CODES = new Set(["57P01", "57P02", "57P03", "08000", "08003", "08006", "ECONNRESET", "EPIPE"]);

/** Whether `e` says the statement's connection was gone (not that the statement itself failed). */
export function connectionDropped(e: unknown): boolean {
  const err = e as { code?: unknown; message?: unknown } | null;
  if (!err || typeof err !== "object") return false;
  if (typeof err.code === "string" && DROPPED_CODES.has(err.code)) return true;
  return typeof err.message === "string" && /^(Connection terminated|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)/.test(err.message);
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
      // One in-process database: its notifications are never lost.
      onReconnect: () => () => undefined,
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
