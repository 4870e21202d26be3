/**
 * Which saved searches a changed car matches, in memory. A search is the Algolia request the search
 * page sends for its URL state (searchParamsOf), parsed by the engine's own parsers and judged by the
 * reference scan's rules (server/search/engine/reference.ts matchesFilter, and textRelevance's "every
 * word matches some token") compiled to closures over one car's values, read once per car — so a car
 * matches a search exactly when the search page would list it (matcher.test.ts checks this against
 * SearchIndex on generated searches). Searches are bucketed by site and by their most selective
 * refinement (model, else make, body …), so a car is checked against the searches filed under its own
 * values and those with no refinement, not against every search; within a bucket, by price band, in
 * lists laid out for the inner loop (search-lists.ts). A search near a place keeps the cars whose
 * location is within its radius by the engine's own distance (aroundRadius: geoDistance), worked out
 * once per search and location, not per car.
 * This is a cache of the database's saved searches; what was already announced lives in the database.
 */
import { isNear, nearParams } from "../../domain/near";
import type { SavedSearchState } from "../../domain/saved-search";
import type { SearchRecord } from "../../domain/search-record";
import { facetFilter } from "../../domain/search-rules";
import { parseFacetFilters, parseNumericFilters } from "../search/engine/filters";
import { matchToken, queryWords, tokenise, type QueryWord } from "../search/engine/text";
import { resolveSettings, type FilterNode, type ResolvedSettings, type SearchableRecord } from "../search/engine/types";
import { facetKey, facetStrings, geoDistance, geolocOf, numericValue, searchableStrings } from "../search/engine/values";
import { vehicleIndexSettings } from "../search/vehicle-index";
import { bandOf, BOUNDED, Bucket, type Listed } from "./search-lists";

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
class CarView {
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

type Test = (car: CarView) => boolean;

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
interface Compiled {
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

/** The attribute a search is filed under, most selective first: a car is checked only against the searches filed under its own values (and those with none). */
const KEY_ATTRIBUTES = ["model", "make", "body", "colour", "fuel", "car_type", "transmission", "item_type"];

/** A search's tests that its list does not make (search-lists.ts): other ranges, facets, words. */
function passes(c: Compiled, car: CarView, points: Float64Array): boolean {
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

interface SiteBuckets {
  /** "attribute\u0000key" → the searches filed there. */
  byKey: Map<string, Bucket<CarView>>;
  unkeyed: Bucket<CarView>;
}

/** A site's base filter (domain/search-rules.ts tenantBaseFilter, parsed), for the cars it shows. */
export type SiteFilters = Map<string, FilterNode | null>;

/** A site's base filter, compiled (a site's many searches share it). */
const compiledBases = new WeakMap<FilterNode, Test>();
const baseTest = (f: FilterNode) => compiledBases.get(f) ?? compiledBases.set(f, compileFilter(f)).get(f)!;

export class SearchMatcher {
  private readonly sites = new Map<string, SiteBuckets>();
  private readonly where = new Map<string, { tenant: string; keys: string[]; listed: Listed<CarView> }>();
  /** The cars' location points met so far ("lat,lng" → index), and their lat, lng pairs by index. */
  private readonly placeIds = new Map<string, number>();
  private points = new Float64Array(64);

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
      // A near read back from the database is checked again (it was when saved).
      if (s.state.near !== undefined && !isNear(s.state.near)) return false;
      const p = searchParamsOf(s.state);
      // The engine's parsers refuse what the search page could not send.
      parseFacetFilters(p.facetFilters, SETTINGS);
      parseNumericFilters(p.numericFilters, SETTINGS);
      compiled = {
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
      return false;
    }
    let site = this.sites.get(s.tenant);
    if (!site) this.sites.set(s.tenant, (site = { byKey: new Map(), unkeyed: new Bucket() }));
    const key = KEY_ATTRIBUTES.map((a) => compiled.facets.find((f) => f.attribute === a)).find(Boolean);
    const keys = key ? [...key.keys].map((k) => `${key.attribute}\u0000${k}`) : [];
    const bounded = (a: string) => (BOUNDED as readonly string[]).includes(a);
    const bounds = BOUNDED.flatMap((a) => {
      const r = compiled.ranges.find((x) => x.attribute === a);
      return r ? [r.lo, r.hi] : [-Infinity, Infinity];
    });
    // What the lists do not test: the facets but the one it is filed under (met in its bucket), other ranges, words.
    compiled.facets = compiled.facets.filter((f) => f !== key);
    compiled.ranges = compiled.ranges.filter((r) => !bounded(r.attribute));
    const rest = compiled.facets.length || compiled.ranges.length || compiled.words.length || compiled.near ? (car: CarView) => passes(compiled, car, this.points) : null;
    const listed: Listed<CarView> = { id: s.id, bounds, rest };
    if (!keys.length) site.unkeyed.set(listed);
    for (const k of keys) {
      let bucket = site.byKey.get(k);
      if (!bucket) site.byKey.set(k, (bucket = new Bucket()));
      bucket.set(listed);
    }
    this.where.set(s.id, { tenant: s.tenant, keys, listed });
    return true;
  }

  remove(id: string): void {
    const w = this.where.get(id);
    if (!w) return;
    const site = this.sites.get(w.tenant)!;
    if (!w.keys.length) site.unkeyed.delete(w.listed);
    for (const k of w.keys) site.byKey.get(k)?.delete(w.listed);
    this.where.delete(id);
  }

  /** The index of a record's location point in the table (added when new); -1 when it has none. */
  private placeOf(r: SearchableRecord): number {
    const g = geolocOf(r._geoloc);
    if (!g) return -1;
    const key = `${g[0]},${g[1]}`;
    let i = this.placeIds.get(key);
    if (i === undefined) {
      i = this.placeIds.size;
      this.placeIds.set(key, i);
      if (i * 2 + 2 > this.points.length) {
        const grown = new Float64Array(this.points.length * 2);
        grown.set(this.points);
        this.points = grown;
      }
      this.points[i * 2] = g[0];
      this.points[i * 2 + 1] = g[1];
    }
    return i;
  }

  /** The sites that have searches. */
  tenants = (): string[] => [...this.sites.keys()];

  /**
   * Every (search, car) pair where the search page of the search's site would list the car: the car
   * passes the site's base filter (`sites`; a site missing there matches nothing) and the search's filters and words.
   */
  match(records: readonly SearchRecord[], sites: SiteFilters): { searchId: string; record: SearchRecord }[] {
    const out: { searchId: string; record: SearchRecord }[] = [];
    const ids: string[] = [];
    for (const record of records) {
      const car = new CarView(record as unknown as SearchableRecord, this.placeOf(record as unknown as SearchableRecord));
      // The buckets this car could be in: one per key attribute and value it has, and the unkeyed.
      const keys = [...new Set(KEY_ATTRIBUTES.flatMap((a) => car.facet(a).map((k) => `${a}\u0000${k}`)))];
      const band = bandOf(car.x[0]);
      ids.length = 0;
      for (const [tenant, buckets] of this.sites) {
        const base = sites.get(tenant);
        if (base === undefined || (base && !baseTest(base)(car))) continue;
        for (const key of keys) buckets.byKey.get(key)?.collect(car.x, band, car, ids);
        buckets.unkeyed.collect(car.x, band, car, ids);
      }
      for (const searchId of ids) out.push({ searchId, record });
    }
    return out;
  }
}
