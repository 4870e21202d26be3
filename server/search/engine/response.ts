/** Builds the Algolia response shapes from what a search found (shared by engine and reference). */
import { highlight, matchToken, queryWords, tokenise, type QueryWord } from "./text";
import type { HighlightResult, ResolvedSettings, SearchParams, SearchResponse, SearchableRecord } from "./types";
import { cmpStr, searchableStrings } from "./values";

/** Sets a key even when it is "__proto__" (facet values and attributes come from data). */
export function put(o: Record<string, unknown>, k: string, v: unknown) {
  if (k === "__proto__") Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  else o[k] = v;
}

/** One hit: the retrieved attributes (objectID always) and `_highlightResult`. */
export function buildHit(record: SearchableRecord, p: SearchParams, words: QueryWord[], settings: ResolvedSettings): Record<string, unknown> {
  let hit: Record<string, unknown>;
  const want = p.attributesToRetrieve;
  if (!want || want.includes("*")) {
    hit = { ...record }; // a shallow clone of a same-shape record is V8's fast path
    for (const a of want ?? []) if (a.startsWith("-")) delete hit[a.slice(1)];
  } else {
    hit = {};
    for (const k of want) if (Object.hasOwn(record, k)) put(hit, k, record[k]);
  }
  hit.objectID = record.objectID;
  const attrs = p.attributesToHighlight ?? settings.searchable;
  if (attrs.length) {
    const hl: Record<string, HighlightResult | HighlightResult[]> = {};
    for (const a of attrs) {
      const v = record[a];
      if (Array.isArray(v)) {
        hl[a] = v.flatMap(searchableStrings).map((s) => highlight(s, words, p.highlightPreTag, p.highlightPostTag));
      } else {
        const [s] = searchableStrings(v);
        if (s !== undefined) put(hl, a, highlight(s, words, p.highlightPreTag, p.highlightPostTag));
      }
    }
    hit._highlightResult = hl;
  }
  return hit;
}

/** Which hit positions a request asks for: [from, to), within the pagination limit. */
export function pageWindow(p: SearchParams, settings: ResolvedSettings): { from: number; to: number } {
  const limit = settings.paginationLimitedTo;
  const from = p.offset ?? p.page * p.hitsPerPage;
  const len = p.offset !== undefined ? p.length! : p.hitsPerPage;
  return { from: Math.min(from, limit), to: Math.min(from + len, limit) };
}

/**
 * A response's `facets` and `facets_stats` for the request's `facets` (none when it asks for none):
 * `counts(a)` gives a facet attribute's value counts, ordered and cut (null when the result has
 * none), `stats(a)` a numeric attribute's stats (null when it is not numeric or no hit has a value).
 * A numeric attribute that is not for faceting is listed in facets with no values: InstantSearch
 * reads a numeric facet's stats only when the attribute is listed there. The engine and the
 * reference scan count in their own ways and share this.
 */
export function facetsAndStats(
  p: SearchParams,
  isFacet: (attribute: string) => boolean,
  counts: (attribute: string) => Record<string, number> | null,
  stats: (attribute: string) => NonNullable<SearchResponse["facets_stats"]>[string] | null,
): { facets: SearchResponse["facets"]; stats: SearchResponse["facets_stats"] } {
  if (!p.facets.length) return { facets: undefined, stats: undefined };
  const facets: NonNullable<SearchResponse["facets"]> = {};
  const facetStats: NonNullable<SearchResponse["facets_stats"]> = {};
  for (const a of p.facets) {
    const facet = isFacet(a);
    if (facet) {
      const ordered = counts(a);
      if (ordered) put(facets, a, ordered);
    }
    const s = stats(a);
    if (s) {
      put(facetStats, a, { ...s });
      if (!facet) put(facets, a, {});
    }
  }
  return { facets, stats: facetStats };
}

export function envelope(
  p: SearchParams,
  settings: ResolvedSettings,
  indexName: string,
  nbHits: number,
  hits: Record<string, unknown>[],
  facets: SearchResponse["facets"],
  stats: SearchResponse["facets_stats"],
  started: number,
): SearchResponse {
  const reachable = Math.min(nbHits, settings.paginationLimitedTo);
  const res: SearchResponse = {
    hits,
    nbHits,
    page: p.page,
    nbPages: p.hitsPerPage ? Math.ceil(reachable / p.hitsPerPage) : 0,
    hitsPerPage: p.hitsPerPage,
    exhaustiveFacetsCount: true,
    exhaustiveNbHits: true,
    exhaustive: { nbHits: true, facetsCount: true, typo: true },
    processingTimeMS: Math.round(performance.now() - started),
    query: p.query,
    params: p.encoded,
    index: indexName,
  };
  if (p.offset !== undefined) {
    res.offset = p.offset;
    res.length = p.length;
  }
  if (facets) res.facets = facets;
  if (stats && Object.keys(stats).length) res.facets_stats = stats;
  return res;
}

/** Algolia's search-for-facet-values answer: values whose words all match the facet query, most frequent first. */
export function facetHits(counts: Map<string, number>, p: SearchParams, settings: ResolvedSettings) {
  const words = queryWords(p.facetQuery ?? "", settings, p.typoTolerance, p.allowTyposOnNumericTokens, p.synonyms);
  const matches = (value: string) => {
    const tokens = tokenise(value);
    return words.every((w) => tokens.some((t) => matchToken(w, t) >= 0));
  };
  return [...counts]
    .filter(([value]) => matches(value))
    .sort((a, b) => b[1] - a[1] || cmpStr(a[0], b[0]))
    .slice(0, p.maxFacetHits)
    .map(([value, count]) => ({ value, highlighted: highlight(value, words, p.highlightPreTag, p.highlightPostTag).value, count }));
}
