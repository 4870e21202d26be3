import { FACET_ATTRIBUTES, NUMERIC_ATTRIBUTES, SEARCHABLE_ATTRIBUTES, type SearchRecord } from "../../domain/search-record";
import { SORTABLE_ATTRIBUTES, VEHICLES_INDEX, indexForSort } from "../../domain/search-rules";
import { searchRecordsFor } from "../inventory/records";
import { getDb } from "../db";
import { vehicleChanges } from "../inventory/changes";
import { defineService, services } from "../root/services";
import { SearchIndex } from "./engine";
import type { SynonymRecord } from "./engine/types";
import { tokenise } from "./engine/text";
import understandTable from "../../domain/understand/synonyms.json";

/**
 * The search box's synonym table (domain/understand/synonyms.json) as the index's synonyms: each
 * one-word request finds the one-word facet values it means ("pickup" finds utes, "gray" grey cars),
 * for words the box leaves as text and for clients that send text only. Phrases of several words
 * are the box's alone (the engine's synonyms are one word each).
 */
export function tableSynonyms(): SynonymRecord[] {
  const one = (s: string) => tokenise(s).length === 1;
  const byInput = new Map<string, Set<string>>();
  for (const { words, to } of understandTable.phrases) {
    const values = [...new Set(to.flatMap((t) => t.values))].filter(one).map((v) => tokenise(v)[0]);
    for (const input of words.filter(one).map((w) => tokenise(w)[0])) {
      const found = values.filter((v) => v !== input);
      if (found.length) byInput.set(input, new Set([...(byInput.get(input) ?? []), ...found]));
    }
  }
  return [...byInput].map(([input, values]): SynonymRecord => ({ objectID: `table-${input}`, type: "oneWaySynonym", input, synonyms: [...values] }));
}

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
  // One car listed by two dealerships of a group keeps its stock number: `distinct` shows it once. Off
  // unless a request asks (stock numbers of unrelated dealerships may collide).
  attributeForDistinct: "stocknum",
  // 2004 is not 2014 (Algolia's default allows typos on numbers; the engine's does not).
  allowTyposOnNumericTokens: false,
  synonyms: tableSynonyms(),
};

export { VEHICLES_INDEX };

/** The process's vehicle index (made by getVehicleIndex, or given by a test). */
export const vehicleIndex = defineService<Promise<SearchIndex>>("vehicle-index");

/**
 * The process's vehicle index, built once from every vehicle record (`load`) and kept current by
 * incremental updates (`applyVehicleChanges`); kept by the process's services (server/root/services.ts).
 * It listens before it loads: a change committed while the records are read (its NOTIFY heard before
 * the index exists) is applied once they are in, not lost until a restart. Updates apply one after
 * another, so an older read never lands after a newer one.
 */
export async function getVehicleIndex(load: () => Promise<SearchRecord[]>): Promise<SearchIndex> {
  return services().get(vehicleIndex, async () => {
    const index = new SearchIndex(vehicleIndexSettings, { warmUp: true });
    const handle = await getDb();
    const changes = services().get(vehicleChanges);
    // Incremental: only the changed vehicles are re-read and re-indexed, from any process's writes.
    const pending = new Set<string>();
    let loaded = false;
    let queue = Promise.resolve();
    const apply = (ids: string[]) => {
      queue = queue
        .then(() => applyVehicleChanges(index, ids, () => searchRecordsFor(handle.db, ids)))
        .catch((e) => console.error("[search] index update failed:", e));
    };
    const off = changes.on((ids) => (loaded ? apply(ids) : ids.forEach((id) => pending.add(id))));
    try {
      await changes.listen(handle);
      const started = performance.now();
      const records = await load();
      index.replaceAll(records);
      console.log(`[search] indexed ${records.length} vehicles in ${Math.round(performance.now() - started)} ms`);
    } catch (e) {
      off();
      throw e;
    }
    loaded = true;
    if (pending.size) apply([...pending]);
    await queue;
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
