/**
 * The similar-cars query (spec §7, §9): one request to the site's search service — the embedded
 * engine's Algolia endpoint or Algolia with the site's secured key, the same client as the search
 * page — with no facets, highlight tags, a limit of 10 and the filter (in stock, within the price
 * window); the site's base filter is added by the server or the key. Up to 6 hits are kept,
 * never the car itself.
 */
import { SIMILAR_CARS_QUERY_LIMIT, pickSimilarCars } from "../../domain/vdp-rules";
import type { CardVehicle } from "../_shared/vehicle-card";

export interface SimilarQuery {
  indexName: string;
  filter: string;
  /** The car on the page (its objectID), left out of the results. */
  carId: string;
}

export const similarCarsRequests = (q: SimilarQuery) => [
  {
    indexName: q.indexName,
    params: {
      query: "",
      filters: q.filter,
      hitsPerPage: SIMILAR_CARS_QUERY_LIMIT,
      facets: [],
      highlightPreTag: "<mark>",
      highlightPostTag: "</mark>",
    },
  },
];

type SearchClient = { search: (requests: never) => Promise<unknown> };

/** The similar cars (up to 6); throws when the search fails. */
export async function loadSimilarCars(client: SearchClient, q: SimilarQuery): Promise<CardVehicle[]> {
  const response = (await client.search(similarCarsRequests(q) as never)) as { results?: { hits?: CardVehicle[] }[] };
  const hits = response?.results?.[0]?.hits;
  if (!Array.isArray(hits)) throw new Error("The search answered without hits.");
  return pickSimilarCars(hits, q.carId);
}
