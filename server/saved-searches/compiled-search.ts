/**
 * A saved search and a car as the matcher (matcher.ts) judges them: the search in flat form
 * (compileSearch: each refined attribute's accepted facet keys, each range's bounds, the query's
 * words, a near's point and radius), a parsed filter as a closure (compileFilter: a site's base
 * filter), and one car's values read once for every search that asks (CarView). The rules are the
 * reference scan's (server/search/engine/reference.ts matchesFilter, textRelevance's "every word
 * matches some token"), so a car passes exactly when the search page would list it.
 */
import { isNear, nearParams } from "../../domain/near";
import type { SavedSearchState } from "../../domain/saved-search";
import { facetFilter } from "../../domain/search-rules";
import { parseFacetFilters, parseNumericFilters } from "../search/engine/filters";
import { matchToken, queryWords, tokenise, type QueryWord } from "../search/engine/text";
import { resolveSettings, type FilterNode, type ResolvedSettings, type SearchableRecord } from "../search/engine/types";
import { facetKey, facetStrings, geoDistance, numericValue, searchableStrings } from "../search/engine/values";
import { vehicleIndexSettings } from "../search/vehicle-index";
import { BOUNDED } from "./search-lists";

export const SETTINGS: ResolvedSettings = resolveSettings(vehicleIndexSettings);

/** The Algolia parameters the search page sends for a state (refinement lists disjunctive within an attribute, ranges as two bounds, a near as aroundLatLng/aroundRadius). */
export function searchParamsOf(state: SavedSearchState): { query: string; facetFilters: string[][]; numericFilters: string[]; aroundLatLng?: string; aroundRadius?: number } {
  const facetFilters = Object.entries(state.refinementList ?? {}).map(([attr, values]) => values.map((v) => facetFilter(attr, v)));
  const numericFilters = Object.entries(state.range ?? {}).flatMap(([attr, range]) => {
    const [lo, hi] = range.split(":");
    return [...(lo !== "" ? [`${attr}>=${lo}`] : []), ...(hi !== "" && hi !== undefined ? [`${attr}<=${hi}`] : [])];
  });
  return { query: state.query ?? "", facetFilters, numericFilters, ...(state.near ? nearParams(state.near) : {}) };
}

export interface MatchableSearch {
  id: string;
  tenant: string;
  state: SavedSearchState;
}

/** One car's values as the filters read them, each read once and kept for every search that asks. */
export class CarView {
  private readonly facets: Record<string, string[]> = Object.create(null);
  private readonly numbers: Record<string, number> = Object.create(null);
  private tokens: string[] | null = null;
  private readonly words = new Map<string, boolean>();

  /** The BOUNDED numbers (search-lists.ts), read up front: every list reads them. */
  readonly x: Float64Array;

  /**
   * @param place the index of the car's location point in the matcher's table (-1: none), so a
   *   search near a place measures each location once
   */
  constructor(
    readonly r: SearchableRecord,
    readonly place: number,
  ) {
    this.x = Float64Array.from(BOUNDED, (a) => this.number(a));
  }

  facet(attribute: string): string[] {
    return (this.facets[attribute] ??= facetStrings(this.r[attribute]).map(facetKey));
  }

  number(attribute: string): number {
    return (this.numbers[attribute] ??= numericValue(this.r[attribute]));
  }

  /** Whether the word matches a token of a searchable attribute (the engine's matchToken). */
  word(w: QueryWord, key: string): boolean {
    let hit = this.words.get(key);
    if (hit === undefined) {
      this.tokens ??= [...new Set(SETTINGS.searchable.flatMap((a) => searchableStrings(this.r[a]).flatMap(tokenise)))];
      this.words.set(key, (hit = this.tokens.some((t) => matchToken(w, t) >= 0)));
    }
    return hit;
  }
}

export type Test = (car: CarView) => boolean;

const NUMERIC: Record<string, (x: number, v: number) => boolean> = {
  "<": (x, v) => x < v,
  "<=": (x, v) => x <= v,
  "=": (x, v) => x === v,
  "!=": (x, v) => !(x === v),
  ">=": (x, v) => x >= v,
  ">": (x, v) => x > v,
};

/** A parsed filter as a test of one car, with matchesFilter's semantics. */
export function compileFilter(f: FilterNode): Test {
  switch (f.type) {
    case "and": {
      const parts = f.children.map(compileFilter);
      return (c) => parts.every((p) => p(c));
    }
    case "or": {
      const parts = f.children.map(compileFilter);
      return (c) => parts.some((p) => p(c));
    }
    case "not": {
      const child = compileFilter(f.child);
      return (c) => !child(c);
    }
    case "facet": {
      const key = facetKey(f.value);
      return (c) => c.facet(f.attribute).includes(key);
    }
    case "range":
      return (c) => {
        const x = c.number(f.attribute);
        return x >= f.lo && x <= f.hi;
      };
    case "numeric": {
      const op = NUMERIC[f.op];
      return (c) => op(c.number(f.attribute), f.value);
    }
  }
}

/**
 * A search in flat form: each refined attribute's accepted facet keys (any one), each range's
 * bounds, the query's words. The same conditions as its parsed filter (the engine's parser accepts
 * it first), read without walking a tree.
 */
export interface Compiled {
  id: string;
  facets: { attribute: string; keys: Set<string> }[];
  ranges: { attribute: string; lo: number; hi: number }[];
  words: { w: QueryWord; key: string }[];
  near: Around | null;
}

/** A search's point and radius, with its answer per location point (index in the matcher's table): 1 within, 2 beyond. */
interface Around {
  lat: number;
  lng: number;
  /** Metres, as the engine's aroundRadius. */
  radius: number;
  within: Uint8Array;
}

/** A search's tests that its list does not make (search-lists.ts): other ranges, facets, words. */
export function passes(c: Compiled, car: CarView, points: Float64Array): boolean {
  if (c.near) {
    // A car with no location point is beyond any radius, as in the engine.
    const p = car.place;
    if (p < 0) return false;
    let a = c.near;
    if (p >= a.within.length) {
      const grown = new Uint8Array(Math.max(8, p * 2));
      grown.set(a.within);
      a = c.near = { ...a, within: grown };
    }
    let w = a.within[p];
    if (w === 0) w = a.within[p] = geoDistance(a.lat, a.lng, points[p * 2], points[p * 2 + 1]) <= a.radius ? 1 : 2;
    if (w === 2) return false;
  }
  for (let i = 0; i < c.ranges.length; i++) {
    const r = c.ranges[i];
    const x = car.number(r.attribute);
    if (!(x >= r.lo && x <= r.hi)) return false;
  }
  for (let i = 0; i < c.facets.length; i++) {
    const f = c.facets[i];
    const have = car.facet(f.attribute);
    let any = false;
    for (let j = 0; j < have.length && !any; j++) any = f.keys.has(have[j]);
    if (!any) return false;
  }
  for (let i = 0; i < c.words.length; i++) if (!car.word(c.words[i].w, c.words[i].key)) return false;
  return true;
}

/** A saved search in flat form, or null when the engine cannot read it (an attribute it no longer has, a near that is not one). */
export function compileSearch(s: MatchableSearch): Compiled | null {
  try {
    // A near read back from the database is checked again (it was when saved).
    if (s.state.near !== undefined && !isNear(s.state.near)) return null;
    const p = searchParamsOf(s.state);
    // The engine's parsers refuse what the search page could not send.
    parseFacetFilters(p.facetFilters, SETTINGS);
    parseNumericFilters(p.numericFilters, SETTINGS);
    return {
      id: s.id,
      facets: Object.entries(s.state.refinementList ?? {})
        .filter(([, values]) => values.length)
        .map(([attribute, values]) => ({ attribute, keys: new Set(values.map(facetKey)) })),
      // A range open at both ends is no filter (the page sends none).
      ranges: Object.entries(s.state.range ?? {})
        .map(([attribute, range]) => {
          const [lo, hi] = range.split(":");
          return { attribute, lo: lo ? Number(lo) : -Infinity, hi: hi ? Number(hi) : Infinity };
        })
        .filter((r) => r.lo !== -Infinity || r.hi !== Infinity),
      words: queryWords(p.query, SETTINGS, true).map((w) => ({ w, key: `${w.text}|${w.prefix ? 1 : 0}|${w.maxTypos}` })),
      near: s.state.near ? { lat: s.state.near.lat, lng: s.state.near.lng, radius: nearParams(s.state.near).aroundRadius, within: new Uint8Array(0) } : null,
    };
  } catch {
    return null;
  }
}
