import type { TenantDocument } from "../../schemas/generated/tenant";
import { offersBaseFilter, OFFERS_INDEX } from "../../domain/offers";
import { allowedIndices, indexForSort, tenantBaseFilter } from "../../domain/search-rules";
import { loadSearchRecords } from "../inventory/records";
import { SearchRequestError } from "./engine";
import { offersIndexFor } from "./offers-index";
import { getVehicleIndex } from "./vehicle-index";

export { SearchRequestError };

export interface MultiQueryRequest {
  indexName: string;
  params?: string | Record<string, unknown>;
}

export const MAX_QUERIES = 50;

/**
 * Answers an Algolia multi-query for one site. Only the site's own indices may be named (its vehicle
 * indices and its offers), and every query runs under the site's base filter, which nothing in the
 * request can widen.
 */
export async function searchForTenant(tenant: TenantDocument, requests: unknown, now = new Date()) {
  if (!Array.isArray(requests)) throw new SearchRequestError('The request body needs a "requests" array.');
  if (requests.length > MAX_QUERIES) throw new SearchRequestError(`At most ${MAX_QUERIES} queries per request; got ${requests.length}.`);
  const allowed = allowedIndices(tenant.search).add(OFFERS_INDEX);
  requests.forEach((r, i) => {
    const name = (r as MultiQueryRequest | null)?.indexName;
    if (typeof name !== "string" || !allowed.has(name)) {
      throw new SearchRequestError(`requests[${i}].indexName ${JSON.stringify(name ?? null)} is not an index of this site.`);
    }
  });
  const base = tenantBaseFilter(tenant, now);
  // The lowest-price sort leaves out unpriced cars on sites that say so: its queries get one more condition.
  const priceAsc = tenant.search.priceAscendingNeedsPrice ? indexForSort({ attribute: "price", direction: "asc" }) : null;
  const groups = new Map<string, { run: (reqs: MultiQueryRequest[]) => Promise<{ results: unknown[] }>; at: number[] }>();
  const group = (key: string, run: (reqs: MultiQueryRequest[]) => Promise<{ results: unknown[] }>) => groups.get(key) ?? groups.set(key, { run, at: [] }).get(key)!;
  (requests as MultiQueryRequest[]).forEach((r, i) => {
    const g =
      r.indexName === OFFERS_INDEX
        ? group("offers", async (reqs) => offersIndexFor(tenant).multipleQueries(reqs, { baseFilter: offersBaseFilter(now) }))
        : r.indexName === priceAsc
          ? group("priced", async (reqs) => (await getVehicleIndex(loadSearchRecords)).multipleQueries(reqs, { baseFilter: `${base} AND price > 0` }))
          : group("vehicles", async (reqs) => (await getVehicleIndex(loadSearchRecords)).multipleQueries(reqs, { baseFilter: base }));
    g.at.push(i);
  });
  const results = new Array(requests.length);
  for (const { run, at } of groups.values()) {
    const out = await run(at.map((i) => requests[i] as MultiQueryRequest));
    at.forEach((i, k) => (results[i] = out.results[k]));
  }
  return { results };
}
