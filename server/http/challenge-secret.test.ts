// Instances on one PostgreSQL database without FORECOURT_SECRET share one secret (issue 32): a
// challenge or a reservation link made by one holds on the others. Two handles stand in for two processes.
import { afterAll, beforeAll, expect, it } from "vitest";
import { pgliteDatabase, postgresDatabase, type TestDatabase } from "../../tests/databases";
import { openDb, type DbHandle } from "../db";
import { shareSecret } from "./challenge-secret";

type Env = Record<string, string | undefined>;

let tdb: TestDatabase | null;
let one: DbHandle;
let two: DbHandle;
beforeAll(async () => {
  tdb = await postgresDatabase();
  if (!tdb) return;
  one = await openDb({ url: tdb.env.DATABASE_URL });
  two = await openDb({ url: tdb.env.DATABASE_URL });
});
afterAll(async () => {
  await one?.close();
  await two?.close();
  await tdb?.cleanup();
});

it("without FORECOURT_SECRET, every process on the database takes the one the first made; a set one, or PGlite, is left alone", async (c) => {
  if (!tdb) return c.skip();
  const first: Env = {};
  const second: Env = { FORECOURT_SECRET: " " };
  await Promise.all([shareSecret(one, first), shareSecret(two, second)]);
  expect(first.FORECOURT_SECRET).toMatch(/^[0-9a-f]{64}$/);
  expect(second.FORECOURT_SECRET).toBe(first.FORECOURT_SECRET);
  const later: Env = {};
  await shareSecret(two, later); // a process started later, or restarted
  expect(later.FORECOURT_SECRET).toBe(first.FORECOURT_SECRET);
  const configured: Env = { FORECOURT_SECRET: "set-by-the-operator" };
  await shareSecret(one, configured);
  expect(configured.FORECOURT_SECRET).toBe("set-by-the-operator");

  const lite = pgliteDatabase();
  const h = await lite.open();
  try {
    const alone: Env = {};
    await shareSecret(h, alone);
    expect(alone).toEqual({}); // one process: DATA_DIR/challenge-secret, as before
  } finally {
    await h.close();
    await lite.cleanup();
  }
});
