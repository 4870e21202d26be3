import { liteClient } from "algoliasearch/lite";

export const IN_PROCESS_SEARCH = Symbol.for("forecourt.search");
export type InProcessSearch = (host: string, requests: unknown[]) => Promise<{ results: unknown[] }>;

export interface AlgoliaConfig {
  appId: string;
  /** A search key restricted to the site's base filter (a secured API key), never the admin key. */
  apiKey: string;
}

type LiteClient = ReturnType<typeof liteClient>;

/**
 * The InstantSearch search client for a site. In the browser it is the algoliasearch lite client,
 * talking to Algolia when configured or to this app's /api/search (the same protocol) otherwise.
 * While the server renders the page, it queries the engine in process.
 */
export function createSearchClient(host: string, algolia?: AlgoliaConfig | null): LiteClient {
  if (algolia) return liteClient(algolia.appId, algolia.apiKey);
  if (typeof window !== "undefined") {
    return liteClient("forecourt", "public", {
      hosts: [{ url: `${window.location.host}/api/search`, accept: "read", protocol: window.location.protocol === "https:" ? "https" : "http" }],
    });
  }
  const search = (globalThis as Record<symbol, InProcessSearch | undefined>)[IN_PROCESS_SEARCH];
  return {
    search: (requests: unknown[]) => {
      if (!search) throw new Error("In-process search is not registered (call registerInProcessSearch on the server).");
      return search(host, requests);
    },
  } as unknown as LiteClient;
}
