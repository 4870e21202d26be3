import { liteClient } from "algoliasearch/lite";

export const IN_PROCESS_SEARCH = Symbol.for("forecourt.search");
export type InProcessSearch = (host: string, requests: unknown[]) => Promise<{ results: unknown[] }>;

export interface AlgoliaConfig {
  appId: string;
  /** A search key restricted to the site's base filter (a secured API key), never the admin key. */
  apiKey: string;
  /** A numeric filter ANDed to every query of the named index (the lowest-price sort without unpriced cars). */
  numericFilters?: Record<string, string>;
}

type LiteClient = ReturnType<typeof liteClient>;

// The identities of drafts being previewed (admin/preview-page.tsx), with their preview tokens.
const previews = new WeakMap<object, string>();
const PREVIEW_SUFFIX = /\/preview\/([A-Za-z0-9_-]+)$/;

/** Marks a draft's identity as shown by preview link `token`: its search then answers from the draft. */
export function markPreview(identity: object, token: string): void {
  previews.set(identity, token);
}

/**
 * The host a site's search is asked for: `{slug}.localhost`, or for a draft being previewed
 * `{slug}.localhost/preview/{token}`, so the preview's search uses the draft's settings (and works
 * before the site is first published) on the server and in the browser alike.
 */
export function searchHost(identity: { slug: string }): string {
  const token = previews.get(identity);
  return `${identity.slug}.localhost${token ? `/preview/${token}` : ""}`;
}

/** The slug and preview token a search host names; the token is null for a live site. */
export function parseSearchHost(host: string): { host: string; token: string | null } {
  const m = PREVIEW_SUFFIX.exec(host);
  return m ? { host: host.slice(0, m.index), token: m[1] } : { host, token: null };
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
    return liteClient("forecourt", "public", {
      hosts: [{ url: base, accept: "read", protocol: window.location.protocol === "https:" ? "https" : "http" }],
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
