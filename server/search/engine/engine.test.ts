/**
 * The engine against the linear-scan reference on generated queries: same nbHits, hit order,
 * facet counts and stats (and, the hit objects being built by shared code, the same hits).
 */
import { describe, expect, it } from "vitest";
import { FACET_ATTRIBUTES, type SearchRecord } from "../../../domain/search-record";
import { SearchIndex } from "./index";
import { ReferenceIndex } from "./reference";
import { PAGE_FACETS, SORTS, SYNTHETIC_NOW, TENANTS, baseFilterFor, generateRecords, instantSearchPage, rng, vehicleSettings } from "../../../tests/fixtures/synthetic-search";
import type { MultiQueryRequest, SearchResponse } from "./types";

type Rng = () => number;
const pick = <T>(r: Rng, a: readonly T[]): T => a[Math.floor(r() * a.length)];

function typo(r: Rng, w: string): string {
  if (w.length < 4) return w;
  const i = 1 + Math.floor(r() * (w.length - 2));
  switch (Math.floor(r() * 4)) {
    case 0:
      return w.slice(0, i) + w.slice(i + 1); // deletion
    case 1:
      return w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2); // transposition
    case 2:
      return w.slice(0, i) + "x" + w.slice(i + 1); // substitution
    default:
      return w.slice(0, i) + "e" + w.slice(i); // insertion
  }
}

const FACETS = ["make", "model", "make_model", "badge", "body", "colour", "fuel", "transmission", "car_type", "status", "tag", "reserved", "certified", "dealership_id", "location_name", "city", "seats", "year", "price_range"];
const NUMERIC = ["price", "km", "year", "weekly_price", "seats", "views", "custom_rank", "sold_at"];

function randomQuery(r: Rng, records: SearchRecord[]): string {
  const rec = pick(r, records);
  const words = `${rec.title} ${rec.colour ?? ""} ${rec.body ?? ""}`.split(/\s+/).filter(Boolean);
  const roll = r();
  if (roll < 0.25) return "";
  if (roll < 0.3) return pick(r, ["zzqx", "toyota zzqx", "2021", "a", "é", "  ", "MERCEDES-BENZ", "skoda", "citroen c5", "2004", "2o14", "ranger 2019", "MY22", "1999", "pickup", "white tray", "gray", "merc", "mercedes", "grap"]);
  const n = 1 + Math.floor(r() * 3);
  const start = Math.floor(r() * words.length);
  let q = words.slice(start, start + n).map((w) => (r() < 0.2 ? typo(r, w) : w));
  if (r() < 0.3) q[q.length - 1] = q[q.length - 1].slice(0, 1 + Math.floor(r() * q[q.length - 1].length)); // a prefix
  if (r() < 0.1) q = q.map((w) => w.toUpperCase());
  return q.join(" ");
}

const quote = (v: string) => (/^[A-Za-z0-9_.-]+$/.test(v) ? v : JSON.stringify(v));

function randomFilters(r: Rng, records: SearchRecord[]): string {
  const term = (): string => {
    const roll = r();
    if (roll < 0.45) {
      const a = pick(r, FACETS);
      return `${a}:${quote(String((pick(r, records) as unknown as Record<string, unknown>)[a] ?? "none"))}`;
    }
    const a = pick(r, NUMERIC);
    const v = Number((pick(r, records) as unknown as Record<string, unknown>)[a] ?? 0);
    if (roll < 0.7) return `${a} ${pick(r, ["<", "<=", "=", "!=", ">=", ">"])} ${v}`;
    return `${a}:${v} TO ${v + Math.floor(r() * 20000)}`;
  };
  const expr = (depth: number): string => {
    const roll = r();
    if (depth > 2 || roll < 0.4) return term();
    if (roll < 0.55) return `NOT ${depth ? term() : `(${expr(depth + 1)})`}`;
    return `(${expr(depth + 1)} ${r() < 0.5 ? "AND" : "OR"} ${expr(depth + 1)})`;
  };
  return expr(0);
}

function randomParams(r: Rng, records: SearchRecord[]): Record<string, unknown> {
  const p: Record<string, unknown> = { query: randomQuery(r, records) };
  const facetFilters: (string | string[])[] = [];
  for (let k = Math.floor(r() * 4); k > 0; k--) {
    const a = pick(r, FACETS);
    const values = Array.from({ length: 1 + Math.floor(r() * 3) }, () => `${a}:${(pick(r, records) as unknown as Record<string, unknown>)[a]}`);
    const neg = r() < 0.15;
    facetFilters.push(neg ? `-${values[0]}` : values.length === 1 && r() < 0.5 ? values[0] : values);
  }
  if (facetFilters.length) p.facetFilters = facetFilters;
  if (r() < 0.35) {
    const a = pick(r, ["price", "km", "year"]);
    const v = Number((pick(r, records) as unknown as Record<string, unknown>)[a]);
    p.numericFilters = pick(r, [
      [`${a}>=${v}`, `${a}<=${v * 2 + 1000}`],
      [`${a}:${Math.floor(v / 2)} TO ${v}`],
      [[`year=${2020 + Math.floor(r() * 5)}`, `year=${2015 + Math.floor(r() * 5)}`]],
      `${a}<${v}`,
    ]);
  }
  if (r() < 0.3) p.filters = randomFilters(r, records);
  p.page = r() < 0.7 ? 0 : Math.floor(r() * 4);
  p.hitsPerPage = pick(r, [0, 1, 5, 20, 20, 50]);
  if (r() < 0.1) {
    p.offset = Math.floor(r() * 30);
    p.length = Math.floor(r() * 10);
  }
  p.facets = pick(r, [["*"], ["make", "model", "price", "km"], FACETS.slice(0, 5 + Math.floor(r() * 10)), [], ["price", "weekly_price", "year"]]);
  if (r() < 0.3) p.maxValuesPerFacet = pick(r, [1, 3, 10]);
  if (r() < 0.2) p.sortFacetValuesBy = "alpha";
  if (r() < 0.05) p.typoTolerance = false;
  if (r() < 0.1) p.allowTyposOnNumericTokens = true;
  if (r() < 0.2) p.attributesToRetrieve = ["title", "price"];
  if (r() < 0.15) {
    // Near a dealership's city (or anywhere in Australia), within a radius or any distance, in steps of a precision.
    const rec = pick(r, records);
    const point = rec._geoloc ?? { lat: -25 - r() * 15, lng: 115 + r() * 35 };
    p.aroundLatLng = `${(point.lat + (r() - 0.5) * 0.4).toFixed(4)}, ${(point.lng + (r() - 0.5) * 0.4).toFixed(4)}`;
    p.aroundRadius = pick(r, [undefined, "all", 5000, 30000, 200000, 2000000]);
    if (r() < 0.5) p.aroundPrecision = pick(r, [1, 1000, 10000, 50000]);
  }
  // Grouped by attributeForDistinct (the model, in the indexes below that set it; ignored where none is set).
  if (r() < 0.15) p.distinct = pick(r, [true, false, 1, 2, 4, "1"]);
  return p;
}

const indexNames = ["vehicles", ...SORTS.map(([a, d]) => `vehicles_${a}_${d}`)];

/** Compares one engine response with the reference's, with a readable message on mismatch. */
function expectSame(got: SearchResponse, want: SearchResponse, label: string) {
  expect(got.nbHits, label).toBe(want.nbHits);
  expect(got.nbPages, label).toBe(want.nbPages);
  expect(got.hits.map((h) => h.objectID), label).toEqual(want.hits.map((h) => h.objectID));
  expect(got.hits, label).toEqual(want.hits);
  expect(got.facets, label).toEqual(want.facets);
  expect(Object.keys(got.facets_stats ?? {}).sort(), label).toEqual(Object.keys(want.facets_stats ?? {}).sort());
  for (const [a, s] of Object.entries(want.facets_stats ?? {})) {
    const g = got.facets_stats![a];
    expect([g.min, g.max], `${label} stats ${a}`).toEqual([s.min, s.max]);
    expect(g.sum, `${label} stats ${a}`).toBeCloseTo(s.sum, 6);
    expect(g.avg, `${label} stats ${a}`).toBeCloseTo(s.avg, 6);
  }
  const strip = ({ processingTimeMS, hits, facets, facets_stats, ...rest }: SearchResponse) => (void [processingTimeMS, hits, facets, facets_stats], rest);
  expect(strip(got), label).toEqual(strip(want));
}

/** The vehicle settings grouping by model: every request with `distinct` then has groups of many hits. */
const byModel = () => ({ ...vehicleSettings(), attributeForDistinct: "model" });

// Hundreds of queries against a linear scan: seconds on a quiet machine, up to a minute at a load of 20.
describe("engine vs reference", { timeout: 120_000 }, () => {
  const records = generateRecords(3000, 7);
  const engine = new SearchIndex(vehicleSettings());
  engine.replaceAll(records);
  const reference = new ReferenceIndex(vehicleSettings());
  reference.replaceAll(records);

  it("takes a full build's arrays from arenas sized to fit them exactly", () => {
    expect(engine.buildOverflows).toBe(0);
  });

  it("agrees on 600 random queries (text, typos, prefixes, refinements, negations, ranges, filters, sorts, pages)", () => {
    const r = rng(2024);
    for (let i = 0; i < 600; i++) {
      const params = randomParams(r, records);
      const indexName = r() < 0.4 ? pick(r, indexNames) : "vehicles";
      const baseFilter = r() < 0.6 ? baseFilterFor(pick(r, TENANTS)) : undefined;
      const label = `#${i} ${indexName} ${JSON.stringify(params)} base=${baseFilter?.slice(0, 40)}`;
      expectSame(engine.search(params, { indexName, baseFilter }), reference.search(params, { indexName, baseFilter }), label);
    }
  });

  it("agrees on 300 random queries with distinct on (one or a few hits per model)", () => {
    const grouped = new SearchIndex(byModel());
    grouped.replaceAll(records);
    const groupedRef = new ReferenceIndex(byModel());
    groupedRef.replaceAll(records);
    const r = rng(31);
    for (let i = 0; i < 300; i++) {
      const params = { ...randomParams(r, records), distinct: pick(r, [true, 1, 2, 3]) };
      const indexName = r() < 0.4 ? pick(r, indexNames) : "vehicles";
      const baseFilter = r() < 0.6 ? baseFilterFor(pick(r, TENANTS)) : undefined;
      const label = `#${i} ${indexName} ${JSON.stringify(params)} base=${baseFilter?.slice(0, 40)}`;
      expectSame(grouped.search(params, { indexName, baseFilter }), groupedRef.search(params, { indexName, baseFilter }), label);
    }
  });

  it("agrees on InstantSearch pages (main query plus disjunctive queries, one call each)", () => {
    const r = rng(99);
    for (let i = 0; i < 150; i++) {
      const page = instantSearchPage(records, r);
      const got = engine.multipleQueries(page.requests, { baseFilter: page.baseFilter }).results as SearchResponse[];
      const want = reference.multipleQueries(page.requests, { baseFilter: page.baseFilter }).results as SearchResponse[];
      got.forEach((g, k) => expectSame(g, want[k], `page ${i} (${page.kind}) request ${k}`));
    }
  });

  it("gives the same answers when the queries of a call share cached work", () => {
    const r = rng(5);
    for (let i = 0; i < 40; i++) {
      const baseFilter = baseFilterFor(pick(r, TENANTS));
      const requests: MultiQueryRequest[] = Array.from({ length: 4 }, () => ({ indexName: pick(r, indexNames), params: randomParams(r, records) }));
      const got = engine.multipleQueries(requests, { baseFilter }).results as SearchResponse[];
      const want = reference.multipleQueries(requests, { baseFilter }).results as SearchResponse[];
      got.forEach((g, k) => expectSame(g, want[k], `call ${i} request ${k}`));
    }
  });
});

describe("incremental updates", { timeout: 120_000 }, () => {
  it("upserts and removes give the same results as a fresh build", () => {
    const r = rng(11);
    const all = generateRecords(2600, 3);
    let current = new Map(all.slice(0, 2000).map((x) => [x.objectID, x]));
    const engine = new SearchIndex(byModel());
    engine.replaceAll([...current.values()]);
    // Sort orders are built on first use and then kept current: use half of them before the updates.
    for (const indexName of indexNames.filter((_, i) => i % 2 === 0)) engine.search({ query: "" }, { indexName });
    // The same requests before every write and after the last: what they cache (base sets and their
    // counts and totals, range filters' docs, the stats' orders) must not outlive a write.
    const repeated = Array.from({ length: 12 }, (_, i) => ({ params: { ...randomParams(r, all), numericFilters: [`price>=${i * 2000}`], facets: ["make", "price", "km", "year"] }, baseFilter: i % 2 ? baseFilterFor(TENANTS[0]) : undefined }));
    let fresh = 2000;
    for (let round = 0; round < 8; round++) {
      for (const { params, baseFilter } of repeated) engine.search(params, { indexName: "vehicles", baseFilter });
      // Change some records (new objects: records are not mutated in place), add new ones, remove some.
      const ids = [...current.keys()];
      const changed = Array.from({ length: 30 }, () => {
        const old = current.get(pick(r, ids))!;
        const donor = pick(r, all);
        return { ...old, price: Math.floor(r() * 90000), custom_rank: r() < 0.5 ? old.custom_rank : Math.floor(r() * 1500), title: donor.title, make: donor.make, model: donor.model, colour: r() < 0.2 ? null : donor.colour, status: pick(r, ["in_stock", "sold", "coming_soon"] as const) };
      });
      const added = all.slice(fresh, fresh + 60);
      fresh += 60;
      const removed = Array.from({ length: 40 }, () => pick(r, ids));
      engine.upsert([...changed, ...added, changed[0]]);
      for (const x of [...changed, ...added]) current.set(x.objectID, x);
      engine.remove([...removed, "no-such-id"]);
      for (const id of removed) current.delete(id);
      current = new Map(current);
    }
    expect(engine.size).toBe(current.size);
    const rebuilt = new SearchIndex(byModel());
    rebuilt.replaceAll([...current.values()]);
    const reference = new ReferenceIndex(byModel());
    reference.replaceAll([...current.values()]);
    const records = [...current.values()];
    for (const [i, { params, baseFilter }] of repeated.entries()) {
      expectSame(engine.search(params, { indexName: "vehicles", baseFilter }), reference.search(params, { indexName: "vehicles", baseFilter }), `repeated #${i}`);
    }
    for (let i = 0; i < 200; i++) {
      const params = randomParams(r, records);
      const indexName = r() < 0.5 ? pick(r, indexNames) : "vehicles";
      const baseFilter = r() < 0.5 ? baseFilterFor(pick(r, TENANTS)) : undefined;
      const got = engine.search(params, { indexName, baseFilter });
      const label = `#${i} ${indexName} ${JSON.stringify(params)}`;
      expectSame(got, rebuilt.search(params, { indexName, baseFilter }), `${label} (fresh build)`);
      expectSame(got, reference.search(params, { indexName, baseFilter }), `${label} (reference)`);
    }
  });

  // Writes keep the cached base sets, their counts, stats and totals and the range filters' docs
  // current (bases.ts) instead of dropping them: after each single-doc write, the same InstantSearch
  // pages (cached before it) must answer as a fresh build and the reference.
  it("keeps cached base sets, counts and stats exact through writes (pages under base filters, a moving time bound)", async () => {
    const r = rng(29);
    const all = generateRecords(2700, 5);
    const current = new Map(all.slice(0, 2500).map((x) => [x.objectID, x]));
    const engine = new SearchIndex(vehicleSettings());
    engine.replaceAll([...current.values()]);
    const dealers = TENANTS[1]; // dealerships 1–20
    // The service's base filter has a time bound that moves every second: a new string each request,
    // sharing the Base of the previous one by content while it selects the same docs.
    const tenantBase = (t: number) => `(${dealers.map((d) => `dealership_id:${d}`).join(" OR ")}) AND show_on_dealer_website:true AND listing_ts >= ${t}`;
    // Facets no page asks for: one more asked after each write (its base counts start from the base's outside docs).
    const unasked = FACET_ATTRIBUTES.filter((a) => !PAGE_FACETS.includes(a));
    const browse = (k: number): MultiQueryRequest => ({ indexName: "vehicles", params: { query: "", hitsPerPage: 3, facets: [...PAGE_FACETS, ...unasked.slice(0, k), "price", "km", "weekly_price"] } });
    const narrow: MultiQueryRequest = { indexName: "vehicles", params: { query: "", hitsPerPage: 3, numericFilters: ["price<=150000"], facets: ["make", "price", "km", "weekly_price", "year"] } };
    const pages = [[browse(0)], [narrow], ...Array.from({ length: 5 }, () => instantSearchPage(all, r).requests)];
    let t = SYNTHETIC_NOW - 3 * 86400;
    const ask = (baseFilter: string | undefined) => pages.map((requests) => engine.multipleQueries(requests, { baseFilter }).results as SearchResponse[]);
    ask(tenantBase(t));
    await engine.idle(); // the stats' ascending orders the pages asked for: min and max by walking them, sums from the base's totals
    const inBase = (x: SearchRecord, bound = t) => dealers.includes(x.dealership_id) && x.show_on_dealer_website && x.listing_ts >= bound;
    const ids = () => [...current.keys()];
    const find = (test: (x: SearchRecord) => boolean) => [...current.values()].find(test)!;
    const maxPrice = () => Math.max(...[...current.values()].filter((x) => inBase(x)).map((x) => x.price));
    const donor = () => pick(r, all);
    // Each write returns the records to upsert and the ids to remove.
    const writes: [string, () => [SearchRecord[], string[]]][] = [
      ["add a doc to the base", () => [[{ ...all[2500], objectID: "new-1", dealership_id: 5, show_on_dealer_website: true, listing_ts: t + 10 }], []]],
      ["change a base doc's facet values", () => { const x = find((y) => inBase(y)); const d = donor(); return [[{ ...x, make: d.make, model: d.model, make_model: d.make_model, colour: d.colour, body: d.body, tag: "Clearance" }], []]; }],
      ["raise a base doc's price past the max, km to 0", () => { const x = find((y) => inBase(y) && y.km > 0); return [[{ ...x, price: maxPrice() + 1000, km: 0, year: 2027 }], []]; }],
      ["lower the max price's doc (the max must be found again)", () => { const x = find((y) => inBase(y) && y.price === maxPrice()); return [[{ ...x, price: 5000, weekly_price: null }], []]; }],
      ["delete a base doc", () => [[], [find((y) => inBase(y)).objectID]]],
      ["a doc enters the base (dealer moves)", () => { const x = find((y) => !dealers.includes(y.dealership_id) && y.show_on_dealer_website && y.listing_ts >= t); return [[{ ...x, dealership_id: 3 }], []]; }],
      ["a doc leaves the base (hidden)", () => { const x = find((y) => inBase(y)); return [[{ ...x, show_on_dealer_website: false }], []]; }],
      ["a doc leaves the base (sold long ago)", () => { const x = find((y) => inBase(y) && y.status !== "sold"); return [[{ ...x, status: "sold", sold_at: t - 86400 * 5, listing_ts: t - 86400 * 5 }], []]; }],
      ["a doc listed at the previous bound (in the old filter's docs, not the new one's)", () => { const x = find((y) => inBase(y) && y.status !== "sold"); return [[{ ...x, status: "sold", sold_at: t - 1, listing_ts: t - 1 }], []]; }],
      ["a new facet value", () => { const x = find((y) => inBase(y)); return [[{ ...x, make: "Zyxmotor", make_model: "Zyxmotor > Z1", model: "Z1", colour: "Ultraviolet" }], []]; }],
      ["write and delete outside the base", () => [[{ ...all[2501], objectID: "new-2", dealership_id: 50 }], [find((y) => !inBase(y)).objectID]]],
      ["several docs at once", () => [[...Array.from({ length: 6 }, () => ({ ...current.get(pick(r, ids()))!, price: Math.floor(r() * 80000), km: Math.floor(r() * 200000), dealership_id: pick(r, [2, 7, 45]) })), { ...all[2502], objectID: "new-3", dealership_id: 9 }], [pick(r, ids()), pick(r, ids())]]],
      ["a price that is not an integer", () => { const x = find((y) => inBase(y)); return [[{ ...x, price: 12345.5 }], []]; }],
      ["delete the doc added first", () => [[], ["new-1"]]],
    ];
    for (const [step, [name, write]] of writes.entries()) {
      pages[0] = [browse(step)];
      const previous = tenantBase(t);
      t += 1;
      const bases = [undefined, previous, tenantBase(t), baseFilterFor(TENANTS[0])];
      for (const baseFilter of bases) ask(baseFilter); // cached before the write
      const [upserts, removals] = write();
      if (upserts.length) engine.upsert(upserts);
      if (removals.length) engine.remove(removals);
      for (const x of upserts) current.set(x.objectID, x);
      for (const id of removals) current.delete(id);
      const rebuilt = new SearchIndex(vehicleSettings());
      rebuilt.replaceAll([...current.values()]);
      const reference = new ReferenceIndex(vehicleSettings());
      reference.replaceAll([...current.values()]);
      expect(engine.size, name).toBe(current.size);
      pages[0] = [browse(step + 1)];
      for (const baseFilter of bases) {
        const got = ask(baseFilter);
        pages.forEach((requests, i) => {
          const fresh = rebuilt.multipleQueries(requests, { baseFilter }).results as SearchResponse[];
          const want = reference.multipleQueries(requests, { baseFilter }).results as SearchResponse[];
          got[i].forEach((g, k) => {
            const label = `${name}: base ${baseFilter?.slice(-30)} page ${i} query ${k}`;
            expectSame(g, fresh[k], `${label} (fresh build)`);
            expectSame(g, want[k], `${label} (reference)`);
          });
        });
      }
    }
  });

  it("counts nothing afresh on the page after a one-doc write (the base's counts are kept current, not dropped)", () => {
    const all = generateRecords(2000, 13);
    const engine = new SearchIndex(vehicleSettings());
    engine.replaceAll(all);
    const baseFilter = baseFilterFor(TENANTS[0]);
    const page: MultiQueryRequest[] = [{ indexName: "vehicles", params: { query: "", hitsPerPage: 5, facets: ["make", "model", "colour", "price", "km"] } }];
    engine.multipleQueries(page, { baseFilter });
    const counted = engine.baseCountsComputed;
    expect(counted).toBeGreaterThan(0);
    const changed: SearchRecord = { ...all[7], make: all[8].make, price: all[7].price + 500 };
    engine.upsert([changed]);
    engine.remove([all[9].objectID]);
    const got = engine.multipleQueries(page, { baseFilter }).results[0] as SearchResponse;
    expect(engine.baseCountsComputed).toBe(counted);
    const reference = new ReferenceIndex(vehicleSettings());
    reference.replaceAll([...all.slice(0, 7), changed, all[8], ...all.slice(10)]);
    expectSame(got, reference.multipleQueries(page, { baseFilter }).results[0] as SearchResponse, "after the writes");
  });

  it("grows past its initial capacity and reuses removed ids", () => {
    const all = generateRecords(3000, 21);
    const engine = new SearchIndex(byModel());
    engine.replaceAll([]);
    for (let i = 0; i < all.length; i += 500) engine.upsert(all.slice(i, i + 500));
    engine.remove(all.slice(0, 1000).map((x) => x.objectID));
    engine.upsert(all.slice(0, 400));
    const reference = new ReferenceIndex(byModel());
    reference.replaceAll([...all.slice(1000), ...all.slice(0, 400)]);
    expect(engine.size).toBe(2400);
    const r = rng(8);
    for (let i = 0; i < 60; i++) {
      const params = randomParams(r, all);
      const indexName = pick(r, indexNames);
      expectSame(engine.search(params, { indexName }), reference.search(params, { indexName }), `#${i} ${JSON.stringify(params)}`);
    }
  });
});

describe("generic records", () => {
  // Not vehicles: arrays (multi-valued facets, several strings to search), diacritics, missing values.
  const settings = {
    searchableAttributes: ["name", "tags", "notes"],
    attributesForFaceting: ["tags", "kind", "flag", "n"],
    numericAttributes: ["n", "score", "flag"],
    customRanking: ["desc(score)", "asc(n)"],
    replicas: { by_n: [{ attribute: "n", direction: "asc" as const }, { attribute: "score", direction: "desc" as const }] },
  };
  const r = rng(42);
  const words = ["Crème", "brûlée", "Zoë", "naïve", "café", "Straße", "Øre", "alpha", "beta", "gamma", "delta", "x1", "x10", "2024"];
  const records = Array.from({ length: 800 }, (_, i) => ({
    objectID: `g${i}`,
    name: Array.from({ length: 1 + Math.floor(r() * 3) }, () => pick(r, words)).join(r() < 0.5 ? " " : "-"),
    tags: r() < 0.2 ? null : Array.from({ length: Math.floor(r() * 4) }, () => pick(r, words)),
    notes: r() < 0.5 ? undefined : pick(r, words),
    kind: pick(r, ["a", "b", "c", ""]),
    flag: r() < 0.5,
    n: r() < 0.1 ? null : Math.floor(r() * 20) / 2,
    score: Math.floor(r() * 5),
  }));
  const engine = new SearchIndex(settings);
  engine.replaceAll(records);
  const reference = new ReferenceIndex(settings);
  reference.replaceAll(records);

  it("takes a full build's arrays from arenas sized to fit them exactly (multi-valued facets, many values)", () => {
    expect(engine.buildOverflows).toBe(0);
  });

  it("ranks by the earliest attribute when a frequent term is matched through its bitsets", () => {
    // "common" is frequent (kept as bitsets) and sits in `name` for some docs, in `tags` for others;
    // the rare word sits in `notes`. The two-word query must rank name-docs before tag-docs (and
    // takes the path that tests the few survivors of "rare" against the bitsets of "common").
    const rr = rng(3);
    const docs = Array.from({ length: 600 }, (_, i) => ({
      objectID: `c${i}`,
      name: rr() < 0.4 ? "common thing" : "thing",
      tags: rr() < 0.5 ? ["common"] : [],
      notes: rr() < 0.08 ? pick(rr, ["rare", "rarer"]) : "other",
      kind: "a",
      flag: false,
      n: i % 7,
      score: Math.floor(rr() * 3),
    }));
    const e = new SearchIndex(settings);
    e.replaceAll(docs);
    const ref = new ReferenceIndex(settings);
    ref.replaceAll(docs);
    for (const query of ["rare common", "common rare", "rarer comm", "common", "comm", "rare", "thing common rare"]) {
      for (const indexName of ["primary", "by_n"]) {
        const params = { query, hitsPerPage: 40, facets: ["kind"] };
        expectSame(e.search(params, { indexName }), ref.search(params, { indexName }), `${query} ${indexName}`);
      }
    }
  });

  it("orders long runs of equal sort values by relevance (a replica and a text query)", () => {
    // Few distinct (n, score) pairs: each run of the replica's order holds hundreds of hits, of every relevance.
    const rr = rng(5);
    const docs = Array.from({ length: 3000 }, (_, i) => ({
      objectID: `run${i}`,
      name: Array.from({ length: 1 + Math.floor(rr() * 2) }, () => pick(rr, words)).join(" "),
      tags: [pick(rr, words)],
      notes: pick(rr, words),
      kind: "a",
      flag: false,
      n: rr() < 0.05 ? null : 1 + Math.floor(rr() * 2),
      score: Math.floor(rr() * 2),
    }));
    const e = new SearchIndex(settings);
    e.replaceAll(docs);
    const ref = new ReferenceIndex(settings);
    ref.replaceAll(docs);
    for (const query of ["alpha", "alph", "alpah", "alpha beta", "beta alp", "cafe", "delta gamm"]) {
      for (const [hitsPerPage, page] of [[20, 0], [20, 3], [100, 1], [400, 2]]) {
        const params = { query, hitsPerPage, page, facets: ["kind"] };
        expectSame(e.search(params, { indexName: "by_n" }), ref.search(params, { indexName: "by_n" }), `${query} ${hitsPerPage} ${page}`);
      }
    }
  });

  it("agrees with the reference", () => {
    for (let i = 0; i < 300; i++) {
      const rec = pick(r, records);
      const q = pick(r, ["", pick(r, words), `${pick(r, words)} ${pick(r, words).slice(0, 2)}`, "creme brul", "strasse", "ore", "zoe", typo(r, "alphabet"), "x1"]);
      const params: Record<string, unknown> = { query: q, facets: ["*", "score"], hitsPerPage: pick(r, [3, 10, 100]), page: Math.floor(r() * 2) };
      if (r() < 0.5) params.facetFilters = [[`tags:${pick(r, words)}`, `tags:${pick(r, words)}`]];
      if (r() < 0.3) params.filters = pick(r, [`flag:true`, `NOT kind:a`, `n:2 TO 6`, `score >= 3 OR tags:${quote(String(rec.tags?.[0] ?? "x"))}`, `flag = 0`]);
      const indexName = r() < 0.5 ? "by_n" : "primary";
      expectSame(engine.search(params, { indexName }), reference.search(params, { indexName }), `#${i} ${indexName} ${JSON.stringify(params)}`);
    }
  });
});

describe("facets_stats of a numeric facet", () => {
  // The engine takes a numeric facet's stats from its counts per value only while every record holds
  // it as a number (not text, a boolean, a list or -0): each variant below must agree with the scan exactly.
  const settings = { searchableAttributes: ["name"], attributesForFaceting: ["v", "kind"], numericAttributes: ["v", "w"], customRanking: ["asc(w)"] };
  const variants: Record<string, (i: number) => unknown> = {
    numbers: (i) => (i % 9 === 0 ? null : 1990 + (i % 31)),
    "some as text": (i) => (i % 50 === 0 ? "2001" : 1990 + (i % 31)),
    "some booleans": (i) => (i % 40 === 0 ? true : i % 7),
    "a list": (i) => (i === 17 ? [3, 4] : i % 5),
    "-0 and 0": (i) => (i % 3 === 0 ? -0 : i % 3 === 1 ? 0 : null),
  };
  for (const [name, value] of Object.entries(variants)) {
    it(`agrees exactly with the reference when the values are ${name}`, () => {
      const docs = Array.from({ length: 900 }, (_, i) => ({ objectID: `s${i}`, name: i % 2 ? "odd one" : "even one", kind: ["a", "b", "c"][i % 3], v: value(i), w: i * 7 }));
      const e = new SearchIndex(settings);
      e.replaceAll(docs);
      const ref = new ReferenceIndex(settings);
      ref.replaceAll(docs);
      // Upserts after the build take the per-record path.
      const later = docs.slice(0, 30).map((d, i) => ({ ...d, v: value(i + 3) }));
      e.upsert(later);
      ref.upsert(later);
      for (const params of [{ query: "odd" }, { facetFilters: [["kind:a", "kind:b"]] }, { filters: "w < 3000" }, { query: "one", filters: "kind:c" }, {}]) {
        for (const baseFilter of [undefined, "w >= 700"]) {
          const q = { ...params, facets: ["v", "w", "kind"] };
          const got = e.search(q, { indexName: "i", baseFilter });
          const want = ref.search(q, { indexName: "i", baseFilter });
          expect(got.facets, `${JSON.stringify(q)} ${baseFilter}`).toEqual(want.facets);
          // As sent (JSON): -0 and 0 are one value there; the figures must be the same to the last bit.
          expect(JSON.stringify(got.facets_stats), `${JSON.stringify(q)} ${baseFilter}`).toBe(JSON.stringify(want.facets_stats));
        }
      }
    });
  }
});
