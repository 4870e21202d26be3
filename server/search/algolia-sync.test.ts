import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { algoliasearch } from "algoliasearch";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DELETE, PUT } from "../../app/api/feed/vehicles/[id]/route";
import type { SearchRecord } from "../../domain/search-record";
import { pgliteDatabase, type TestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { createApiKey } from "../inventory/keys";
import { loadSearchRecords, searchRecordsFor } from "../inventory/records";
import { getVehicle, upsertVehicle } from "../inventory/store";
import { seedDemoTenants } from "../demo/seed";
import { Services, useServices } from "../root/services";
import { database } from "../db";
import { createAlgoliaSync, startAlgoliaSync, stopAlgoliaSync, subscribeAlgoliaSync, SYNC_DELAY_MS, type AlgoliaSync } from "./algolia";

/**
 * Feed writes reach Algolia: the HTTP feed's own route handlers write to a seeded PGlite database
 * and a local HTTP server posing as Algolia records what the sync sends. Nothing reaches the internet.
 */

interface Call {
  at: number;
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: { requests: { action: string; body: Record<string, unknown> }[] };
}

// The route handlers (and startAlgoliaSync) take the process's database from getDb(); point it at the test database.

let server: Server;
let tdb: TestDatabase;
let h: DbHandle;
let saved: Services;
const calls: Call[] = [];
/** Statuses the fake answers batch requests with, first come first served; 200 once empty. */
const failures: number[] = [];
let taskID = 0;
let dealershipId: number;
let feedKey: string;
/** Listed, in-stock vehicles of that dealership, in id order; each test takes its own. */
let stock: string[];
let sync: AlgoliaSync | null = null;

const client = () =>
  algoliasearch("TESTAPP", "admin-key-4567", {
    hosts: [{ url: `127.0.0.1:${(server.address() as AddressInfo).port}`, protocol: "http", accept: "readWrite" }],
  });

const request = (method: string, id: string, body?: unknown) =>
  new Request(`http://localhost/api/feed/vehicles/${encodeURIComponent(id)}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${feedKey}` },
    body: body === undefined ? null : JSON.stringify(body),
  });
const params = (id: string) => ({ params: Promise.resolve({ id }) });
/** PUT /api/feed/vehicles/{id} with the stored vehicle at a new price. */
async function putPrice(id: string, price: number) {
  const v = (await getVehicle(h.db, id))!;
  return PUT(request("PUT", id, { ...v, price }), params(id));
}
const del = (id: string) => DELETE(request("DELETE", id), params(id));

const take = (n: number) => stock.splice(0, n);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits real time while setTimeout is faked. */
const sleepReal = (ms: number) =>
  new Promise<void>((r) => {
    const end = Date.now() + ms;
    const spin = () => (Date.now() >= end ? r() : setImmediate(spin));
    spin();
  });
async function until(what: string, ok: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}
const json = <T>(v: T): T => JSON.parse(JSON.stringify(v));

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const path = new URL(req.url!, "http://127.0.0.1").pathname;
    const body = text ? JSON.parse(text) : undefined;
    calls.push({ at: Date.now(), method: req.method!, path, headers: req.headers, body });
    const reply = (status: number, data: unknown) => {
      // No keep-alive: a socket this server closes idle (Node's 5 s) while the client reuses it is a
      // reset, whose retry waits on a timer these tests fake (it hung a slow CI run).
      res.writeHead(status, { "content-type": "application/json", connection: "close" });
      res.end(JSON.stringify(data));
    };
    if (req.method === "POST" && /^\/1\/indexes\/[^/]+\/batch$/.test(path)) {
      const status = failures.shift();
      if (status) return reply(status, { message: "Internal error (the fake's)", status });
      return reply(200, { taskID: ++taskID, objectIDs: body.requests.map((r: { body: { objectID: string } }) => r.body.objectID) });
    }
    reply(404, { message: `no route ${req.method} ${path}`, status: 404 });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  tdb = pgliteDatabase();
  h = await tdb.open();
  await seedDemoTenants(h);
  saved = useServices(new Services().with(database, h));

  // The dealership with the most listed cars in stock, and a feed key of its own.
  const byDealership = new Map<number, string[]>();
  for (const r of await loadSearchRecords(h.db)) {
    if (r.status === "in_stock") byDealership.set(r.dealership_id, [...(byDealership.get(r.dealership_id) ?? []), r.objectID]);
  }
  [dealershipId, stock] = [...byDealership.entries()].sort((a, b) => b[1].length - a[1].length)[0];
  stock.sort();
  expect(stock.length).toBeGreaterThan(60);
  feedKey = (await createApiKey(h.db, dealershipId, "algolia sync test")).key;
});

afterEach(async () => {
  sync?.stop();
  await sync?.flush();
  sync = null;
  await stopAlgoliaSync();
  calls.length = 0;
  failures.length = 0;
});

afterAll(async () => {
  useServices(saved);
  server.close();
  await h.close();
  await tdb.cleanup();
});

describe("feed writes reach Algolia", () => {
  it("sends one batch: the changed vehicle's new search record, and a delete of the removed one", async () => {
    sync = subscribeAlgoliaSync(client(), h);
    const [changed, removed] = take(2);
    const before = (await getVehicle(h.db, changed))!.price;
    expect((await putPrice(changed, before + 1234)).status).toBe(200);
    expect((await del(removed)).status).toBe(200);

    await until("a batch", () => calls.length > 0);
    await sync.flush(); // everything queued so far is sent: nothing else follows
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call.method).toBe("POST");
    expect(call.path).toBe("/1/indexes/vehicles/batch");
    expect(call.headers["x-algolia-application-id"]).toBe("TESTAPP");
    expect(call.headers["x-algolia-api-key"]).toBe("admin-key-4567");

    const { records, removed: gone } = await searchRecordsFor(h.db, [changed, removed]);
    expect(records).toHaveLength(1);
    expect(gone).toEqual([removed]);
    const record: SearchRecord = records[0];
    expect(record.price).toBe(before + 1234);
    expect(call.body).toEqual({
      requests: [
        { action: "updateObject", body: json(record) },
        { action: "deleteObject", body: { objectID: removed } },
      ],
    });
  });

  it("turns a burst of 50 feed writes within the window into one request", async () => {
    // Fifty PUTs take longer than the window on PGlite: the window's clock is faked so that they
    // all arrive within it, as they would from a faster writer.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      sync = subscribeAlgoliaSync(client(), h);
      const ids = take(50);
      const prices = new Map(await Promise.all(ids.map(async (id) => [id, (await getVehicle(h.db, id))!.price + 500] as const)));
      const responses = await Promise.all(ids.map((id) => putPrice(id, prices.get(id)!)));
      expect(responses.map((r) => r.status)).toEqual(ids.map(() => 200));
      vi.advanceTimersByTime(SYNC_DELAY_MS - 1);
      await sleepReal(100);
      expect(calls).toEqual([]); // nothing before the window closes

      vi.advanceTimersByTime(1);
      await sync.flush();
      expect(calls).toHaveLength(1);
      const requests = calls[0].body.requests;
      expect(requests).toHaveLength(50);
      expect(requests.every((r) => r.action === "updateObject")).toBe(true);
      expect(requests.map((r) => r.body.objectID).sort()).toEqual(ids);
      for (const r of requests) expect(r.body.price).toBe(prices.get(r.body.objectID as string));

      // A write after the window goes in the next request, on its own.
      expect((await putPrice(ids[0], 99999)).status).toBe(200);
      vi.advanceTimersByTime(SYNC_DELAY_MS);
      await sync.flush();
      expect(calls).toHaveLength(2);
      expect(calls[1].body.requests.map((r) => [r.body.objectID, r.body.price])).toEqual([[ids[0], 99999]]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("sends a large change set in batches of batchSize, one after another", async () => {
    const ids = take(5);
    const s = createAlgoliaSync(client(), h.db, { batchSize: 2 });
    s.queue(ids);
    await s.flush();
    expect(calls.map((c) => c.body.requests.map((r) => r.body.objectID))).toEqual([ids.slice(0, 2), ids.slice(2, 4), ids.slice(4)]);
  });

  it("retries a batch Algolia answers 500 once after a back-off, then logs and gives up without throwing", async () => {
    const log = { error: vi.fn() };
    sync = subscribeAlgoliaSync(client(), h, { retryDelayMs: 50, log });
    failures.push(500, 500);
    const [id] = take(1);
    const response = await putPrice(id, 12345);
    expect(response.status).toBe(200); // the feed write is not held up or failed by Algolia

    await until("the retry", () => calls.length >= 2);
    await sync.flush(); // the retry was the last attempt: nothing follows
    expect(calls).toHaveLength(2);
    expect(calls[1].at - calls[0].at).toBeGreaterThanOrEqual(45);
    expect(calls[1].body).toEqual(calls[0].body);
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(log.error.mock.calls[0][0]).toBe(
      '[search] Algolia update of 1 vehicle failed (Algolia answered HTTP 500: {"message":"Internal error (the fake\'s)","status":500}); retrying in 50 ms.',
    );
    expect(log.error.mock.calls[1][0]).toMatch(/^\[search\] Algolia update of 1 vehicle failed again \(Algolia answered HTTP 500: .*\); gave up\./);
    expect(log.error.mock.calls[1][0]).toContain(`until they change again or \`npm run search:push\` runs: ${id}`);

    // The sync carries on: the next change goes out as usual.
    expect((await putPrice(id, 12346)).status).toBe(200);
    await until("the next batch", () => calls.length === 3);
    expect(calls[2].body.requests[0].body.price).toBe(12346);
  });

  it("logs once when the retry succeeds", async () => {
    const log = { error: vi.fn() };
    sync = subscribeAlgoliaSync(client(), h, { retryDelayMs: 20, log });
    failures.push(500);
    const [id] = take(1);
    expect((await putPrice(id, 23456)).status).toBe(200);
    await until("the retry", () => calls.length >= 2);
    await sync.flush();
    expect(calls).toHaveLength(2);
    expect(calls[1].body.requests[0]).toMatchObject({ action: "updateObject", body: { objectID: id, price: 23456 } });
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0][0]).toContain("retrying in 20 ms");
  });

  it("does not throw into a write when Algolia cannot be reached at all", async () => {
    const log = { error: vi.fn() };
    const unreachable = algoliasearch("TESTAPP", "admin-key-4567", { hosts: [{ url: "127.0.0.1:9", protocol: "http", accept: "readWrite" }] });
    sync = subscribeAlgoliaSync(unreachable, h, { retryDelayMs: 10, log });
    const [id] = take(1);
    expect((await putPrice(id, 34567)).status).toBe(200);
    await until("the failure and the failed retry", () => log.error.mock.calls.length >= 2, 10_000);
    await sync.flush();
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(log.error.mock.calls[1][0]).toMatch(/failed again \(Algolia could not be reached.*\); gave up/);
  });
});

describe("startAlgoliaSync", () => {
  it("does nothing without ALGOLIA_APP_ID and ALGOLIA_ADMIN_KEY", async () => {
    expect(await startAlgoliaSync({ env: { ALGOLIA_APP_ID: "TESTAPP", ALGOLIA_SEARCH_KEY: "search-key-0123" }, client: client() })).toBeNull();
    const [id] = take(1);
    expect((await del(id)).status).toBe(200);
    await sleep(SYNC_DELAY_MS + 100);
    expect(calls).toEqual([]);
  });

  it("starts one sync per process on the process's database, which feed writes reach", async () => {
    const env = { ALGOLIA_APP_ID: "TESTAPP", ALGOLIA_ADMIN_KEY: "admin-key-4567" };
    const first = startAlgoliaSync({ env, client: client() });
    expect(startAlgoliaSync({ env, client: client() })).toBe(first);
    expect(await first).not.toBeNull();
    const [id] = take(1);
    expect((await del(id)).status).toBe(200);
    await until("a batch", () => calls.length > 0);
    await (await first)!.flush();
    // Subscribed once: one request with one delete, though startAlgoliaSync was called twice.
    expect(calls.map((c) => c.body)).toEqual([{ requests: [{ action: "deleteObject", body: { objectID: id } }] }]);
  });
});

describe("writes other than the HTTP feed", () => {
  it("reach Algolia too: upsertVehicle (as the import and the feed use it) is announced the same way", async () => {
    sync = subscribeAlgoliaSync(client(), h);
    const [id] = take(1);
    const v = (await getVehicle(h.db, id))!;
    await upsertVehicle(h.db, { ...v, status: "sold" });
    await until("a batch", () => calls.length > 0);
    const [r] = calls[0].body.requests;
    expect(r).toMatchObject({ action: "updateObject", body: { objectID: id, status: "sold" } });
  });
});
