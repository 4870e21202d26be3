/**
 * vitest globalSetup: migrates one template database of each kind once per run, so that each test
 * file copies a migrated database (tests/databases.ts) instead of running every migration again.
 *   PGlite:     a migrated data folder, copied per test database.
 *   PostgreSQL: a migrated database, cloned with `create database … template …`.
 * The seeded templates (the demo seed, tests/seeded-databases.ts) are made beside them by the first
 * test file that needs one: in this folder for PGlite, under the name provided here for PostgreSQL.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrate, openDb } from "../server/db";
import { noPostgresServer, scratchDir, TEST_PG_URL } from "./databases";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite data folder to copy, or "" when there is none. */
    pgliteTemplate: string;
    /** A migrated database on TEST_PG_URL's server to clone, or "" when no server answers (outside CI). */
    postgresTemplate: string;
    /** The name tests/seeded-databases.ts gives the seeded clone of postgresTemplate, or "". */
    postgresSeededTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const root = mkdtempSync(join(scratchDir(), "forecourt-pglite-template-"));
  const pgliteDir = join(root, "pglite");
  const lite = await openDb({ url: "", dir: pgliteDir });
  await migrate(lite);
  await lite.close();
  project.provide("pgliteTemplate", pgliteDir);

  const name = `forecourt_template_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL, connectionTimeoutMillis: 3000 });
  let postgres = "";
  let connected = false;
  try {
    await admin.connect();
    connected = true;
  } catch (e) {
    // No server: the PostgreSQL tests skip themselves, except in CI, where this stops the run.
    await admin.end().catch(() => undefined);
    noPostgresServer(TEST_PG_URL, e);
  }
  if (connected) {
    try {
      await admin.query(`create database ${name}`);
      postgres = name;
    } finally {
      await admin.end().catch(() => undefined);
    }
  }
  if (postgres) {
    const url = new URL(TEST_PG_URL);
    url.pathname = `/${name}`;
    const h = await openDb({ url: url.toString() });
    await migrate(h);
    await h.close();
  }
  project.provide("postgresTemplate", postgres);
  const seeded = postgres && `${postgres}_seeded`;
  project.provide("postgresSeededTemplate", seeded);

  return async () => {
    rmSync(root, { recursive: true, force: true });
    if (!postgres) return;
    const c = new pg.Client({ connectionString: TEST_PG_URL });
    await c.connect();
    await c.query(`drop database if exists ${seeded} with (force)`);
    await c.query(`drop database if exists ${postgres} with (force)`);
    await c.end();
  };
}
