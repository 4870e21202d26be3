// Item 7 of issue 12: after PostgreSQL terminates the app's connections, LISTEN comes back and the caches re-sync.
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedVehicle } from "../../tests/fixtures/vehicle";
import { postgresDatabase, type TestDatabase } from "../../tests/databases";
import { inventoryTenant } from "../../tests/fixtures/tenant";
import { listenForVehicleChanges, onVehiclesChanged } from "../inventory/changes";
import { deleteVehicles, upsertVehicles } from "../inventory/store";
import { loadSearchRecords } from "../inventory/records";
import { getVehicleIndex } from "../search/vehicle-index";
import { liveTenant } from "../tenants/live";
import { createTenant, publish, saveDraft } from "../tenants/store";
import { Services, useServices } from "../root/services";
import { database } from "./index";
import { connectionDropped, migrate, openDb, reconnectDelayMs, type DbHandle } from "./index";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// The first reconnect waits 1.5–3 s here, so the test can act while the listener is away.
const FIRST_RETRY_MS = 3000;

it("backs off from 0.5 s, doubling to 30 s, with jitter", () => {
  expect(reconnectDelayMs(0, () => 1)).toBe(500);
  expect(reconnectDelayMs(0, () => 0)).toBe(250);
  expect(reconnectDelayMs(1, () => 1)).toBe(1000);
  expect(reconnectDelayMs(5, () => 1)).toBe(16_000);
  expect(reconnectDelayMs(6, () => 1)).toBe(30_000);
  expect(reconnectDelayMs(50, () => 0.5)).toBe(22_500);
});

describe("PostgreSQL connections terminated by the server", () => {
  let tdb: TestDatabase | null;
  let h: DbHandle;
  let other: DbHandle; // another server process on the same database
  let previous: Services | undefined;
  let admin: pg.Client;
  beforeAll(async () => {
    tdb = await postgresDatabase();
    if (!tdb) return;
    h = await openDb({ url: tdb.env.DATABASE_URL, reconnectFirstMs: FIRST_RETRY_MS });
    await migrate(h);
    other = await openDb({ url: tdb.env.DATABASE_URL });
    previous = useServices(new Services().with(database, h));
    admin = new pg.Client({ connectionString: tdb.env.DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    if (previous) useServices(previous);
    await admin?.end();
    await other?.close();
    await h?.close();
    await tdb?.cleanup();
  });

  /** The brief's statement: every connection to this database but the admin's own. */
  const terminateAll = async () =>
    (await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()")).rowCount;

  it("re-LISTENs every channel, calls the re-sync hooks, and the live tenant cache serves a publish made while disconnected", async (c) => {
    if (!tdb) return c.skip();
    await createTenant(h.db, inventoryTenant("alpha", "Alpha Motors"), "seed");
    await publish(h, "alpha", { actor: "seed" });
    await upsertVehicles(h.db, [feedVehicle("r1", { dealership_id: 1, location_id: 10 }), feedVehicle("r2", { dealership_id: 1, location_id: 10 })]);
    expect((await liveTenant("alpha"))?.document.identity.name).toBe("Alpha Motors"); // cached, listening for publishes
    const index = await getVehicleIndex(loadSearchRecords);
    expect(index.size).toBe(2);

    const heard: string[] = [];
    await h.listen("forecourt_test_reconnect", (p) => heard.push(p));
    const hooks: Date[] = [];
    h.onReconnect(({ lostAt }) => hooks.push(lostAt));
    const changed: string[] = [];
    const deleted: string[] = [];
    const off = onVehiclesChanged((ids, kind) => (kind === "delete" ? deleted : changed).push(...ids));
    await listenForVehicleChanges(h);
    await other.db.execute(sql`select pg_notify('forecourt_test_reconnect', 'before')`);
    await expect.poll(() => heard).toEqual(["before"]);

    // A transaction holds a pool client when its connection is terminated: the transaction fails,
    // the process does not (an unhandled 'error' event would crash it).
    const cut = Date.now();
    await expect(
      h.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        expect(await terminateAll()).toBeGreaterThanOrEqual(2); // at least the listener and this client
        await sleep(200);
        await tx.execute(sql`select 1`);
      }),
    ).rejects.toThrow();

    // While the listener is away: another process publishes and writes a car; this one hears neither.
    const renamed = inventoryTenant("alpha", "Alpha Motors Renamed");
    await saveDraft(other.db, "alpha", renamed, { actor: "staff" });
    await publish(other, "alpha", { actor: "staff" });
    await other.db.execute(sql`update vehicles set price = price + 1, updated_at = now() where id = 'r1'`);
    const mine = useServices(new Services().with(database, other)); // the other process deletes a car, through its own services
    try {
      expect(await deleteVehicles(other.db, ["r2"])).toEqual(["r2"]);
    } finally {
      useServices(mine);
    }
    await other.db.execute(sql`select pg_notify('forecourt_test_reconnect', 'missed')`);
    expect(Date.now() - cut).toBeLessThan(FIRST_RETRY_MS / 2); // still inside the gap
    expect(hooks).toEqual([]);
    expect((await liveTenant("alpha"))?.document.identity.name).toBe("Alpha Motors"); // the publish was not heard
    expect([changed, deleted, index.size]).toEqual([[], [], 2]);
    // The pool's connections were terminated too: it makes new ones.
    expect(((await h.db.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] }).rows).toEqual([{ one: 1 }]);

    // The listener comes back by itself: the hooks fire, and the caches re-read what they missed.
    await expect.poll(() => hooks.length, { timeout: 20_000, interval: 100 }).toBe(1);
    expect(hooks[0].getTime()).toBeGreaterThanOrEqual(cut - 1000);
    expect((await liveTenant("alpha"))?.document.identity.name).toBe("Alpha Motors Renamed");
    await expect.poll(() => changed).toEqual(["r1"]);
    // The deletion was not heard either: its id kept in vehicle_deletions is announced, and the index drops the car.
    expect(deleted).toEqual(["r2"]);
    await expect.poll(() => index.size).toBe(1);
    expect(heard).toEqual(["before"]);

    // Every channel is listened to again.
    await other.db.execute(sql`select pg_notify('forecourt_test_reconnect', 'after')`);
    await expect.poll(() => heard).toEqual(["before", "after"]);
    await saveDraft(other.db, "alpha", inventoryTenant("alpha", "Alpha Motors Third"), { actor: "staff" });
    await publish(other, "alpha", { actor: "staff" });
    await expect.poll(async () => (await liveTenant("alpha"))?.document.identity.name, { timeout: 5000 }).toBe("Alpha Motors Third");

    // And again: the back-off starts from the beginning after a success.
    await terminateAll();
    await expect.poll(() => hooks.length, { timeout: 20_000, interval: 100 }).toBe(2);
    await other.db.execute(sql`select pg_notify('forecourt_test_reconnect', 'again')`);
    await expect.poll(() => heard).toEqual(["before", "after", "again"]);
    off();
  }, 60_000);

  it("retries a statement once on a fresh connection when the pool's connection was dropped by the server", async (c) => {
    if (!tdb) return c.skip();
    const one = async () => ((await h.db.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] }).rows;
    for (let round = 0; round < 3; round++) {
      // The pool holds idle connections; the server terminates them all; requests come at once,
      // before the pool has heard (each would have been a 500).
      await Promise.all(Array.from({ length: 8 }, () => h.db.execute(sql`select pg_sleep(0.02)`)));
      await terminateAll();
      const answers = await Promise.allSettled(Array.from({ length: 8 }, one));
      expect(answers.map((a) => (a.status === "fulfilled" ? a.value : String(a.reason)))).toEqual(Array(8).fill([{ one: 1 }]));
    }
    // A statement that fails for its own reasons is not retried.
    const error = (await h.db.execute(sql`select 1/0`).catch((e: unknown) => e)) as Error & { cause?: unknown };
    expect(error.cause).toMatchObject({ code: "22012", message: "division by zero" });
    expect(connectionDropped(error.cause)).toBe(false);
    expect(connectionDropped(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }))).toBe(true);
  }, 30_000);
});
