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

/** The pause before a search that found the server busy or away (a timeout, a dropped connection, a 5xx) is asked once more. */
export const OWN_SEARCH_RETRY_MS = 500;

type ClientOptions = NonNullable<Parameters<typeof liteClient>[2]>;

/**
 * Our one host is never marked down or slow: the lite client remembers a timed-out host (in
 * localStorage, for two minutes) and would give every later search four times the timeouts.
 */
const NO_HOST_MEMORY: ClientOptions["hostsCache"] = {
  get: (_key, make) => make(),
  set: (_key, value) => Promise.resolve(value),
  delete: () => Promise.resolve(),
  clear: () => Promise.resolve(),
};

/**
 * The lite client for this app's /api/search, whose searches are reads (the same request gives the
 * same answer): one that failed for want of an answer — the lite client's "Unreachable hosts" after
 * a timeout, a dropped connection or a 5xx such as a restart's 503 — is asked once more; an answer
 * that refuses the request (4xx) is not. A second failure is the search's (the page says so).
 */
export function ownSearchClient(url: string, protocol: "http" | "https", timeouts = OWN_SEARCH_TIMEOUTS, retryMs = OWN_SEARCH_RETRY_MS): LiteClient {
  const client = liteClient("forecourt", "public", { hosts: [{ url, accept: "read", protocol }], timeouts, hostsCache: NO_HOST_MEMORY });
  const search = client.search.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const again = async (...args: unknown[]) => {
    try {
      return await search(...args);
    } catch (error) {
      if ((error as Error | null)?.name !== "RetryError") throw error;
      await new Promise((resolve) => setTimeout(resolve, retryMs));
      return search(...args);
    }
  };
  return Object.assign(client, { search: again }) as LiteClient;
}

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
    return ownSearchClient(base, window.location.protocol === "https:" ? "https" : "http");
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
