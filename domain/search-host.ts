/**
 * Which site (and which draft) a search is for, and how the search client reaches its engine: the
 * types and names shared by the browser client (renderer/search-client.ts) and the server
 * (server/search/). Kept apart from the search client so that blocks and the server can name them
 * without pulling the algoliasearch library in.
 */

/** Where the server registers its in-process search for the client to find during server rendering. */
export const IN_PROCESS_SEARCH = Symbol.for("forecourt.search");
export type InProcessSearch = (host: string, requests: unknown[]) => Promise<{ results: unknown[] }>;

/**
 * The in-process search the server registered, if any. A process global, not module state: the
 * server registers it from the server components' module graph, and the search client reads it
 * while client components render on the server, in another graph of the same process with its own
 * copy of every module. The browser never has one.
 */
export const inProcessSearch = (): InProcessSearch | undefined => (globalThis as { [IN_PROCESS_SEARCH]?: InProcessSearch })[IN_PROCESS_SEARCH];

export interface AlgoliaConfig {
  appId: string;
  /** A search key restricted to the site's base filter (a secured API key), never the admin key. */
  apiKey: string;
  /** A numeric filter ANDed to every query of the named index (the lowest-price sort without unpriced cars). */
  numericFilters?: Record<string, string>;
}

const PREVIEW_SUFFIX = /\/preview\/([A-Za-z0-9_-]+)$/;

/**
 * The host a site's search is asked for: `{slug}.localhost`, or for a draft shown by preview link
 * `previewToken` `{slug}.localhost/preview/{token}`, so the preview's search uses the draft's settings
 * (and works before the site is first published) on the server and in the browser alike. Blocks read
 * it from their context (`ctx.searchHost`), which the page sets.
 */
export function searchHost(identity: { slug: string }, previewToken?: string | null): string {
  return `${identity.slug}.localhost${previewToken ? `/preview/${previewToken}` : ""}`;
}

/** The slug and preview token a search host names; the token is null for a live site. */
export function parseSearchHost(host: string): { host: string; token: string | null } {
  const m = PREVIEW_SUFFIX.exec(host);
  return m ? { host: host.slice(0, m.index), token: m[1] } : { host, token: null };
}
