/**
 * The idle work after a full build (SearchIndex.idle): the replicas' orders it builds equal those a
 * request builds on demand, and answers are the reference's before, during and after it, with writes
 * in the middle of it.
 */
import { describe, expect, it } from "vitest";
import { SearchIndex } from "./index";
import { ReferenceIndex } from "./reference";
import { SORTS, TENANTS, baseFilterFor, generateRecords, vehicleSettings } from "../../../tests/fixtures/synthetic-search";
import type { SearchResponse } from "./types";

const replicas = SORTS.map(([a, d]) => `vehicles_${a}_${d}`);
const turn = () => new Promise((resolve) => setImmediate(resolve));

/** Each replica's order as the objectIDs of its docs, read from the index's store. */
function orders(index: SearchIndex): Record<string, string[]> {
  const { orders, records } = index["store"];
  return Object.fromEntries(replicas.map((name) => [name, Array.from(orders.permFor(name).perm, (d) => records[d]!.objectID)]));
}

const unbuilt = (index: SearchIndex) => index["store"].orders.unbuilt();

/** The first three pages of 20 of every replica, a tenant's and all docs, against the reference. */
function expectAsReference(index: SearchIndex, reference: ReferenceIndex, label: string) {
  for (const indexName of replicas) {
    for (const baseFilter of [undefined, baseFilterFor(TENANTS[4])]) {
      for (const page of [0, 1, 7]) {
        const params = { query: "", page, hitsPerPage: 20, facets: ["make", "price", "year"] };
        const got = index.search(params, { indexName, baseFilter });
        const want = reference.search(params, { indexName, baseFilter }) as SearchResponse;
        const at = `${label}: ${indexName} page ${page} base ${baseFilter ? "tenant" : "all"}`;
        expect(got.nbHits, at).toBe(want.nbHits);
        expect(got.hits.map((h) => h.objectID), at).toEqual(want.hits.map((h) => h.objectID));
        expect(got.facets, at).toEqual(want.facets);
        expect(got.facets_stats, at).toEqual(want.facets_stats);
      }
    }
  }
}

describe("idle work after a full build", { timeout: 60_000 }, () => {
  const records = generateRecords(3000, 17);

  it("builds every replica's order, the same as a request builds on demand (ascending first or descending first)", async () => {
    const idle = new SearchIndex(vehicleSettings());
    idle.replaceAll(records);
    expect(unbuilt(idle)).toHaveLength(12);
    expect(await idle.idle()).toBe(12);
    expect(unbuilt(idle)).toEqual([]);

    const onDemand = new SearchIndex(vehicleSettings());
    onDemand.replaceAll(records);
    const wanted = orders(onDemand); // before any turn of the event loop: every order built here
    expect(await onDemand.idle()).toBe(0);
    const descFirst = new SearchIndex(vehicleSettings());
    descFirst.replaceAll(records);
    for (const name of [...replicas].reverse()) descFirst["store"].orders.permFor(name); // each descending one sorted, not reversed
    expect(await descFirst.idle()).toBe(0);

    const got = orders(idle);
    expect(got).toEqual(wanted);
    expect(orders(descFirst)).toEqual(wanted);
    // The orders are sorts: price ascending, missing values last.
    const price = new Map(records.map((x) => [x.objectID, x.price]));
    const prices = got.vehicles_price_asc.map((id) => price.get(id) ?? Infinity);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it("answers as the reference before, during and after the idle work, with writes in the middle of it", async () => {
    const index = new SearchIndex(vehicleSettings());
    const reference = new ReferenceIndex(vehicleSettings());
    const current = new Map(records.map((x) => [x.objectID, x]));
    index.replaceAll(records);
    reference.replaceAll(records);
    const done = index.idle();
    expectAsReference(index, reference, "before"); // builds every order on demand …
    expect(await done).toBe(0); // … so the idle work finds none left

    index.replaceAll(records);
    const partly = index.idle();
    while (unbuilt(index).length === 12) await turn(); // a slice per turn: the first order done …
    await turn(); // … and the next one's sort under way
    const left = unbuilt(index).length;
    expect(left).toBe(11);
    // A request during the work, for an order built and one not (which it builds itself).
    for (const indexName of ["vehicles_price_asc", "vehicles_year_desc"]) {
      const got = index.search({ query: "", hitsPerPage: 30, page: 2 }, { indexName });
      expect(got.hits.map((h) => h.objectID), indexName).toEqual((reference.search({ query: "", hitsPerPage: 30, page: 2 }, { indexName }) as SearchResponse).hits.map((h) => h.objectID));
    }
    expect(unbuilt(index)).toHaveLength(10);
    // Writes while one order is built, one half-sorted and the rest not: the built one is updated, the
    // half-sorted one's work dropped, and the rest are built from the new data.
    const changed = records.slice(0, 200).map((x, i) => ({ ...x, price: (i * 7919) % 90000, year: 2000 + (i % 25), km: i % 3 ? x.km : 0 }));
    const removed = records.slice(200, 300).map((x) => x.objectID);
    index.upsert(changed);
    reference.upsert(changed);
    index.remove(removed);
    reference.remove(removed);
    for (const x of changed) current.set(x.objectID, x);
    for (const id of removed) current.delete(id);
    expect(await partly).toBe(11); // all but the one the request built, the half-sorted one again from the new data
    expect(unbuilt(index)).toEqual([]);
    expectAsReference(index, reference, "after writes during the idle work");

    const fresh = new SearchIndex(vehicleSettings());
    fresh.replaceAll([...current.values()]);
    await fresh.idle();
    expect(orders(index)).toEqual(orders(fresh));
  });

  it("finishes the orders left after writes, and runs once at a time across full builds", async () => {
    const index = new SearchIndex(vehicleSettings());
    const reference = new ReferenceIndex(vehicleSettings());
    index.replaceAll(records);
    reference.replaceAll(records);
    while (unbuilt(index).length === 12) await turn();
    const changed = records.slice(500, 700).map((x, i) => ({ ...x, price: 1000 + i, views: i }));
    index.upsert(changed);
    reference.upsert(changed);
    expect(await index.idle()).toBe(12); // one order built before the writes (and kept current), the rest after them
    expectAsReference(index, reference, "after");

    // One run at a time: a full build during the idle work has its orders built by the run under way.
    index.replaceAll(records.slice(0, 1000));
    const older = index.idle();
    index.replaceAll(records);
    reference.replaceAll(records);
    expect(index.idle()).toBe(older);
    expect(await older).toBe(12);
    expect(unbuilt(index)).toEqual([]);
    expectAsReference(index, reference, "rebuilt");
  });

  it("builds a stats order a request asked for in idle time, the request scanning its hits meanwhile", async () => {
    const index = new SearchIndex(vehicleSettings());
    const reference = new ReferenceIndex(vehicleSettings());
    index.replaceAll(records);
    reference.replaceAll(records);
    expect(await index.idle()).toBe(12);
    // Most docs, so weekly_price's min and max would come from walking its ascending order, which no replica has.
    const params = { query: "", numericFilters: ["price>=3000"], facets: ["weekly_price", "make"], hitsPerPage: 5 };
    const want = reference.search(params, { indexName: "vehicles" }) as SearchResponse;
    const first = index.search(params, { indexName: "vehicles" });
    expect(unbuilt(index)).toEqual(["\u0000weekly_price"]);
    expect(want.nbHits).toBeGreaterThan(records.length / 2);
    expect(first.facets_stats).toEqual(want.facets_stats);
    expect(await index.idle()).toBe(1);
    expect(unbuilt(index)).toEqual([]);
    const asc = index["store"].orders.ascending("weekly_price")!;
    const weekly = Array.from(asc, (d) => Number(index["store"].records[d]!.weekly_price ?? Infinity));
    expect(weekly).toEqual([...weekly].sort((a, b) => a - b));
    const again = index.search(params, { indexName: "vehicles" });
    expect(again.facets_stats).toEqual(want.facets_stats);
    expect(again.facets).toEqual(want.facets);
    expect(again.hits.map((h) => h.objectID)).toEqual(want.hits.map((h) => h.objectID));
  });

  it("warms up after the first full build when asked (warmup.ts), answering as the reference through writes in the middle of it", async () => {
    const index = new SearchIndex(vehicleSettings(), { warmUp: true });
    const reference = new ReferenceIndex(vehicleSettings());
    index.replaceAll(records);
    reference.replaceAll(records);
    const done = index.idle();
    for (let i = 0; i < 5000 && index.warmUpPages < 20; i++) await turn(); // the orders built, the warm-up under way
    const changed = records.slice(0, 150).map((x, i) => ({ ...x, price: (i * 7919) % 90000, make: records[i + 1].make, dealership_id: 1 + (i % 60) }));
    index.upsert(changed);
    reference.upsert(changed);
    index.remove(records.slice(150, 200).map((x) => x.objectID));
    reference.remove(records.slice(150, 200).map((x) => x.objectID));
    expect(await done).toBeGreaterThanOrEqual(12); // the replicas' orders, and the stats orders its pages asked for
    const pages = index.warmUpPages;
    expect(pages).toBeGreaterThan(100); // 3,000 records: every page it may answer (240), unless a slow machine's 400 ms ran out first
    expectAsReference(index, reference, "after the warm-up");
    index.replaceAll(records); // later full builds: no warm-up (the process's JIT is warm by then)
    reference.replaceAll(records);
    await index.idle();
    expect(index.warmUpPages).toBe(pages);
    expectAsReference(index, reference, "rebuilt");
    const plain = new SearchIndex(vehicleSettings());
    plain.replaceAll(records);
    await plain.idle();
    expect(plain.warmUpPages).toBe(0);
  });
});
