import { tenantForHost } from "../tenants/live";
import { IN_PROCESS_SEARCH, type InProcessSearch } from "../../renderer/search-client";
import { searchForTenant } from "./service";

/**
 * Lets server rendering of the search UI (a client component rendered on the server) query the
 * engine in process instead of over HTTP, without bundling server code into the browser.
 */
export function registerInProcessSearch() {
  const g = globalThis as typeof globalThis & { [IN_PROCESS_SEARCH]?: InProcessSearch };
  g[IN_PROCESS_SEARCH] ??= async (host, requests) => {
    const live = await tenantForHost(host);
    if (!live) throw new Error(`No dealer site answers at ${host}.`);
    return searchForTenant(live.document, requests);
  };
}
