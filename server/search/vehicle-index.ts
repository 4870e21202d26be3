import { FACET_ATTRIBUTES, NUMERIC_ATTRIBUTES, SEARCHABLE_ATTRIBUTES, type SearchRecord } from "../../domain/search-record";
import { SORTABLE_ATTRIBUTES, VEHICLES_INDEX, indexForSort } from "../../domain/search-rules";
import { searchRecordsFor } from "../inventory/records";
import { getDb } from "../db";
import { vehicleChanges } from "../inventory/changes";
import { defineService, services } from "../root/services";
import { SearchIndex } from "./engine";

/** The vehicle index's settings: what is searchable, facetable, numeric, and one replica per sort. */
export const vehicleIndexSettings = {
  searchableAttributes: [...SEARCHABLE_ATTRIBUTES],
  attributesForFaceting: [...FACET_ATTRIBUTES],
  numericAttributes: [...NUMERIC_ATTRIBUTES],
  customRanking: ["desc(custom_rank)"],
  replicas: Object.fromEntries(
    SORTABLE_ATTRIBUTES.flatMap((attribute) =>
      (["asc", "desc"] as const).map((direction) => [indexForSort({ attribute, direction }), [{ attribute, direction }]]),
    ),
  ),
  typo: { minWordSizefor1Typo: 4, minWordSizefor2Typos: 8 },
};

export { VEHICLES_INDEX };

/** The process's vehicle index (made by getVehicleIndex, or given by a test). */
export const vehicleIndex = defineService<Promise<SearchIndex>>("vehicle-index");

/**
 * The process's vehicle index, built once from every vehicle record (`load`) and kept current by
 * incremental updates (`applyVehicleChanges`); kept by the process's services (server/root/services.ts).
 */
export async function getVehicleIndex(load: () => Promise<SearchRecord[]>): Promise<SearchIndex> {
  return services().get(vehicleIndex, async () => {
    const index = new SearchIndex(vehicleIndexSettings);
    const started = performance.now();
    const records = await load();
    index.replaceAll(records);
    console.log(`[search] indexed ${records.length} vehicles in ${Math.round(performance.now() - started)} ms`);
    const handle = await getDb();
    // Incremental: only the changed vehicles are re-read and re-indexed, from any process's writes.
    services().get(vehicleChanges).on((ids) => {
      applyVehicleChanges(index, ids, () => searchRecordsFor(handle.db, ids)).catch((e) => console.error("[search] index update failed:", e));
    }, { handle });
    return index;
  });
}

/** Re-indexes the given vehicles: upserts those that still exist, removes the rest. */
export async function applyVehicleChanges(
  index: SearchIndex,
  ids: string[],
  read: () => Promise<{ records: SearchRecord[]; removed: string[] }>,
): Promise<void> {
  if (!ids.length) return;
  const { records, removed } = await read();
  if (records.length) index.upsert(records);
  if (removed.length) index.remove(removed);
}
