import { tenantForHost } from "../tenants/live";
import { parseSearchHost, type InProcessSearch } from "../../domain/search-host";
import { publishInProcessSearch } from "../root/services";
import { searchForTenant } from "./service";
import { previewDocument } from "../admin/preview";

/** An empty answer to one query: what server rendering shows when the query could not run. */
function emptyResult(request: unknown) {
  const r = (request ?? {}) as { indexName?: unknown; params?: { query?: unknown; hitsPerPage?: unknown } };
  const params = typeof r.params === "object" && r.params ? r.params : {};
  return {
    hits: [],
    nbHits: 0,
    page: 0,
    nbPages: 0,
    hitsPerPage: typeof params.hitsPerPage === "number" ? params.hitsPerPage : 20,
    exhaustiveNbHits: true,
    query: typeof params.query === "string" ? params.query : "",
    params: "",
    index: typeof r.indexName === "string" ? r.indexName : "",
    processingTimeMS: 0,
    facets: {},
  };
}

/**
 * Lets server rendering of the search UI (a client component rendered on the server) query the
 * engine in process instead of over HTTP, without bundling server code into the browser. A
 * preview's search host (domain/search-host.ts) searches with the draft.
 *
 * A query the engine refuses (a hostile URL: page=1e308, an unknown index) is answered with empty
 * results and logged: react-instantsearch-nextjs waits for a result and never for an error, so a
 * rejected search would leave the page hanging without an answer.
 */
export const searchInProcess: InProcessSearch = async (searchHost, requests) => {
  const { host, token } = parseSearchHost(searchHost);
  const document = token ? await previewDocument(host, token) : (await tenantForHost(host))?.document;
  if (!document) throw new Error(token ? `The preview link for ${host} is no longer valid.` : `No dealer site answers at ${host}.`);
  try {
    return await searchForTenant(document, requests);
  } catch (error) {
    console.error(`[search] a server-rendered search for ${host} failed; answering with no results:`, (error as Error).message);
    return { results: (Array.isArray(requests) ? requests : []).map(emptyResult) };
  }
};

/** Publishes searchInProcess where the client components rendered on the server find it (server/root/services.ts). */
export function registerInProcessSearch() {
  publishInProcessSearch(searchInProcess);
}
