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
import type { SearchRecord } from "../../domain/search-record";
import type { FilterNode, SearchableRecord } from "../search/engine/types";
import { geolocOf } from "../search/engine/values";
import { bandOf, BOUNDED, Bucket, type Listed } from "./search-lists";
import { CarView, compileFilter, compileSearch, passes, type MatchableSearch, type Test } from "./compiled-search";

export { SETTINGS, searchParamsOf, type MatchableSearch } from "./compiled-search";

/** The attribute a search is filed under, most selective first: a car is checked only against the searches filed under its own values (and those with none). */
const KEY_ATTRIBUTES = ["model", "make", "body", "colour", "fuel", "car_type", "transmission", "item_type"];

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
    const compiled = compileSearch(s);
    if (!compiled) return false;
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
