import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { indexForSort, VEHICLES_INDEX } from "../domain/search-rules";
import { validateTenant } from "../domain/tenant-validation";
import { algoliaClientConfig } from "../server/search/algolia";
import { SearchIndex } from "../server/search/engine";
import { vehicleIndexSettings } from "../server/search/vehicle-index";
import { car } from "../tests/fixtures/search-records";
import { createSearchClient, OWN_SEARCH_TIMEOUTS, ownSearchClient } from "./search-client";

// The lite client's options are recorded; Algolia's is replaced so a test can see exactly what it
// would send, this app's own is the real one (it talks to a local server below).
const sent = vi.hoisted(() => ({ searches: [] as unknown[], options: [] as unknown[] }));
vi.mock("algoliasearch/lite", async (importOriginal) => {
  const real = await importOriginal<typeof import("algoliasearch/lite")>();
  return {
    liteClient: (appId: string, apiKey: string, options?: Parameters<typeof real.liteClient>[2]) => {
      sent.options.push(options);
      if (appId === "forecourt") return real.liteClient(appId, apiKey, options);
      return {
        appId,
        apiKey,
        search: async (requests: unknown[]) => {
          sent.searches.push(requests);
          return { results: requests.map(() => ({ hits: [] })) };
        },
      };
    },
  };
});

function tenant(slug: string) {
  const result = validateTenant(JSON.parse(readFileSync(`tenants/${slug}.json`, "utf8")));
  if (!result.ok) throw new Error(`tenants/${slug}.json is invalid`);
  return result.document;
}

const useAlgolia = () => {
  vi.stubEnv("ALGOLIA_APP_ID", "TESTAPP");
  vi.stubEnv("ALGOLIA_SEARCH_KEY", "search-key-0123");
};
afterEach(() => {
  vi.unstubAllEnvs();
});

describe("createSearchClient with an Algolia config (from algoliaClientConfig)", () => {
  it("sends the lowest-price sort's extra condition only with that index's queries, where the site asks for it", async () => {
    useAlgolia();
    const priceAsc = indexForSort({ attribute: "price", direction: "asc" });
    const config = algoliaClientConfig(tenant("bluegum"), new Date())!;
    expect(tenant("bluegum").search.priceAscendingNeedsPrice).toBe(true);
    expect(config.numericFilters).toEqual({ [priceAsc]: "price > 0" });
    sent.searches.length = 0;
    await createSearchClient("bluegum.localhost", config).search([
      { indexName: priceAsc, params: { query: "", numericFilters: ["km<=50000"] } },
      { indexName: VEHICLES_INDEX, params: { query: "" } },
    ] as never);
    expect(sent.searches).toEqual([
      [
        { indexName: priceAsc, params: { query: "", numericFilters: ["km<=50000", "price > 0"] } },
        { indexName: VEHICLES_INDEX, params: { query: "" } },
      ],
    ]);
    // A site without the rule sends queries unchanged.
    expect(algoliaClientConfig(tenant("coralstone-mazda"), new Date())!.numericFilters).toBeUndefined();
  });
});

describe("createSearchClient in the browser without Algolia", () => {
  it("asks this app's /api/search (a preview's under its token) with timeouts a busy server can meet", () => {
    vi.stubGlobal("window", { location: { host: "bluegum.localhost:3000", protocol: "http:" } });
    try {
      sent.options.length = 0;
      createSearchClient("bluegum.localhost:3000");
      createSearchClient("bluegum.localhost/preview/tok123");
      expect(sent.options).toEqual([
        expect.objectContaining({ hosts: [{ url: "bluegum.localhost:3000/api/search", accept: "read", protocol: "http" }], timeouts: { connect: 5_000, read: 10_000, write: 30_000 } }),
        expect.objectContaining({ hosts: [expect.objectContaining({ url: "bluegum.localhost:3000/preview/tok123/api/search" })], timeouts: OWN_SEARCH_TIMEOUTS }),
      ]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

/**
 * A local /api/search that answers from the embedded engine, each try as it is told: at once, late,
 * with a status, or by dropping the connection. It counts the tries and keeps their bodies.
 */
type Try = "answer" | "late" | "drop" | 503 | 400;
async function searchServer(tries: Try[]) {
  const index = new SearchIndex(vehicleIndexSettings);
  index.replaceAll([car(1, { model: "HiLux", body: "Ute" }), car(2, { model: "Corolla", body: "Hatch" })]);
  const bodies: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const how = tries[bodies.length] ?? "answer";
      bodies.push(`${req.method} ${req.url?.split("?")[0]} ${body}`);
      const answer = () => {
        if (res.destroyed) return;
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(index.multipleQueries(JSON.parse(body).requests)));
      };
      if (how === "answer") answer();
      else if (how === "late") setTimeout(answer, 1_500);
      else if (how === "drop") req.socket.destroy();
      else {
        res.writeHead(how, { "content-type": "application/json" });
        res.end(JSON.stringify({ message: how === 400 ? "Bad request" : "The server is restarting" }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  // Short timeouts (the page's are 5 s and 10 s): "late" is past the read timeout.
  const client = ownSearchClient(`127.0.0.1:${port}/api/search`, "http", { connect: 500, read: 400, write: 1_000 }, 20);
  const search = (query: string) => client.search([{ indexName: VEHICLES_INDEX, params: { query, attributesToRetrieve: ["model"] } }] as never);
  const close = () => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  };
  return { bodies, search, close };
}

const models = (r: unknown) => (r as { results: { hits: { model: string }[] }[] }).results[0].hits.map((h) => h.model);

describe("this app's search client with a slow or failing server (a real local HTTP server)", () => {
  it.each([
    ["answers too late (past the read timeout)", "late"],
    ["drops the connection", "drop"],
    ["answers 503 (a restart)", 503],
  ] as const)("asks once more when the server %s, and takes the second answer", async (_what, first) => {
    const s = await searchServer([first, "answer"]);
    try {
      expect(models(await s.search("hilux"))).toEqual(["HiLux"]);
      expect(s.bodies).toHaveLength(2);
      expect(s.bodies[1]).toBe(s.bodies[0]);
      expect(s.bodies[0]).toMatch(/^POST \/api\/search\/1\/indexes\/\*\/queries \{"requests":\[\{"indexName":"vehicles"/);
    } finally {
      await s.close();
    }
  });

  it("fails after the second try when the server keeps failing, and does not ask again a request the server refused (4xx)", async () => {
    const s = await searchServer([503, "late", 400]);
    try {
      await expect(s.search("ute")).rejects.toMatchObject({ name: "RetryError" });
      expect(s.bodies).toHaveLength(2);
      await expect(s.search("ute")).rejects.toMatchObject({ name: "ApiError", status: 400, message: "Bad request" });
      expect(s.bodies).toHaveLength(3);
      // The host is not remembered as slow or down: the next search is asked at once, and answered.
      expect(models(await s.search("corolla"))).toEqual(["Corolla"]);
      expect(s.bodies).toHaveLength(4);
    } finally {
      await s.close();
    }
  });
});
