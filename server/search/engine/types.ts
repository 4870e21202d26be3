/** Shapes shared by the engine (index.ts) and the linear-scan reference (reference.ts). */
import { HttpError } from "../../errors";
import { tokenise } from "./text";

/** What callers index: any object with a string `objectID` (e.g. domain/search-record's SearchRecord). */
export interface InputRecord {
  readonly objectID: string;
}

/** A record as the engine reads it: a flat object with a string `objectID`. */
export type SearchableRecord = { objectID: string } & Record<string, unknown>;

export interface SortKey {
  attribute: string;
  direction: "asc" | "desc";
}

/** Index settings, named as Algolia names them. */
export interface IndexSettings {
  /** Ordered: a match in an earlier attribute ranks higher. */
  searchableAttributes: string[];
  /** Attributes that can be faceted and filtered by value (`attr:value`). */
  attributesForFaceting: string[];
  /** Attributes that take numeric filters, ranges, facet stats and sorts (numbers; booleans count as 0/1). */
  numericAttributes: string[];
  /** e.g. ["desc(custom_rank)"]; attributes must be numeric. */
  customRanking?: string[];
  /** Sort indices by name: sorted by these attributes first, then relevance. */
  replicas?: Record<string, SortKey[]>;
  typo?: { minWordSizefor1Typo?: number; minWordSizefor2Typos?: number };
  /** How many hits can be paged through (Algolia's paginationLimitedTo; default 1000). */
  paginationLimitedTo?: number;
  /** Records with the same value of this attribute are one hit (the best ranked) when `distinct` is on. */
  attributeForDistinct?: string;
  /** The default of the `distinct` parameter: how many hits per attributeForDistinct value (0: all). */
  distinct?: boolean | number;
  /** Typos on numbers in the query (2004 finding 2014): off by default here, unlike Algolia. */
  allowTyposOnNumericTokens?: boolean;
  /**
   * Algolia's synonym records of one word each: `synonym` (every word finds the others) and
   * `oneWaySynonym` (the input finds the synonyms, not back). A synonym matches as the word itself would,
   * exactly (Algolia's alternativesAsExact for single-word synonyms).
   */
  synonyms?: SynonymRecord[];
}

export type SynonymRecord =
  | { objectID?: string; type: "synonym"; synonyms: string[] }
  | { objectID?: string; type: "oneWaySynonym"; input: string; synonyms: string[] };

/** Settings with defaults filled in and customRanking parsed. */
export interface ResolvedSettings {
  searchable: string[];
  faceting: string[];
  facetSet: Set<string>;
  numeric: string[];
  numericSet: Set<string>;
  customRanking: SortKey[];
  replicas: Map<string, SortKey[]>;
  minWordSizefor1Typo: number;
  minWordSizefor2Typos: number;
  paginationLimitedTo: number;
  attributeForDistinct: string | null;
  distinct: number;
  allowTyposOnNumericTokens: boolean;
  /** A folded word → the folded words it also finds. */
  synonyms: Map<string, string[]>;
}

/** Algolia's bound on `distinct`: at most 4 hits per value. */
export const MAX_DISTINCT = 4;

export function resolveSettings(s: IndexSettings): ResolvedSettings {
  const numericSet = new Set(s.numericAttributes);
  const needNumeric = (attr: string, where: string) => {
    if (!numericSet.has(attr)) throw new Error(`${where}: "${attr}" must be one of numericAttributes`);
  };
  const customRanking = (s.customRanking ?? []).map((c) => {
    const m = /^(asc|desc)\(([^()]+)\)$/.exec(c.trim());
    if (!m) throw new Error(`customRanking: "${c}" is not asc(attribute) or desc(attribute)`);
    needNumeric(m[2], "customRanking");
    return { attribute: m[2], direction: m[1] as "asc" | "desc" };
  });
  const replicas = new Map(Object.entries(s.replicas ?? {}));
  for (const [name, keys] of replicas) {
    if (!keys.length) throw new Error(`replica ${name}: needs at least one sort attribute`);
    for (const k of keys) needNumeric(k.attribute, `replica ${name}`);
  }
  if (s.searchableAttributes.length > 250) throw new Error("searchableAttributes: at most 250");
  const distinct = s.distinct === true ? 1 : s.distinct === false || s.distinct === undefined ? 0 : s.distinct;
  if (!Number.isInteger(distinct) || distinct < 0 || distinct > MAX_DISTINCT) throw new Error(`distinct: true, false or 0 to ${MAX_DISTINCT}`);
  return {
    searchable: [...s.searchableAttributes],
    faceting: [...s.attributesForFaceting],
    facetSet: new Set(s.attributesForFaceting),
    numeric: [...s.numericAttributes],
    numericSet,
    customRanking,
    replicas,
    minWordSizefor1Typo: s.typo?.minWordSizefor1Typo ?? 4,
    minWordSizefor2Typos: s.typo?.minWordSizefor2Typos ?? 8,
    paginationLimitedTo: s.paginationLimitedTo ?? 1000,
    attributeForDistinct: s.attributeForDistinct ?? null,
    distinct,
    allowTyposOnNumericTokens: s.allowTyposOnNumericTokens ?? false,
    synonyms: resolveSynonyms(s.synonyms ?? []),
  };
}

/** Synonym records as a map from each word to the words it also finds (one word each: tokenised, folded). */
function resolveSynonyms(records: SynonymRecord[]): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  const word = (w: string) => {
    const t = tokenise(w);
    if (t.length !== 1) throw new Error(`synonyms: "${w}" is not one word (multi-word synonyms are not supported)`);
    return t[0];
  };
  const add = (from: string, to: string[]) => {
    const set = out.get(from) ?? new Set();
    for (const t of to) if (t !== from) set.add(t);
    out.set(from, set);
  };
  for (const r of records) {
    const words = r.synonyms.map(word);
    if (r.type === "synonym") for (const w of words) add(w, words);
    else if (r.type === "oneWaySynonym") add(word(r.input), words);
    else throw new Error(`synonyms: type must be "synonym" or "oneWaySynonym"`);
  }
  return new Map([...out].map(([w, set]) => [w, [...set].sort()]));
}

/** A malformed request or filter. The HTTP layer answers 400 `{ message, status: 400 }`. */
export class SearchRequestError extends HttpError {
  constructor(message: string) {
    super(400, message);
    this.name = "SearchRequestError";
  }

  /**
   * By name, not by class: Next bundles the engine into more than one chunk, and the shared index
   * (one per process, server/root/services.ts) may throw another copy's class — `instanceof` then failed and a refused
   * query answered 500.
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof Error && value.name === "SearchRequestError";
  }
}

/** A parsed filter. `facet` compares facet values case-insensitively; `numeric` compares numbers. */
export type FilterNode =
  | { type: "and"; children: FilterNode[] }
  | { type: "or"; children: FilterNode[] }
  | { type: "not"; child: FilterNode }
  | { type: "facet"; attribute: string; value: string }
  | { type: "numeric"; attribute: string; op: NumericOp; value: number }
  | { type: "range"; attribute: string; lo: number; hi: number };

export type NumericOp = "<" | "<=" | "=" | "!=" | ">=" | ">";

/** The parameters the engine acts on, validated (params.ts). */
export interface SearchParams {
  query: string;
  page: number;
  hitsPerPage: number;
  offset?: number;
  length?: number;
  facets: string[]; // already expanded ("*" → every facet)
  filter: FilterNode | null; // facetFilters AND numericFilters AND filters
  attributesToRetrieve: string[] | null; // null = all
  attributesToHighlight: string[] | null; // null = the searchable attributes
  highlightPreTag: string;
  highlightPostTag: string;
  maxValuesPerFacet: number;
  sortFacetValuesBy: "count" | "alpha";
  typoTolerance: boolean;
  allowTyposOnNumericTokens: boolean;
  /** Whether the index's synonyms apply (Algolia's `synonyms` parameter; default true). */
  synonyms: boolean;
  /** For `type: "facet"` requests (search for facet values). */
  facetName?: string;
  facetQuery?: string;
  maxFacetHits: number;
  /**
   * Geo search (aroundLatLng, aroundRadius, aroundPrecision): records with a `_geoloc` within `radius`
   * metres of the point (any distance when null), ranked nearer first in steps of `precision` metres.
   */
  around: GeoAround | null;
  /** Hits kept per attributeForDistinct value (0: no grouping; always 0 without the setting). */
  distinct: number;
  /** The URL-encoded params string echoed as `params` in the response. */
  encoded: string;
}

export interface GeoAround {
  lat: number;
  lng: number;
  radius: number | null;
  precision: number;
}

export interface HighlightResult {
  value: string;
  matchLevel: "none" | "partial" | "full";
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

export interface SearchResponse {
  hits: Record<string, unknown>[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  offset?: number;
  length?: number;
  facets?: Record<string, Record<string, number>>;
  facets_stats?: Record<string, { min: number; max: number; avg: number; sum: number }>;
  exhaustiveFacetsCount: boolean;
  exhaustiveNbHits: boolean;
  exhaustive: { nbHits: boolean; facetsCount: boolean; typo: boolean };
  processingTimeMS: number;
  query: string;
  params: string;
  index: string;
}

export interface FacetSearchResponse {
  facetHits: { value: string; highlighted: string; count: number }[];
  exhaustiveFacetsCount: boolean;
  processingTimeMS: number;
}

/** What a caller passes alongside the params: which index (primary or replica) and the server's filter. */
export interface QueryOptions {
  indexName: string;
  /** Always ANDed in; nothing in the request can widen it. */
  baseFilter?: FilterNode | string | null;
}

/**
 * One request of `POST /1/indexes/*\/queries`: v4 clients send `params` (a URL-encoded string or an
 * object); v5 clients flatten the parameters into the request itself, which is read too.
 */
export interface MultiQueryRequest {
  indexName: string;
  params?: string | Record<string, unknown>;
  type?: string;
}
