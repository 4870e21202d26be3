import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { indexForSort, VEHICLES_INDEX } from "../domain/search-rules";
import { validateTenant } from "../domain/tenant-validation";
import { algoliaClientConfig } from "../server/search/algolia";
import { createSearchClient, OWN_SEARCH_TIMEOUTS } from "./search-client";

// The browser's lite client, replaced so a test can see exactly what it would send.
const sent = vi.hoisted(() => ({ searches: [] as unknown[], options: [] as unknown[] }));
vi.mock("algoliasearch/lite", () => ({
  liteClient: (appId: string, apiKey: string, options?: unknown) => ({
    appId,
    apiKey,
    options: sent.options.push(options) && options,
    search: async (requests: unknown[]) => {
      sent.searches.push(requests);
      return { results: requests.map(() => ({ hits: [] })) };
    },
  }),
}));

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
        { hosts: [{ url: "bluegum.localhost:3000/api/search", accept: "read", protocol: "http" }], timeouts: { connect: 5_000, read: 10_000, write: 30_000 } },
        expect.objectContaining({ hosts: [expect.objectContaining({ url: "bluegum.localhost:3000/preview/tok123/api/search" })], timeouts: OWN_SEARCH_TIMEOUTS }),
      ]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
