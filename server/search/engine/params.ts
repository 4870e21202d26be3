/**
 * Search parameters as clients send them — a URL-encoded string (InstantSearch with a v4 client), an
 * object, or flattened into the request (v5 clients) — validated into SearchParams.
 */
import { allOf, parseFacetFilters, parseFilters, parseNumericFilters } from "./filters";
import { MAX_DISTINCT, SearchRequestError, type GeoAround, type ResolvedSettings, type SearchParams } from "./types";
import { MAX_QUERY_LENGTH } from "./text";
import { MAX_JSON_DEPTH, nestedDeeperThan } from "../../http/body";

type Kind = "string" | "int" | "list" | "filters" | "bool";

// Parameters the engine acts on (aroundRadius, which is a number or "all", is read in around()); anything else (analytics, clickAnalytics, userToken, ruleContexts,
// getRankingInfo, distinct, responseFields …) is accepted and ignored, as it changes nothing here.
const KINDS: Record<string, Kind> = {
  query: "string",
  filters: "string",
  highlightPreTag: "string",
  highlightPostTag: "string",
  sortFacetValuesBy: "string",
  facetName: "string",
  facet: "string",
  facetQuery: "string",
  page: "int",
  hitsPerPage: "int",
  offset: "int",
  length: "int",
  maxValuesPerFacet: "int",
  maxFacetHits: "int",
  facets: "list",
  attributesToRetrieve: "list",
  attributesToHighlight: "list",
  facetFilters: "filters",
  numericFilters: "filters",
  tagFilters: "filters",
  typoTolerance: "bool",
  allowTyposOnNumericTokens: "bool",
  synonyms: "bool",
  aroundLatLng: "string",
  aroundPrecision: "int",
};

/** A string value from a URL-encoded params string, read as the parameter's kind. */
function coerce(key: string, value: unknown): unknown {
  const kind = KINDS[key];
  if (typeof value !== "string" || !kind || kind === "string") return value;
  const s = value.trim();
  if (kind === "int") return /^[+-]?\d+$/.test(s) ? Number(s) : value;
  if (kind === "bool") return s === "false" ? false : s === "true" || s === "min" || s === "strict" ? true : value;
  if (s.startsWith("[")) {
    // Nested at most as deep as a JSON body may be (the filter readers recurse into it).
    if (nestedDeeperThan(s)) throw new SearchRequestError(`${key} is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`);
    try {
      return JSON.parse(s);
    } catch {
      throw new SearchRequestError(`${key} is not valid JSON: ${s.slice(0, 80)}`);
    }
  }
  return kind === "list" ? (s === "" ? [] : s.split(",").map((x) => x.trim())) : value;
}

/** Parameters of one request, as a plain object, whatever form they came in. */
export function readParams(params: unknown, flat: Record<string, unknown> = {}): { values: Record<string, unknown>; encoded: string } {
  let values: Record<string, unknown>;
  let encoded: string | undefined;
  if (typeof params === "string") {
    values = Object.fromEntries(new URLSearchParams(params));
    encoded = params;
  } else if (params === undefined || params === null) {
    values = {};
  } else if (typeof params === "object" && !Array.isArray(params)) {
    values = { ...(params as Record<string, unknown>) };
  } else {
    throw new SearchRequestError("params must be a URL-encoded string or an object");
  }
  values = { ...flat, ...values };
  for (const k of Object.keys(values)) {
    if (values[k] === undefined) delete values[k];
    else values[k] = coerce(k, values[k]);
  }
  encoded ??= Object.entries(values)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === "string" ? v : JSON.stringify(v))}`)
    .join("&");
  return { values, encoded };
}

function int(values: Record<string, unknown>, key: string, def: number, min: number, max: number): number {
  const v = values[key];
  if (v === undefined) return def;
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `between ${min} and ${max}`;
    throw new SearchRequestError(`${key} must be an integer ${range}; got ${JSON.stringify(v)}`);
  }
  return v;
}

function str(values: Record<string, unknown>, key: string, def: string): string {
  const v = values[key];
  if (v === undefined) return def;
  if (typeof v !== "string") throw new SearchRequestError(`${key} must be a string; got ${JSON.stringify(v)}`);
  return v;
}

function bool(values: Record<string, unknown>, key: string, def: boolean): boolean {
  const v = values[key] ?? def;
  if (typeof v !== "boolean") throw new SearchRequestError(`${key} must be true or false`);
  return v;
}

function list(values: Record<string, unknown>, key: string): string[] | undefined {
  const v = values[key];
  if (v === undefined) return undefined;
  const arr = typeof v === "string" ? [v] : v;
  if (!Array.isArray(arr) || arr.some((x) => typeof x !== "string")) throw new SearchRequestError(`${key} must be an array of strings`);
  return arr as string[];
}

/** The widest radius a request may name: half the Earth's circumference, in metres. */
const MAX_RADIUS = 20_037_509;

/** aroundLatLng ("-33.87, 151.21"), aroundRadius (metres, or "all") and aroundPrecision (metres; Algolia's default 10). */
function around(values: Record<string, unknown>): GeoAround | null {
  const point = values.aroundLatLng;
  const rawRadius = values.aroundRadius;
  if (point === undefined || point === "") {
    if (rawRadius !== undefined && rawRadius !== "all") throw new SearchRequestError("aroundRadius needs aroundLatLng");
    return null;
  }
  const m = typeof point === "string" ? /^\s*([+-]?\d+(?:\.\d+)?)\s*,\s*([+-]?\d+(?:\.\d+)?)\s*$/.exec(point) : null;
  const lat = m ? Number(m[1]) : NaN;
  const lng = m ? Number(m[2]) : NaN;
  if (!(Math.abs(lat) <= 90 && Math.abs(lng) <= 180))
    throw new SearchRequestError(`aroundLatLng must be "latitude, longitude" (latitude -90 to 90, longitude -180 to 180); got ${JSON.stringify(point).slice(0, 80)}`);
  let radius: number | null = null;
  if (rawRadius !== undefined && rawRadius !== "all") {
    const r = typeof rawRadius === "string" && /^\d+$/.test(rawRadius.trim()) ? Number(rawRadius) : rawRadius;
    if (typeof r !== "number" || !Number.isInteger(r) || r < 1 || r > MAX_RADIUS)
      throw new SearchRequestError(`aroundRadius must be "all" or an integer between 1 and ${MAX_RADIUS} (metres); got ${JSON.stringify(rawRadius).slice(0, 80)}`);
    radius = r;
  }
  return { lat, lng, radius, precision: int(values, "aroundPrecision", 10, 1, MAX_RADIUS) };
}

/** `distinct`: true (1), false (0) or 0–4 hits per value; nothing to group by without attributeForDistinct. */
function distinctOf(values: Record<string, unknown>, settings: ResolvedSettings): number {
  const v = values.distinct;
  if (v === undefined) return settings.attributeForDistinct ? settings.distinct : 0;
  const n = v === true || v === "true" ? 1 : v === false || v === "false" ? 0 : typeof v === "string" && /^\d$/.test(v.trim()) ? Number(v) : v;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 0 || n > MAX_DISTINCT)
    throw new SearchRequestError(`distinct must be true, false or an integer between 0 and ${MAX_DISTINCT}; got ${JSON.stringify(v).slice(0, 80)}`);
  return settings.attributeForDistinct ? n : 0;
}

const isEmptyFilter = (v: unknown): boolean => v === "" || (Array.isArray(v) && v.every(isEmptyFilter));

/** Validates one request's parameters against the index settings. */
export function parseParams(params: unknown, settings: ResolvedSettings, flat?: Record<string, unknown>): SearchParams {
  const { values, encoded } = readParams(params, flat);
  const query = str(values, "query", "");
  if (query.length > MAX_QUERY_LENGTH) throw new SearchRequestError(`query must be at most ${MAX_QUERY_LENGTH} characters; got ${query.length}`);
  const facetsIn = list(values, "facets") ?? [];
  const facets = facetsIn.includes("*") ? [...new Set([...settings.faceting, ...facetsIn.filter((f) => f !== "*")])] : [...new Set(facetsIn)];
  if (values.tagFilters !== undefined && !isEmptyFilter(values.tagFilters)) throw new SearchRequestError("tagFilters is not supported by this index; use facetFilters");
  const sortFacetValuesBy = str(values, "sortFacetValuesBy", "count");
  if (sortFacetValuesBy !== "count" && sortFacetValuesBy !== "alpha")
    throw new SearchRequestError(`sortFacetValuesBy must be "count" or "alpha"; got ${JSON.stringify(sortFacetValuesBy)}`);
  const typoTolerance = values.typoTolerance ?? true;
  if (typeof typoTolerance !== "boolean") throw new SearchRequestError(`typoTolerance must be true, false, "min" or "strict"`);
  const numericTypos = values.allowTyposOnNumericTokens ?? settings.allowTyposOnNumericTokens;
  if (typeof numericTypos !== "boolean") throw new SearchRequestError("allowTyposOnNumericTokens must be true or false");
  const toHighlight = list(values, "attributesToHighlight");
  const hasOffset = values.offset !== undefined;
  const hitsPerPage = int(values, "hitsPerPage", 20, 0, 1000);
  return {
    query,
    page: int(values, "page", 0, 0, Number.MAX_SAFE_INTEGER),
    hitsPerPage,
    offset: hasOffset ? int(values, "offset", 0, 0, Number.MAX_SAFE_INTEGER) : undefined,
    length: hasOffset ? int(values, "length", hitsPerPage, 0, 1000) : undefined,
    facets,
    filter: allOf([
      parseFacetFilters(values.facetFilters, settings),
      parseNumericFilters(values.numericFilters, settings),
      parseFilters(str(values, "filters", ""), settings),
    ]),
    attributesToRetrieve: list(values, "attributesToRetrieve") ?? null,
    attributesToHighlight: toHighlight?.includes("*") ? null : (toHighlight ?? null),
    highlightPreTag: str(values, "highlightPreTag", "<em>"),
    highlightPostTag: str(values, "highlightPostTag", "</em>"),
    maxValuesPerFacet: int(values, "maxValuesPerFacet", 100, 0, 1000),
    sortFacetValuesBy,
    typoTolerance,
    allowTyposOnNumericTokens: numericTypos,
    synonyms: bool(values, "synonyms", true),
    facetName: values.facetName !== undefined ? str(values, "facetName", "") : values.facet !== undefined ? str(values, "facet", "") : undefined,
    facetQuery: str(values, "facetQuery", ""),
    maxFacetHits: int(values, "maxFacetHits", 10, 1, 100),
    around: around(values),
    distinct: distinctOf(values, settings),
    encoded,
  };
}
