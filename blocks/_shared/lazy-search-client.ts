import type { AlgoliaConfig } from "../../domain/search-host";

type Requests = Parameters<ReturnType<typeof import("../../renderer/search-client").createSearchClient>["search"]>[0];

/** What the search hero, model search and similar cars ask of a search client. */
export interface LazySearchClient {
  search(requests: Requests): Promise<{ results: unknown[] }>;
}

/**
 * A search client whose library (the algoliasearch lite client) is fetched with its first search
 * rather than with the page: these blocks search only after a visitor acts or scrolls, and their
 * first results come from the server. The client is made once and reused.
 */
export function lazySearchClient(host: string, algolia?: AlgoliaConfig | null): LazySearchClient {
  let client: ReturnType<typeof import("../../renderer/search-client").createSearchClient> | null = null;
  return {
    async search(requests) {
      client ??= (await import("../../renderer/search-client")).createSearchClient(host, algolia);
      return (await client.search(requests)) as { results: unknown[] };
    },
  };
}
