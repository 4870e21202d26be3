import { offerRecords, OFFERS_INDEX } from "../../domain/offers";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { SearchIndex, type IndexSettings } from "./engine";

export { OFFERS_INDEX };

/** The offers search's index: text over title, description and categories; latest offers first. */
export const offersIndexSettings: IndexSettings = {
  searchableAttributes: ["title", "categories", "description", "dealership_name"],
  attributesForFaceting: ["categories", "dealership_slug", "dealership_name"],
  numericAttributes: ["price", "start_ts", "expiry_ts"],
  customRanking: ["desc(start_ts)"],
};

// Offers live in the tenant document: one small index per published document, dropped with it.
const indices = new WeakMap<TenantDocument, SearchIndex>();

export function offersIndexFor(tenant: TenantDocument): SearchIndex {
  let index = indices.get(tenant);
  if (!index) {
    index = new SearchIndex(offersIndexSettings);
    index.replaceAll(offerRecords(tenant));
    indices.set(tenant, index);
  }
  return index;
}
