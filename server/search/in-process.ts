import { tenantForHost } from "../tenants/live";
import { IN_PROCESS_SEARCH, type InProcessSearch } from "../../renderer/search-client";
import { parseSearchHost } from "../../renderer/search-host";
import { searchForTenant } from "./service";
import { previewDocument } from "../admin/preview";

/**
 * Lets server rendering of the search UI (a client component rendered on the server) query the
 * engine in process instead of over HTTP, without bundling server code into the browser. A
 * preview's search host (renderer/search-host.ts) searches with the draft.
 */
export function registerInProcessSearch() {
  const g = globalThis as typeof globalThis & { [IN_PROCESS_SEARCH]?: InProcessSearch };
  g[IN_PROCESS_SEARCH] ??= async (searchHost, requests) => {
    const { host, token } = parseSearchHost(searchHost);
    const document = token ? await previewDocument(host, token) : (await tenantForHost(host))?.document;
    if (!document) throw new Error(token ? `The preview link for ${host} is no longer valid.` : `No dealer site answers at ${host}.`);
    return searchForTenant(document, requests);
  };
}
