import type { TenantDocument } from "../../schemas/generated/tenant";
import { allowedIndices, indexForSort, tenantBaseFilter } from "../../domain/search-rules";
import { loadSearchRecords } from "../inventory/records";
import { SearchRequestError } from "./engine";
import { getVehicleIndex } from "./vehicle-index";

export { SearchRequestError };

export interface MultiQueryRequest {
  indexName: string;
  params?: string | Record<string, unknown>;
}

export const MAX_QUERIES = 50;

/**
 * Answers an Algolia multi-query for one site. Only the site's own indices may be named, and every
 * query runs under the site's base filter, which nothing in the request can widen.
 */
export async function searchForTenant(tenant: TenantDocument, requests: unknown, now = new Date()) {
  if (!Array.isArray(requests)) throw new SearchRequestError('The request body needs a "requests" array.');
  if (requests.length > MAX_QUERIES) throw new SearchRequestError(`At most ${MAX_QUERIES} queries per request; got ${requests.length}.`);
  const allowed = allowedIndices(tenant.search);
  requests.forEach((r, i) => {
    const name = (r as MultiQueryRequest | null)?.indexName;
    if (typeof name !== "string" || !allowed.has(name)) {
      throw new SearchRequestError(`requests[${i}].indexName ${JSON.stringify(name ?? null)} is not an index of this site.`);
    }
  });
  const base = tenantBaseFilter(tenant, now);
  const index = await getVehicleIndex(loadSearchRecords);
  const priceAsc = indexForSort({ attribute: "price", direction: "asc" });
  if (!tenant.search.priceAscendingNeedsPrice || !requests.some((r) => r.indexName === priceAsc)) {
    return index.multipleQueries(requests as MultiQueryRequest[], { baseFilter: base });
  }
  // The lowest-price sort leaves out unpriced cars on this site: its queries get one more condition.
  const results = new Array(requests.length);
  const groups = [false, true].map((asc) => requests.map((r, i) => [r, i] as const).filter(([r]) => (r.indexName === priceAsc) === asc));
  for (const [g, filter] of [[groups[0], base], [groups[1], `${base} AND price > 0`]] as const) {
    if (!g.length) continue;
    const out = index.multipleQueries(g.map(([r]) => r as MultiQueryRequest), { baseFilter: filter });
    g.forEach(([, i], k) => (results[i] = out.results[k]));
  }
  return { results };
}
