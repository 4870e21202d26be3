import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { liteClient } from "algoliasearch/lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LISTED_FOREVER, type SearchRecord } from "../../domain/search-record";
import { makeTenant } from "../../tests/fixtures/tenant";
import { pgliteDatabase, type TestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { createTenant, publish } from "../tenants/store";
import { Services, services, useServices } from "../root/services";
import { database } from "../db";
import { SearchIndex } from "./engine";
import { handleMultiQuery } from "./http";
import { searchInProcess } from "./in-process";
import { vehicleIndex, vehicleIndexSettings } from "./vehicle-index";

const now = Math.floor(Date.now() / 1000);
const car = (id: string, dealership_id: number, extra: Partial<SearchRecord> = {}): SearchRecord => ({
  objectID: id, slug: `car-${id}`, path: `/cars/car-${id}`, title: `2021 Toyota Corolla ${id}`, year: 2021, make: "Toyota", model: "Corolla",
  make_model: "Toyota > Corolla", badge: "Ascent", series: null, colour: "White", body: "hatch", fuel: "Petrol", transmission: "Automatic",
  drive: "FWD", seats: 5, car_type: "used", item_type: "car", status: "in_stock", sold_at: null, listing_ts: LISTED_FOREVER, created_at: now - 86400 * 20,
  price: 25000, price_type: "Drive Away", price_range: "$20,000 - $30,000", weekly_price: 120, weekly_price_range: "$100 - $150", km: 40000,
  tag: null, reserved: false, certified: false, preorder: false, show_on_dealer_website: true, dealership_id, dealership_slug: `d${dealership_id}`,
  dealership_name: `Dealer ${dealership_id}`, location_id: 10, location_name: "Brisbane", city: "Brisbane", state: "QLD", stocknum: id, views: 3,
  custom_rank: 1, primary_image_url: null, photos_count: 0, ...extra,
});

const records = [
  car("a1", 1),
  car("a2", 1, { make: "Mazda", model: "CX-5", title: "2022 Mazda CX-5 Maxx", make_model: "Mazda > CX-5", price: 38000 }),
  car("a3", 1, { status: "sold", sold_at: now - 86400, listing_ts: now - 86400 }), // sold yesterday: still listed (3 days)
  car("a4", 1, { status: "sold", sold_at: now - 86400 * 5, listing_ts: now - 86400 * 5 }), // sold 5 days ago: gone
  car("a5", 1, { show_on_dealer_website: false }),
  car("b1", 2, { make: "Ford", model: "Ranger", title: "2020 Ford Ranger XLT", make_model: "Ford > Ranger", body: "ute" }),
];

let tdb: TestDatabase;
let h: DbHandle;
let previous: Services;
const servers: Server[] = [];

/** An HTTP server for one site: every request arrives with that site's Host, as DNS would route it. */
async function siteServer(host: string): Promise<string> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = new Headers(req.headers as Record<string, string>);
    headers.set("host", host);
    const response = await handleMultiQuery(new Request(`http://${host}${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks) }));
    res.writeHead(response.status, { "content-type": "application/json" });
    res.end(await response.text());
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  servers.push(server);
  return `127.0.0.1:${(server.address() as AddressInfo).port}/api/search`;
}

const client = (url: string) => liteClient("forecourt", "public", { hosts: [{ url, accept: "read", protocol: "http" }] });

beforeAll(async () => {
  tdb = pgliteDatabase();
  h = await tdb.open();
  previous = useServices(new Services().with(database, h));
  const alpha = makeTenant("alpha");
  const beta = makeTenant("beta");
  beta.dealerships[0].id = 2;
  beta.locations[0].dealership_id = 2;
  const offer = { dealership: alpha.dealerships[0].slug, categories: ["New Car Offers"] as [string], href: "/search" };
  alpha.offers = [
    { ...offer, id: "live", title: "Live offer", price: 30000, categories: ["New Car Offers", "Finance Offers"] },
    { ...offer, id: "ended", title: "Ended offer", expiry: "2020-01-31" },
    { ...offer, id: "later", title: "Later offer", start: "2999-01-01" },
  ];
  beta.offers = [{ ...offer, dealership: beta.dealerships[0].slug, id: "beta-live", title: "Beta offer" }];
  for (const doc of [alpha, beta]) {
    await createTenant(h.db, doc, "test");
    await publish(h, doc.identity.slug, { actor: "test" });
  }
  const index = new SearchIndex(vehicleIndexSettings);
  index.replaceAll(records);
  services().with(vehicleIndex, index);
});
afterAll(async () => {
  useServices(previous);
  for (const s of servers) s.close();
  await h.close();
  await tdb.cleanup();
});

describe("POST /api/search/1/indexes/*/queries with the algoliasearch client", () => {
  it("answers with the site's own stock: its dealerships, shown on the website, in stock or sold within 3 days", async () => {
    const alpha = client(await siteServer("alpha.localhost"));
    const { results } = await alpha.search({ requests: [{ indexName: "vehicles", query: "", hitsPerPage: 10, facets: ["make", "status"] }] });
    const r = results[0] as { hits: { objectID: string }[]; nbHits: number; facets: Record<string, Record<string, number>> };
    expect(r.hits.map((x) => x.objectID).sort()).toEqual(["a1", "a2", "a3"]);
    expect(r.nbHits).toBe(3);
    expect(r.facets.make).toEqual({ Toyota: 2, Mazda: 1 });
    expect(r.facets.status).toEqual({ in_stock: 2, sold: 1 });

    // The legacy form InstantSearch uses ({ indexName, params }) works too.
    const beta = client(await siteServer("beta.localhost"));
    const rb = (await beta.search([{ indexName: "vehicles", params: { query: "" } }] as never)).results[0] as { hits: { objectID: string }[] };
    expect(rb.hits.map((x) => x.objectID)).toEqual(["b1"]);
  });

  it("cannot be widened by the request: filters, facet filters and numeric filters only narrow", async () => {
    const alpha = client(await siteServer("alpha.localhost"));
    const attempts = [
      { filters: "dealership_id:2 OR dealership_id:1" },
      { filters: "show_on_dealer_website:false" },
      { facetFilters: [["dealership_id:2", "dealership_id:1"]] },
      { numericFilters: ["listing_ts>=0"] },
    ];
    const { results } = await alpha.search({ requests: attempts.map((p) => ({ indexName: "vehicles", query: "", ...p })) });
    const ids = results.map((r) => (r as { hits: { objectID: string }[] }).hits.map((x) => x.objectID).sort());
    expect(ids).toEqual([["a1", "a2", "a3"], [], ["a1", "a2", "a3"], ["a1", "a2", "a3"]]);
  });

  it("finds by text with typos and sorts through the site's replicas", async () => {
    const alpha = client(await siteServer("alpha.localhost"));
    const { results } = await alpha.search({
      requests: [
        { indexName: "vehicles", query: "mazdda" },
        { indexName: "vehicles_price_desc", query: "" },
      ],
    });
    expect((results[0] as { hits: { objectID: string }[] }).hits.map((x) => x.objectID)).toEqual(["a2"]);
    expect((results[1] as { hits: { objectID: string }[] }).hits[0].objectID).toBe("a2");
  });

  it("refuses other indices and malformed filters with a 400 that says why", async () => {
    const alpha = client(await siteServer("alpha.localhost"));
    await expect(alpha.search({ requests: [{ indexName: "tenants" }] })).rejects.toThrow('requests[0].indexName "tenants" is not an index of this site.');
    await expect(alpha.search({ requests: [{ indexName: "vehicles", filters: "make:Toyota AND (" }] })).rejects.toMatchObject({ status: 400 });
  });

  it("answers 404 for an unknown host and 400 for a body that is not JSON", async () => {
    const res = await handleMultiQuery(new Request("http://nobody.localhost/api/search/1/indexes/*/queries", { method: "POST", headers: { host: "nobody.localhost" }, body: "{}" }));
    expect(res.status).toBe(404);
    const bad = await handleMultiQuery(new Request("http://alpha.localhost/api/search/1/indexes/*/queries", { method: "POST", headers: { host: "alpha.localhost" }, body: "{nope" }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "The request body is not valid JSON.", status: 400 });
  });

  it("answers the offers index with the site's own live offers, in the same request as vehicles", async () => {
    const alpha = client(await siteServer("alpha.localhost"));
    const { results } = await alpha.search({
      requests: [
        { indexName: "offers", query: "", facets: ["categories"] },
        { indexName: "vehicles", query: "", hitsPerPage: 0 },
        { indexName: "offers", query: "", filters: "expiry_ts > 0 OR start_ts > 0" },
      ],
    });
    const [offers, vehicles, widened] = results as { hits: { objectID: string }[]; nbHits: number; facets?: Record<string, Record<string, number>> }[];
    expect(offers.hits.map((h) => h.objectID)).toEqual(["live"]);
    expect(offers.facets?.categories).toEqual({ "New Car Offers": 1, "Finance Offers": 1 });
    expect(vehicles.nbHits).toBe(3);
    expect(widened.hits.map((h) => h.objectID)).toEqual(["live"]);
    const beta = client(await siteServer("beta.localhost"));
    const rb = (await beta.search({ requests: [{ indexName: "offers", query: "" }] })).results[0] as { hits: { objectID: string }[] };
    expect(rb.hits.map((h) => h.objectID)).toEqual(["beta-live"]);
  });
});

describe("long and hostile queries (issue 12 item 6: a 513-character query never answered)", () => {
  const ask = (params: Record<string, unknown>) =>
    handleMultiQuery(
      new Request("http://alpha.localhost/api/search/1/indexes/*/queries", {
        method: "POST",
        headers: { host: "alpha.localhost", "content-type": "application/json" },
        body: JSON.stringify({ requests: [{ indexName: "vehicles", params }] }),
      }),
    );

  it("answers a 10,000-character query and one of 300 one-letter words with a 400 in Algolia's terms, quickly", async () => {
    const start = Date.now();
    const long = await ask({ query: "a".repeat(10_000) });
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({ message: "query must be at most 512 characters; got 10000", status: 400 });
    const words = await ask({ query: Array(300).fill("a").join(" ") });
    expect(words.status).toBe(400);
    expect(await words.json()).toEqual({ message: "query must be at most 512 characters; got 599", status: 400 });
    const within = await ask({ query: Array(256).fill("t").join(" "), facets: ["*"] });
    expect(within.status).toBe(200);
    expect(Date.now() - start).toBeLessThan(5000);
  });

  it("answers huge numbers and a NUL or lone surrogate in the query with a 400 or results, never a 500", async () => {
    for (const params of [{ page: 1e308 }, { hitsPerPage: 2 ** 64 }, { page: "NaN" }, { numericFilters: ["price>1e308"] }, { query: "\u0000\ud800" }, { filters: "(".repeat(5000) }, { filters: `${"(".repeat(20_000)}make:Toyota${")".repeat(20_000)}` }]) {
      const res = await ask(params);
      expect([200, 400], JSON.stringify(params)).toContain(res.status);
    }
  });

  it("refuses filters nested 10,000 deep inside URL-encoded params (JSON in a string) with a 400", async () => {
    const deep = "[".repeat(10_000) + "]".repeat(10_000);
    for (const key of ["numericFilters", "facetFilters"]) {
      const res = await handleMultiQuery(
        new Request("http://alpha.localhost/api/search/1/indexes/*/queries", {
          method: "POST",
          headers: { host: "alpha.localhost" },
          body: JSON.stringify({ requests: [{ indexName: "vehicles", params: `query=&${key}=${encodeURIComponent(deep)}` }] }),
        }),
      );
      expect(res.status, key).toBe(400);
      expect(await res.json()).toEqual({ message: `${key} is nested too deeply (at most 32 levels)`, status: 400 });
    }
  });

  it("answers a server-rendered search the engine refuses with no results instead of never (InstantSearch waits for a result)", async () => {
    const search = searchInProcess;
    const { results } = await search("alpha.localhost", [{ indexName: "vehicles", params: { query: "a".repeat(600), hitsPerPage: 20 } }]);
    expect(results).toEqual([expect.objectContaining({ hits: [], nbHits: 0, index: "vehicles", hitsPerPage: 20 })]);
    const ok = await search("alpha.localhost", [{ indexName: "vehicles", params: { query: "" } }]);
    expect((ok.results[0] as { nbHits: number }).nbHits).toBe(3);
  });
});
