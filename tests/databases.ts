import { cpSync, existsSync, mkdtempSync, rmSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { database, migrate, openDb, type DbHandle } from "../server/db";
import { Services, useServices as setServices } from "../server/root/services";

/** Where the PostgreSQL tests run; a fresh database is created on this server per test file. */
export const TEST_PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface TestDatabase {
  name: "PGlite" | "PostgreSQL";
  /** For child processes: the DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL) of this database. */
  env: Record<string, string>;
  open(): Promise<DbHandle>;
  cleanup(): Promise<void>;
}

/** The migrated templates tests/global-setup.ts made (and the seeded one's name), or "" (then each database is migrated itself). */
export function template(key: "pgliteTemplate" | "postgresTemplate" | "postgresSeededTemplate"): string {
  try {
    return inject(key) ?? "";
  } catch {
    return ""; // not run by vitest, or without the global setup
  }
}

/**
 * Where the tests' PGlite folders go: memory (/dev/shm) when it has a gigabyte free, else the
 * system's temp folder. Each test file copies the 40 MB migrated template: measured with load 17–19
 * on 2 cores, a copy took 0.3–0.5 s in /dev/shm and 0.6–5.7 s on the disk, which every
 * process here shares. (A container's /dev/shm is often 64 MB: then the disk.)
 */
export function scratchDir(shm = "/dev/shm", statfs: (path: string) => { bavail: number; bsize: number } = statfsSync): string {
  try {
    const fs = statfs(shm);
    if (fs.bavail * fs.bsize >= 2 ** 30) return shm;
  } catch {
    // no /dev/shm (macOS, Windows)
  }
  return tmpdir();
}

/** A migrated PGlite in a temp folder (a copy of the run's migrated template, or of `from`, when there is one). */
export function pgliteDatabase(from = template("pgliteTemplate")): TestDatabase {
  const dataDir = mkdtempSync(join(scratchDir(), "forecourt-pglite-"));
  const dir = join(dataDir, "pglite");
  if (from && existsSync(from)) cpSync(from, dir, { recursive: true });
  return {
    name: "PGlite",
    env: { DATA_DIR: dataDir, DATABASE_URL: "" },
    async open() {
      const h = await openDb({ url: "", dir });
      await migrate(h);
      return h;
    },
    async cleanup() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** True where the environment says this is a CI run (CI set to anything but "", "0" or "false"; .ci/run sets CI=true). */
export const inCi = (env: Record<string, string | undefined> = process.env) => !!env.CI && env.CI !== "0" && env.CI.toLowerCase() !== "false";

/**
 * What to do when no PostgreSQL server answers at `url`: on a developer's machine the PostgreSQL tests
 * skip themselves (with the reason printed); in CI that is an error, so a run that tested only
 * PGlite cannot pass unnoticed.
 */
export function noPostgresServer(url: string, e: unknown, env: Record<string, string | undefined> = process.env): void {
  const why = `no PostgreSQL server answers at ${url} (${(e as Error)?.message ?? String(e)})`;
  if (inCi(env)) throw new Error(`PostgreSQL tests cannot run in CI: ${why}. Start one, or point TEST_DATABASE_URL at one.`);
  console.warn(`PostgreSQL tests skipped: ${why}`);
}

/**
 * A migrated, newly created database on the local PostgreSQL server (a clone of the run's migrated
 * template, or of `from`, when there is one); null (with the reason printed) when none answers, or
 * in CI an error (noPostgresServer).
 */
export async function postgresDatabase(server = TEST_PG_URL, from = template("postgresTemplate")): Promise<TestDatabase | null> {
  const admin = new pg.Client({ connectionString: server, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (e) {
    await admin.end().catch(() => undefined);
    noPostgresServer(server, e);
    return null;
  }
  const name = `forecourt_test_${process.pid}_${Date.now().toString(36)}`;
  try {
    await createDatabase(admin, name, from);
  } finally {
    await admin.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    name: "PostgreSQL",
    env: { DATABASE_URL: url.toString() },
    async open() {
      const h = await openDb({ url: url.toString() });
      await migrate(h);
      return h;
    },
    async cleanup() {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Both database kinds, for `describe.each(backends)`: a test file runs once on each. */
export const backends: [string, () => TestDatabase | Promise<TestDatabase | null>][] = [
  ["PGlite", pgliteDatabase],
  ["PostgreSQL", () => postgresDatabase()],
];

/** `create database`, from a template when given; retried while another clone of that template is being made. */
export async function createDatabase(admin: pg.Client, name: string, from: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(from ? `create database ${name} template ${from}` : `create database ${name}`);
      return;
    } catch (e) {
      // "source database … is being accessed by other users": two files cloning at the same moment.
      if (!from || (e as { code?: string }).code !== "55006" || attempt >= 20) throw e;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
    }
  }
}

/**
 * One backend's database for the enclosing describe block (`describe.each(backends)`) or file: made
 * and opened before its tests, closed and removed after them. `opened` receives the handle (keep it
 * in the block's `let h`) and may fill the database; `need(ctx)` skips a test when the backend is not
 * available. With `asService`, the handle is also the process's `database` service (what getDb()
 * returns in the server) until the block ends, when the previous services come back.
 */
export function withTestDatabase(
  make: () => TestDatabase | null | Promise<TestDatabase | null> = pgliteDatabase,
  opened: (h: DbHandle) => unknown = () => undefined,
  opts: { asService?: boolean } = {},
) {
  let tdb: TestDatabase | null = null;
  let handle: DbHandle | undefined;
  let previous: Services | undefined;
  const serve = (h: DbHandle) => {
    if (!opts.asService) return;
    const before = setServices(new Services().with(database, h));
    previous ??= before;
  };
  beforeAll(async () => {
    tdb = await make();
    if (!tdb) return;
    serve((handle = await tdb.open()));
    await opened(handle);
  });
  afterAll(async () => {
    if (previous) setServices(previous);
    await handle?.close();
    await tdb?.cleanup();
  });
  return {
    /** The database (its `env` for a child process), or null when the backend is not available. */
    get tdb() {
      return tdb;
    },
    need(ctx: { skip: () => void }) {
      if (!tdb) ctx.skip();
    },
    /** The open database (after `closedWhile`, the reopened one). */
    get handle() {
      return handle;
    },
    /** Runs `fn` with the database closed (a CLI or child process needs PGlite's files to itself), then reopens it. */
    async closedWhile<T>(fn: () => Promise<T>): Promise<T> {
      await handle?.close();
      handle = undefined;
      try {
        return await fn();
      } finally {
        serve((handle = await tdb!.open()));
      }
    },
  };
}

