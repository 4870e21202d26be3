/**
 * Databases holding the demo seed (server/seed.ts: the six demo tenants, their dealerships and about
 * 1,500 vehicles), for tests that read the seeded demo rather than test the seed. Seeding takes tens of
 * seconds on a busy machine, so it runs once per database kind per vitest run, by the first test file
 * that asks for it, into a seeded template beside the migrated ones (tests/global-setup.ts); each test
 * database is then a copy of that template, as tests/databases.ts copies the migrated ones. Files that
 * ask at the same moment wait for the one seeding. A test of the seed itself seeds a migrated database
 * (server/inventory/store.test.ts's "demo seeding" does, on both kinds).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import pg from "pg";
import { openDb, type DbHandle } from "../server/db";
import { seedDemoTenants } from "../server/demo/seed";
import { createDatabase, pgliteDatabase, postgresDatabase, template, TEST_PG_URL, type TestDatabase } from "./databases";

/** Seeds `h` unless it holds tenants already (seedDemoTenants does nothing then). */
const seed = async (h: DbHandle) => {
  await seedDemoTenants(h);
};

/**
 * Makes `target` once per run (`build` fills the empty folder it is given, which then becomes
 * `target`): the first caller takes the lock folder and builds, others wait until `target/ready`
 * exists (or the builder's error is in `target.failed`).
 */
export async function once(target: string, build: (into: string) => Promise<void>): Promise<void> {
  const ready = join(target, "ready");
  const failed = `${target}.failed`;
  let mine = false;
  try {
    mkdirSync(`${target}.lock`);
    mine = true;
  } catch {
    // another test file is seeding it
  }
  if (mine) {
    const building = `${target}.building`;
    try {
      rmSync(building, { recursive: true, force: true });
      mkdirSync(building);
      await build(building);
      writeFileSync(join(building, "ready"), "");
      renameSync(building, target);
    } catch (e) {
      writeFileSync(failed, String((e as Error)?.stack ?? e));
      throw e;
    }
    return;
  }
  for (const started = Date.now(); !existsSync(ready); ) {
    if (existsSync(failed)) throw new Error(`seeding the template failed in another test file: ${readFileSync(failed, "utf8")}`);
    if (Date.now() - started > 300_000) throw new Error(`no seeded template in ${target} after 5 minutes`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The run's seeded PGlite folder (made from the migrated template on first use), or "" outside the global setup. */
async function seededPgliteTemplate(): Promise<string> {
  const migrated = template("pgliteTemplate");
  if (!migrated) return "";
  const target = join(dirname(migrated), "pglite-seeded");
  await once(target, async (into) => {
    const tdb = pgliteDatabase(migrated);
    try {
      const h = await tdb.open();
      try {
        await seed(h);
      } finally {
        await h.close();
      }
      renameSync(join(tdb.env.DATA_DIR, "pglite"), join(into, "pglite"));
    } finally {
      await tdb.cleanup();
    }
  });
  return join(target, "pglite");
}

/** The run's seeded PostgreSQL template (cloned from the migrated one on first use), or "" without one. */
async function seededPostgresTemplate(server = TEST_PG_URL): Promise<string> {
  const [migrated, name] = [template("postgresTemplate"), template("postgresSeededTemplate")];
  if (!migrated || !name) return "";
  await once(join(dirname(template("pgliteTemplate")), "postgres-seeded"), async () => {
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    try {
      await createDatabase(admin, name, migrated);
    } finally {
      await admin.end();
    }
    const url = new URL(server);
    url.pathname = `/${name}`;
    const h = await openDb({ url: url.toString() });
    try {
      await seed(h);
    } finally {
      await h.close();
    }
  });
  return name;
}

/** Its database opens seeded: a copy of the seeded template, or (without one) seeded as it opens. */
const seededOnOpen = (tdb: TestDatabase | null): TestDatabase | null =>
  tdb && {
    ...tdb,
    async open() {
      const h = await tdb.open();
      await seed(h);
      return h;
    },
  };

/** A PGlite holding the demo seed. */
export const seededPgliteDatabase = async () => seededOnOpen(pgliteDatabase(await seededPgliteTemplate()));

/** A PostgreSQL database holding the demo seed; null (or in CI an error) when no server answers, as postgresDatabase. */
export async function seededPostgresDatabase(server = TEST_PG_URL): Promise<TestDatabase | null> {
  const from = template("postgresTemplate") ? await seededPostgresTemplate(server) : "";
  return seededOnOpen(await postgresDatabase(server, from || undefined));
}

/** Both database kinds holding the demo seed, for `describe.each(seededBackends)`. */
export const seededBackends: [string, () => Promise<TestDatabase | null>][] = [
  ["PGlite", seededPgliteDatabase],
  ["PostgreSQL", () => seededPostgresDatabase()],
];
