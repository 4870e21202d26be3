/**
 * The engine's semantics as a plain linear scan: every query looks at every record. Slow and
 * obviously right; engine.test.ts checks SearchIndex against it on generated queries. Shares only
 * parsing (params, filters), text rules (text.ts, values.ts) and response shaping with the engine —
 * none of the index structures.
 */
import { checkFilter, parseFilters } from "./filters";
import { parseParams } from "./params";
import { buildHit, envelope, facetHits, facetsAndStats, pageWindow } from "./response";
import { EXACT, matchToken, queryWords, relevanceKey, tokenise, typosOf, typosOfKey, type QueryWord } from "./text";
import {
  SearchRequestError,
  resolveSettings,
  type FacetSearchResponse,
  type FilterNode,
  type IndexSettings,
  type InputRecord,
  type MultiQueryRequest,
  type QueryOptions,
  type ResolvedSettings,
  type SearchParams,
  type SearchResponse,
  type SearchableRecord,
} from "./types";
import { cmpIds, compareValues, distinctKey, facetKey, facetStrings, geoDistance, geolocOf, numericValue, orderFacetCounts, searchableStrings } from "./values";

export function matchesFilter(r: SearchableRecord, f: FilterNode): boolean {
  switch (f.type) {
    case "and":
      return f.children.every((c) => matchesFilter(r, c));
    case "or":
      return f.children.some((c) => matchesFilter(r, c));
    case "not":
      return !matchesFilter(r, f.child);
    case "facet":
      return facetStrings(r[f.attribute]).some((v) => facetKey(v) === facetKey(f.value));
    case "range": {
      const x = numericValue(r[f.attribute]);
      return x >= f.lo && x <= f.hi;
    }
    case "numeric": {
      const x = numericValue(r[f.attribute]);
      const v = f.value;
      return { "<": x < v, "<=": x <= v, "=": x === v, "!=": !(x === v), ">=": x >= v, ">": x > v }[f.op];
    }
  }
}

/** The relevance key of a record for the query words, or null when some word matches nothing. */
export function textRelevance(r: SearchableRecord, words: QueryWord[], settings: ResolvedSettings): number | null {
  let typos = 0;
  let exact = 0;
  let attr = Infinity;
  for (const w of words) {
    let best = Infinity;
    let isExact = false;
    settings.searchable.forEach((a, ai) => {
      for (const s of searchableStrings(r[a])) {
        for (const t of tokenise(s)) {
          const m = matchToken(w, t);
          if (m < 0) continue;
          best = Math.min(best, typosOf(m));
          if (m === EXACT) isExact = true;
          attr = Math.min(attr, ai);
        }
      }
    });
    if (best === Infinity) return null;
    typos += best;
    if (isExact) exact++;
  }
  return relevanceKey(typos, attr, exact, words.length, settings.searchable.length);
}

export class ReferenceIndex {
  readonly settings: ResolvedSettings;
  private records = new Map<string, SearchableRecord>();

  constructor(settings: IndexSettings) {
    this.settings = resolveSettings(settings);
  }

  get size() {
    return this.records.size;
  }

  replaceAll(input: readonly InputRecord[]) {
    this.records = new Map((input as readonly SearchableRecord[]).map((r) => [r.objectID, r]));
  }

  upsert(input: readonly InputRecord[]) {
    for (const r of input as readonly SearchableRecord[]) this.records.set(r.objectID, r);
  }

  remove(ids: string[]) {
    for (const id of ids) this.records.delete(id);
  }

  search(params: string | Record<string, unknown>, opts: QueryOptions): SearchResponse {
    return this.multipleQueries([{ indexName: opts.indexName, params }], opts).results[0] as SearchResponse;
  }

  multipleQueries(requests: MultiQueryRequest[], opts: Omit<QueryOptions, "indexName"> = {}) {
    let base: FilterNode | null = null;
    if (typeof opts.baseFilter === "string") base = parseFilters(opts.baseFilter, this.settings, "the base filter");
    else if (opts.baseFilter) checkFilter((base = opts.baseFilter), this.settings);
    const results = requests.map((req) => {
      const { indexName, params, type, ...flat } = req as MultiQueryRequest & Record<string, unknown>;
      const p = parseParams(params, this.settings, flat);
      return type === "facet" ? this.facetSearch(p, indexName, base) : this.query(p, indexName, base);
    });
    return { results };
  }

  /** The hits of a request, in ranking order, grouped by attributeForDistinct when `distinct` is on. */
  private matching(p: SearchParams, indexName: string, base: FilterNode | null) {
    const words = queryWords(p.query, this.settings, p.typoTolerance, p.allowTyposOnNumericTokens, p.synonyms);
    const hits: { r: SearchableRecord; rel: number; typos: number; step: number }[] = [];
    for (const r of this.records.values()) {
      if (base && !matchesFilter(r, base)) continue;
      if (p.filter && !matchesFilter(r, p.filter)) continue;
      const rel = words.length ? textRelevance(r, words, this.settings) : 0;
      if (rel === null) continue;
      let step = 0;
      if (p.around) {
        // Records without a point, or beyond the radius, are left out; nearer ranks first, after typos.
        const point = geolocOf(r._geoloc);
        if (!point) continue;
        const m = geoDistance(p.around.lat, p.around.lng, point[0], point[1]);
        if (p.around.radius !== null && m > p.around.radius) continue;
        step = Math.floor(m / p.around.precision);
      }
      hits.push({ r, rel, step, typos: typosOfKey(rel, words.length, this.settings.searchable.length) });
    }
    const sortKeys = this.settings.replicas.get(indexName) ?? [];
    const num = (r: SearchableRecord, a: string) => numericValue(r[a]);
    hits.sort((x, y) => {
      for (const k of sortKeys) {
        const c = compareValues(num(x.r, k.attribute), num(y.r, k.attribute), k.direction);
        if (c) return c;
      }
      if (x.typos !== y.typos) return x.typos - y.typos;
      if (x.step !== y.step) return x.step - y.step;
      if (x.rel !== y.rel) return x.rel - y.rel;
      for (const k of this.settings.customRanking) {
        const c = compareValues(num(x.r, k.attribute), num(y.r, k.attribute), k.direction);
        if (c) return c;
      }
      return cmpIds(x.r.objectID, y.r.objectID);
    });
    const attr = this.settings.attributeForDistinct;
    if (!p.distinct || !attr) return { words, hits };
    const seen = new Map<string, number>();
    const kept = hits.filter(({ r }) => {
      const key = distinctKey(r[attr]);
      if (key === null) return true;
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      return n <= p.distinct;
    });
    return { words, hits: kept };
  }

  private counts(attribute: string, hits: { r: SearchableRecord }[]) {
    const counts = new Map<string, number>();
    for (const { r } of hits) for (const v of facetStrings(r[attribute])) counts.set(v, (counts.get(v) ?? 0) + 1);
    return counts;
  }

  private query(p: SearchParams, indexName: string, base: FilterNode | null): SearchResponse {
    const started = performance.now();
    const { words, hits } = this.matching(p, indexName, base);
    const num = (r: SearchableRecord, a: string) => numericValue(r[a]);
    const { from, to } = pageWindow(p, this.settings);
    const page = hits.slice(from, Math.max(from, to)).map(({ r }) => buildHit(r, p, words, this.settings));
    const { facets, stats } = facetsAndStats(
      p,
      (a) => this.settings.facetSet.has(a),
      (a) => {
        const counts = this.counts(a, hits);
        return orderFacetCounts([...counts.keys()], [...counts.values()], p.sortFacetValuesBy, p.maxValuesPerFacet);
      },
      (a) => {
        const values = this.settings.numericSet.has(a) ? hits.map(({ r }) => num(r, a)).filter((v) => v === v) : [];
        if (!values.length) return null;
        const sum = values.reduce((s, v) => s + v, 0);
        const min = values.reduce((m, v) => Math.min(m, v));
        const max = values.reduce((m, v) => Math.max(m, v));
        return { min, max, avg: sum / values.length, sum };
      },
    );
    return envelope(p, this.settings, indexName, hits.length, page, facets, stats, started);
  }

  private facetSearch(p: SearchParams, indexName: string, base: FilterNode | null): FacetSearchResponse {
    const name = p.facetName;
    if (!name || !this.settings.facetSet.has(name)) throw new SearchRequestError(`Attribute "${name}" is not in attributesForFaceting`);
    const { hits } = this.matching(p, indexName, base);
    return { facetHits: facetHits(this.counts(name, hits), p, this.settings), exhaustiveFacetsCount: true, processingTimeMS: 0 };
  }
}
