import { spawnSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { algoliasearch } from "algoliasearch";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { FACET_ATTRIBUTES, SEARCHABLE_ATTRIBUTES } from "../../domain/search-record";
import { allowedIndices, indexForSort, tenantBaseFilter, VEHICLES_INDEX } from "../../domain/search-rules";
import { validateTenant } from "../../domain/tenant-validation";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { pgliteDatabase, type TestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { vehicles } from "../db/schema";
import { loadSearchRecords } from "../inventory/records";
import { seedDemoTenants } from "../demo/seed";
import { getLiveDocument, listTenants } from "../tenants/store";
import { algoliaClientConfig, algoliaEnv, algoliaIndexSettings, pushToAlgolia, replicaIndices, securedSearchKey } from "./algolia";
import { main as searchPush } from "../../scripts/search-push";
import { runMain } from "../../tests/run-cli";

const demoTenants: TenantDocument[] = readdirSync("tenants")
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map((f) => {
    const result = validateTenant(JSON.parse(readFileSync(join("tenants", f), "utf8")));
    if (!result.ok) throw new Error(`tenants/${f} is invalid`);
    return result.document;
  });
const tenant = (slug: string) => demoTenants.find((t) => t.identity.slug === slug)!;

const ENV = { ALGOLIA_APP_ID: "TESTAPP", ALGOLIA_SEARCH_KEY: "search-key-0123", ALGOLIA_ADMIN_KEY: "admin-key-4567" };
const useAlgolia = () => Object.entries(ENV).forEach(([k, v]) => vi.stubEnv(k, v));
const noAlgolia = () => Object.keys(ENV).forEach((k) => vi.stubEnv(k, ""));
afterEach(() => {
  vi.unstubAllEnvs();
});

/** A secured key taken apart: base64 of HMAC-SHA256 hex (64 characters) followed by the query string it signs. */
function decodeKey(key: string) {
  const raw = Buffer.from(key, "base64").toString("utf8");
  const [hmac, query] = [raw.slice(0, 64), raw.slice(64)];
  return { hmac, query, params: Object.fromEntries(new URLSearchParams(query)) };
}

/**
 * Algolia's documented filter grammar, for the shapes we generate: single filters and parenthesised
 * OR groups joined by AND; no AND inside a group, no nesting, no NOT of a group, and one filter type
 * (facet `attr:value` or numeric `attr op number`) per OR group.
 */
function filterProblems(filter: string): string[] {
  const kind = (f: string) => (/^\w+:[\w.-]+$/.test(f) ? "facet" : /^\w+ (<|<=|=|!=|>=|>) -?\d+$/.test(f) ? "numeric" : null);
  const problems: string[] = [];
  for (const part of filter.split(" AND ")) {
    const group = /^\(([^()]*)\)$/.exec(part);
    if (!group && /[() ]OR /.test(part)) problems.push(`OR outside parentheses: ${part}`);
    const terms = group ? group[1].split(" OR ") : [part];
    const kinds = new Set(terms.map(kind));
    if (kinds.has(null)) problems.push(`not a filter Algolia reads: ${part}`);
    if (kinds.size > 1) problems.push(`mixes filter types in one OR group: ${part}`);
  }
  return problems;
}

/** The attributes a filter names, by how it uses them. */
const filterAttributes = (filter: string) => ({
  facet: [...filter.matchAll(/(\w+):/g)].map((m) => m[1]),
  numeric: [...filter.matchAll(/(\w+) (?:<|<=|=|!=|>=|>) /g)].map((m) => m[1]),
});

describe("algoliaEnv and the UI config", () => {
  it("is off unless the app id and the search key are set", () => {
    noAlgolia();
    expect(algoliaEnv()).toBeNull();
    expect(algoliaClientConfig(tenant("harbourline"), new Date())).toBeNull();
    vi.stubEnv("ALGOLIA_APP_ID", "TESTAPP");
    vi.stubEnv("ALGOLIA_ADMIN_KEY", "admin-key-4567");
    expect(algoliaEnv()).toBeNull(); // an admin key alone never makes pages talk to Algolia
    useAlgolia();
    expect(algoliaEnv()).toEqual({ appId: "TESTAPP", searchKey: "search-key-0123", adminKey: "admin-key-4567" });
  });

  it("gives the UI the app id and the site's secured key, never the admin or parent key", () => {
    useAlgolia();
    const now = new Date("2026-06-01T10:20:00Z");
    const config = algoliaClientConfig(tenant("coralstone-mazda"), now)!;
    expect(config).toEqual({ appId: "TESTAPP", apiKey: securedSearchKey(tenant("coralstone-mazda"), now) });
    expect(JSON.stringify(config)).not.toMatch(/admin-key|search-key/);
  });
});

describe("securedSearchKey", () => {
  const now = new Date("2026-06-01T10:20:00Z");
  const hourEnd = Date.parse("2026-06-01T11:00:00Z") / 1000;

  it("signs the site's base filter, its own indices and an expiry with ALGOLIA_SEARCH_KEY", () => {
    useAlgolia();
    for (const t of demoTenants) {
      const { hmac, query, params } = decodeKey(securedSearchKey(t, now));
      expect(hmac).toBe(createHmac("sha256", ENV.ALGOLIA_SEARCH_KEY).update(query).digest("hex"));
      expect(params).toEqual({
        filters: tenantBaseFilter(t, new Date(hourEnd * 1000)),
        restrictIndices: [...allowedIndices(t.search)].sort().join(","),
        validUntil: String(hourEnd + 86400),
      });
    }
    const bluegum = decodeKey(securedSearchKey(tenant("bluegum"), now)).params;
    expect(bluegum.filters).toBe(`(dealership_id:301) AND show_on_dealer_website:true AND listing_ts >= ${hourEnd - 7 * 86400} AND (car_type:used) AND (item_type:car)`);
    expect(bluegum.restrictIndices).toBe("vehicles,vehicles_created_at_desc,vehicles_km_asc,vehicles_price_asc,vehicles_price_desc");
  });

  it("is the key algoliasearch's own generateSecuredApiKey makes", () => {
    useAlgolia();
    const t = tenant("harbourline");
    const { params } = decodeKey(securedSearchKey(t, now));
    const node = algoliasearch(ENV.ALGOLIA_APP_ID, ENV.ALGOLIA_SEARCH_KEY) as unknown as {
      generateSecuredApiKey(o: { parentApiKey: string; restrictions: object }): string;
    };
    const restrictions = { filters: params.filters, restrictIndices: params.restrictIndices.split(","), validUntil: Number(params.validUntil) };
    expect(securedSearchKey(t, now)).toBe(node.generateSecuredApiKey({ parentApiKey: ENV.ALGOLIA_SEARCH_KEY, restrictions }));
  });

  it("serves a whole hour with one cached key, and never shows a car sold longer ago than the site's days", () => {
    useAlgolia();
    const t = tenant("harbourline");
    const key = securedSearchKey(t, new Date("2026-06-01T10:00:01Z"));
    expect(securedSearchKey(t, new Date("2026-06-01T10:59:59Z"))).toBe(key);
    expect(securedSearchKey(t, new Date("2026-06-01T11:00:01Z"))).not.toBe(key);
    expect(securedSearchKey(tenant("redgate"), now)).not.toBe(securedSearchKey(t, now));
    // The bound is at most an hour later than the exact "now - 3 days": cars leave early, never late.
    const bound = Number(/listing_ts >= (\d+)/.exec(decodeKey(securedSearchKey(t, now)).params.filters)![1]);
    const exact = now.getTime() / 1000 - 3 * 86400;
    expect(bound).toBeGreaterThanOrEqual(exact);
    expect(bound - exact).toBeLessThanOrEqual(3600);
    // With sold cars off, the bound is past now for the whole hour: no sold car shows.
    const soldOff = Number(/listing_ts >= (\d+)/.exec(decodeKey(securedSearchKey(tenant("kowhai-motors"), now)).params.filters)![1]);
    expect(soldOff).toBeGreaterThan(hourEnd);
  });

  it("changes when the site's document changes within the hour", () => {
    useAlgolia();
    const t = structuredClone(tenant("redgate"));
    const before = securedSearchKey(t, now);
    t.dealerships.push({ ...t.dealerships[0], id: 599, slug: "redgate-extra" });
    const after = securedSearchKey(t, now);
    expect(after).not.toBe(before);
    expect(decodeKey(after).params.filters).toContain("dealership_id:599");
  });

  it("writes filters Algolia's grammar accepts, on attributes the index lets it filter", () => {
    const { primary } = algoliaIndexSettings([]);
    const facetable = new Set(primary.attributesForFaceting!.map((a) => a.replace(/^(filterOnly|searchable)\((.*)\)$/, "$2")));
    const variants = demoTenants.flatMap((t) => {
      const fewer = structuredClone(t);
      fewer.identity.carTypes = ["new", "used"];
      fewer.identity.stockKinds = ["car", "caravan"];
      fewer.features.soldCars = { ...fewer.features.soldCars, enabled: false };
      return [t, fewer];
    });
    for (const t of variants) {
      const filter = tenantBaseFilter(t, now);
      expect(filterProblems(filter), filter).toEqual([]);
      const attrs = filterAttributes(filter);
      for (const a of attrs.facet) expect(facetable.has(a), a).toBe(true);
      for (const a of attrs.numeric) expect(primary.numericAttributesForFiltering, a).toContain(a);
    }
    // The checker itself refuses what Algolia refuses.
    expect(filterProblems("(make:Kia OR price > 5)")).toHaveLength(1);
    expect(filterProblems("(make:Kia AND model:Rio) OR make:Ford")).not.toEqual([]);
    expect(filterProblems("NOT (make:Kia OR make:Ford)")).not.toEqual([]);
    expect(filterProblems("(make:Kia OR make:Ford) AND price > 5 AND (reserved:false)")).toEqual([]);
  });
});

describe("npm run search:push against a local server posing as Algolia", () => {
  interface Call {
    method: string;
    path: string;
    headers: Record<string, string | string[] | undefined>;
    body: unknown;
  }
  const calls: Call[] = [];
  let server: Server;
  let tdb: TestDatabase;
  let h: DbHandle;
  let taskID = 0;

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const text = Buffer.concat(chunks).toString("utf8");
      const path = new URL(req.url!, "http://127.0.0.1").pathname;
      const body = text ? JSON.parse(text) : undefined;
      calls.push({ method: req.method!, path, headers: req.headers, body });
      const reply = (status: number, data: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(data));
      };
      const updatedAt = "2026-06-01T10:00:00.000Z";
      if (req.method === "GET" && /^\/1\/indexes\/[^/]+\/task\/\d+$/.test(path)) return reply(200, { status: "published", pendingTask: false });
      if (req.method === "PUT" && /^\/1\/indexes\/[^/]+\/settings$/.test(path)) return reply(200, { taskID: ++taskID, updatedAt });
      if (req.method === "POST" && /^\/1\/indexes\/[^/]+\/operation$/.test(path)) return reply(200, { taskID: ++taskID, updatedAt });
      if (req.method === "POST" && /^\/1\/indexes\/[^/]+\/synonyms\/batch$/.test(path)) return reply(200, { taskID: ++taskID, updatedAt });
      if (req.method === "POST" && /^\/1\/indexes\/[^/]+\/batch$/.test(path)) {
        const requests = (body as { requests: { body: { objectID: string } }[] }).requests;
        return reply(200, { taskID: ++taskID, objectIDs: requests.map((r) => r.body.objectID) });
      }
      reply(404, { message: `no route ${req.method} ${path}`, status: 404 });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    tdb = pgliteDatabase();
    h = await tdb.open();
    await seedDemoTenants(h);
  });
  afterAll(async () => {
    server.close();
    await h.close();
    await tdb.cleanup();
  });

  const client = () =>
    algoliasearch("TESTAPP", "admin-key-4567", {
      hosts: [{ url: `127.0.0.1:${(server.address() as AddressInfo).port}`, protocol: "http", accept: "readWrite" }],
    });

  it("replaces every record in batches, then sets the settings of the primary and of each sort replica", async () => {
    const batchSize = 500;
    const summary = await pushToAlgolia(client(), h.db, { batchSize });

    const liveSites: TenantDocument[] = [];
    for (const t of await listTenants(h.db)) liveSites.push((await getLiveDocument(h.db, t.slug))!.document);
    const vehicleIds = (await h.db.select({ id: vehicles.id }).from(vehicles)).map((r) => r.id).sort();
    const expectedRecords = JSON.parse(JSON.stringify(await loadSearchRecords(h.db)));
    const sortIndices = [...new Set(liveSites.flatMap((t) => t.search.sorts.map(indexForSort)))].filter((n) => n !== VEHICLES_INDEX).sort();
    expect(vehicleIds.length).toBeGreaterThan(1000);
    expect(sortIndices).toEqual(expect.arrayContaining(["vehicles_price_asc", "vehicles_price_desc", "vehicles_created_at_desc", "vehicles_km_asc"]));

    // Every call carries the app id and the admin key.
    for (const c of calls) {
      expect(c.headers["x-algolia-application-id"]).toBe("TESTAPP");
      expect(c.headers["x-algolia-api-key"]).toBe("admin-key-4567");
    }

    // The records: a temporary index filled in batches, then moved over the primary.
    const writes = calls.filter((c) => c.method !== "GET");
    const [copy] = writes;
    expect(copy).toMatchObject({ method: "POST", path: "/1/indexes/vehicles/operation", body: { operation: "copy", scope: ["settings", "rules", "synonyms"] } });
    const tmp = (copy.body as { destination: string }).destination;
    expect(tmp).toMatch(/^vehicles_tmp_\d+$/);
    const batches = writes.filter((c) => c.path.endsWith("/batch") && !c.path.endsWith("/synonyms/batch"));
    expect(batches.map((c) => c.path)).toEqual(batches.map(() => `/1/indexes/${tmp}/batch`));
    expect(batches).toHaveLength(Math.ceil(vehicleIds.length / batchSize));
    const requests = batches.flatMap((c) => (c.body as { requests: { action: string; body: { objectID: string } }[] }).requests);
    expect(batches.every((c) => (c.body as { requests: unknown[] }).requests.length <= batchSize)).toBe(true);
    expect(requests.every((r) => r.action === "addObject")).toBe(true);
    expect(requests).toHaveLength(vehicleIds.length);
    expect(requests.map((r) => r.body.objectID).sort()).toEqual(vehicleIds);
    expect(requests.map((r) => r.body)).toEqual(expectedRecords);
    const move = writes.find((c) => c.path === `/1/indexes/${tmp}/operation` && (c.body as { operation: string }).operation === "move");
    expect(move?.body).toEqual({ operation: "move", destination: "vehicles" });

    // The settings: the primary names every sort replica a demo site uses; each replica sorts first.
    const settings = writes.filter((c) => c.method === "PUT");
    expect(settings.map((c) => c.path)).toEqual(["vehicles", ...sortIndices].map((n) => `/1/indexes/${n}/settings`));
    expect(writes.indexOf(settings[0])).toBeGreaterThan(writes.indexOf(move!));
    const shared = {
      searchableAttributes: [...SEARCHABLE_ATTRIBUTES],
      attributesForFaceting: [...FACET_ATTRIBUTES, "price", "km", "filterOnly(listing_ts)"],
      numericAttributesForFiltering: expect.arrayContaining(["listing_ts", "price", "km", "year", "dealership_id"]),
      customRanking: ["desc(custom_rank)"],
      minWordSizefor1Typo: 4,
      minWordSizefor2Typos: 8,
      attributeForDistinct: "stocknum",
      allowTyposOnNumericTokens: false,
    };
    expect(settings[0].body).toEqual({ ...shared, replicas: sortIndices });
    for (const [i, name] of sortIndices.entries()) {
      const [, attribute, direction] = /^vehicles_(\w+)_(asc|desc)$/.exec(name)!;
      expect(settings[i + 1].body).toEqual({
        ...shared,
        ranking: [`${direction}(${attribute})`, "typo", "geo", "words", "filters", "proximity", "attribute", "exact", "custom"],
      });
    }
    // Then the search box's one-word synonyms, replacing the index's, on its replicas too.
    const synonyms = writes.filter((c) => c.path.endsWith("/synonyms/batch"));
    expect(synonyms.map((c) => c.path)).toEqual(["/1/indexes/vehicles/synonyms/batch"]);
    expect(synonyms[0].body).toContainEqual({ objectID: "table-pickup", type: "oneWaySynonym", input: "pickup", synonyms: ["ute"] });
    expect(writes.indexOf(synonyms[0])).toBeGreaterThan(writes.indexOf(settings.at(-1)!));
    // Each settings task is waited for on its own index.
    const waits = calls.filter((c) => c.method === "GET").map((c) => c.path.replace(/\/task\/\d+$/, ""));
    expect(waits).toEqual(expect.arrayContaining(["vehicles", ...sortIndices].map((n) => `/1/indexes/${n}`)));

    expect(summary).toEqual({ records: vehicleIds.length, batches: batches.length, sites: liveSites.length, replicas: sortIndices });
    expect(replicaIndices(liveSites)).toEqual(sortIndices);
  });

  it("stops with a clear message and exit 1 without the app id or the admin key", async () => {
    const run = (env: Record<string, string>) =>
      spawnSync(process.execPath, ["--import", "tsx", "--import", "./scripts/server-only.mjs", "scripts/search-push.ts"], {
        env: { ...process.env, ALGOLIA_APP_ID: "", ALGOLIA_SEARCH_KEY: "", ALGOLIA_ADMIN_KEY: "", ...env },
        encoding: "utf8",
      });
    const none = run({}); // the one real process; main in this process below
    expect(none.status).toBe(1);
    expect(none.stderr).toContain("search:push needs ALGOLIA_APP_ID and ALGOLIA_ADMIN_KEY");
    const noAdmin = await runMain(searchPush, [], { ALGOLIA_APP_ID: "TESTAPP", ALGOLIA_SEARCH_KEY: "search-key-0123", ALGOLIA_ADMIN_KEY: "" });
    expect(noAdmin.status).toBe(1);
    expect(noAdmin.stderr).toContain("search:push needs ALGOLIA_ADMIN_KEY");
  });
});
