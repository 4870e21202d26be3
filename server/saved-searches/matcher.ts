/**
 * Which saved searches a changed car matches, in memory. A search is the Algolia request the search
 * page sends for its URL state (searchParamsOf), judged with the engine's own semantics — the
 * reference scan's filter and text rules (server/search/engine/reference.ts) under the site's base
 * filter — so a car matches a search exactly when the search page would list it (matcher.test.ts
 * checks this against SearchIndex). Searches are bucketed by site and by the makes they name, so a
 * car is checked against its make's searches and those naming no make, not against every search.
 * This is a cache of the database's saved searches; what was already announced lives in the database.
 */
import type { SavedSearchState } from "../../domain/saved-search";
import type { SearchRecord } from "../../domain/search-record";
import { facetFilter } from "../../domain/search-rules";
import { allOf, parseFacetFilters, parseNumericFilters } from "../search/engine/filters";
import { matchesFilter, textRelevance } from "../search/engine/reference";
import { queryWords, type QueryWord } from "../search/engine/text";
import { resolveSettings, type FilterNode, type ResolvedSettings, type SearchableRecord } from "../search/engine/types";
import { facetKey } from "../search/engine/values";
import { vehicleIndexSettings } from "../search/vehicle-index";

export const SETTINGS: ResolvedSettings = resolveSettings(vehicleIndexSettings);

/** The Algolia parameters the search page sends for a state (refinement lists disjunctive within an attribute, ranges as two bounds). */
export function searchParamsOf(state: SavedSearchState): { query: string; facetFilters: string[][]; numericFilters: string[] } {
  const facetFilters = Object.entries(state.refinementList ?? {}).map(([attr, values]) => values.map((v) => facetFilter(attr, v)));
  const numericFilters = Object.entries(state.range ?? {}).flatMap(([attr, range]) => {
    const [lo, hi] = range.split(":");
    return [...(lo !== "" ? [`${attr}>=${lo}`] : []), ...(hi !== "" && hi !== undefined ? [`${attr}<=${hi}`] : [])];
  });
  return { query: state.query ?? "", facetFilters, numericFilters };
}

export interface MatchableSearch {
  id: string;
  tenant: string;
  state: SavedSearchState;
}

interface Compiled {
  id: string;
  filter: FilterNode | null;
  words: QueryWord[];
}

interface SiteBuckets {
  byMake: Map<string, Map<string, Compiled>>;
  anyMake: Map<string, Compiled>;
}

/** A site's base filter (domain/search-rules.ts tenantBaseFilter, parsed), for the cars it shows. */
export type SiteFilters = Map<string, FilterNode | null>;

export class SearchMatcher {
  private readonly sites = new Map<string, SiteBuckets>();
  private readonly where = new Map<string, { tenant: string; makes: string[] }>();

  get size(): number {
    return this.where.size;
  }

  has(id: string): boolean {
    return this.where.has(id);
  }

  /** Adds or replaces a search; one the engine cannot read (an attribute it no longer has) is left out. */
  upsert(s: MatchableSearch): boolean {
    this.remove(s.id);
    let compiled: Compiled;
    try {
      const p = searchParamsOf(s.state);
      compiled = { id: s.id, filter: allOf([parseFacetFilters(p.facetFilters, SETTINGS), parseNumericFilters(p.numericFilters, SETTINGS)]), words: queryWords(p.query, SETTINGS, true) };
    } catch {
      return false;
    }
    let site = this.sites.get(s.tenant);
    if (!site) this.sites.set(s.tenant, (site = { byMake: new Map(), anyMake: new Map() }));
    const makes = [...new Set((s.state.refinementList?.make ?? []).map(facetKey))];
    if (!makes.length) site.anyMake.set(s.id, compiled);
    for (const make of makes) {
      let bucket = site.byMake.get(make);
      if (!bucket) site.byMake.set(make, (bucket = new Map()));
      bucket.set(s.id, compiled);
    }
    this.where.set(s.id, { tenant: s.tenant, makes });
    return true;
  }

  remove(id: string): void {
    const w = this.where.get(id);
    if (!w) return;
    const site = this.sites.get(w.tenant)!;
    site.anyMake.delete(id);
    for (const make of w.makes) site.byMake.get(make)?.delete(id);
    this.where.delete(id);
  }

  /** The sites that have searches. */
  tenants(): string[] {
    return [...this.sites.keys()];
  }

  /**
   * Every (search, car) pair where the search page of the search's site would list the car: the car
   * passes the site's base filter (`sites`; a site missing there matches nothing) and the search's filters and words.
   */
  match(records: readonly SearchRecord[], sites: SiteFilters): { searchId: string; tenant: string; record: SearchRecord }[] {
    const out: { searchId: string; tenant: string; record: SearchRecord }[] = [];
    for (const record of records) {
      const r = record as unknown as SearchableRecord;
      const make = facetKey(record.make ?? "");
      for (const [tenant, buckets] of this.sites) {
        if (!sites.has(tenant)) continue;
        const base = sites.get(tenant)!;
        if (base && !matchesFilter(r, base)) continue;
        for (const bucket of [buckets.byMake.get(make), buckets.anyMake]) {
          if (!bucket) continue;
          for (const c of bucket.values()) {
            if (c.filter && !matchesFilter(r, c.filter)) continue;
            if (c.words.length && textRelevance(r, c.words, SETTINGS) === null) continue;
            out.push({ searchId: c.id, tenant, record });
          }
        }
      }
    }
    return out;
  }
}
