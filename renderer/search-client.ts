import { liteClient } from "algoliasearch/lite";
import { inProcessSearch, parseSearchHost, type AlgoliaConfig } from "../domain/search-host";

type LiteClient = ReturnType<typeof liteClient>;

/**
 * Timeouts (ms) for this app's own /api/search. The lite client's defaults (connect 1 s, read 2 s)
 * suit Algolia's many hosts, where a slow one is retried on the next; ours is the only host, so a
 * busy server or a slow phone connection would otherwise show the previous results as if the
 * search had failed.
 */
export const OWN_SEARCH_TIMEOUTS = { connect: 5_000, read: 10_000, write: 30_000 };

/**
 * The InstantSearch search client for a site. In the browser it is the algoliasearch lite client,
 * talking to Algolia when configured or to this app's /api/search (the same protocol) otherwise.
 * While the server renders the page, it queries Algolia when configured, else the engine in process.
 */
export function createSearchClient(host: string, algolia?: AlgoliaConfig | null): LiteClient {
  if (algolia) return algoliaClient(algolia);
  if (typeof window !== "undefined") {
    const { token } = parseSearchHost(host);
    const base = `${window.location.host}${token ? `/preview/${token}` : ""}/api/search`;
    return liteClient("forecourt", "public", {
      hosts: [{ url: base, accept: "read", protocol: window.location.protocol === "https:" ? "https" : "http" }],
      timeouts: OWN_SEARCH_TIMEOUTS,
    });
  }
  const search = inProcessSearch();
  return {
    search: (requests: unknown[]) => {
      if (!search) throw new Error("In-process search is not registered (call registerInProcessSearch on the server).");
      return search(host, requests);
    },
  } as unknown as LiteClient;
}

type Request = { indexName: string; params?: { numericFilters?: unknown } };

/** The lite client for Algolia; the config's per-index numeric filters are ANDed to those indices' queries. */
function algoliaClient({ appId, apiKey, numericFilters = {} }: AlgoliaConfig): LiteClient {
  const client = liteClient(appId, apiKey);
  if (!Object.keys(numericFilters).length) return client;
  const narrow = (r: Request) => {
    const extra = numericFilters[r.indexName];
    return extra ? { ...r, params: { ...r.params, numericFilters: [...[r.params?.numericFilters ?? []].flat(), extra] } } : r;
  };
  return { ...client, search: (requests: Request[], options?: never) => client.search(requests.map(narrow) as never, options) } as LiteClient;
}
