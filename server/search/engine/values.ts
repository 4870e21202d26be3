/** How record values read as facet values, numbers and sort keys: one definition for engine and reference. */
import { EARTH_RADIUS_KM } from "../../../domain/delivery";
import type { SearchableRecord, SortKey } from "./types";

/** Facet values of an attribute value: strings as-is, numbers and booleans as text, arrays element-wise. */
export function facetStrings(v: unknown): string[] {
  if (typeof v === "string") return v === "" ? [] : [v];
  if (typeof v === "number") return Number.isFinite(v) ? [String(v)] : [];
  if (typeof v === "boolean") return [v ? "true" : "false"];
  if (Array.isArray(v)) return [...new Set(v.flatMap(facetStrings))];
  return [];
}

/** Filter values compare case-insensitively ("make:toyota" finds "Toyota"). */
export const facetKey = (s: string) => s.toLowerCase();

/** The number an attribute holds (booleans as 0/1), or NaN when it holds none. */
export function numericValue(v: unknown): number {
  if (typeof v === "number") return Number.isFinite(v) ? v : NaN;
  if (typeof v === "boolean") return v ? 1 : 0;
  return NaN;
}

/** A number other than -0, or no value: its facet value (its text) reads back as its numeric value. */
export const plainNumber = (v: unknown) => v === null || v === undefined || (typeof v === "number" && !Object.is(v, -0));

/** Strings a searchable attribute holds (numbers as text). */
export function searchableStrings(v: unknown): string[] {
  if (typeof v === "string") return [v];
  if (typeof v === "number" && Number.isFinite(v)) return [String(v)];
  if (Array.isArray(v)) return v.flatMap(searchableStrings);
  return [];
}

/** Compares two sort values; a missing value (NaN) sorts last in both directions, as Algolia does. */
export function compareValues(a: number, b: number, direction: SortKey["direction"]): number {
  if (a !== a) return b !== b ? 0 : 1;
  if (b !== b) return -1;
  return a === b ? 0 : (a < b) === (direction === "asc") ? -1 : 1;
}

/**
 * Facet values ordered as Algolia returns them — count desc then value, or by value — at most `max`,
 * leaving out values with no hits. `counts[i]` is the count of `values[i]`.
 */
export function orderFacetCounts(values: readonly string[], counts: ArrayLike<number>, sortBy: "count" | "alpha", max: number): Record<string, number> | null {
  const present: number[] = [];
  for (let i = 0; i < values.length; i++) if (counts[i] > 0) present.push(i);
  if (!present.length) return null;
  present.sort(sortBy === "alpha" ? (a, b) => cmpStr(values[a], values[b]) : (a, b) => counts[b] - counts[a] || cmpStr(values[a], values[b]));
  const out: Record<string, number> = {};
  for (let i = 0; i < present.length && i < max; i++) {
    const v = values[present[i]];
    if (v === "__proto__") Object.defineProperty(out, v, { value: counts[present[i]], enumerable: true, writable: true, configurable: true });
    else out[v] = counts[present[i]];
  }
  return out;
}

export const cmpStr = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** 32-bit FNV-1a of an objectID. */
export function idHash(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * The last tie-break of every order: by the objectID's hash, then the objectID. Defined by the data
 * alone (not by insertion order), so an index updated incrementally orders exactly as a fresh build;
 * a hash rather than the string because sorting 100k numbers is several times cheaper than strings.
 */
export const cmpIds = (a: string, b: string) => idHash(a) - idHash(b) || cmpStr(a, b);

/** The value a record is grouped by for `distinct`: a string or number; any other value (or none) groups it alone. */
export function distinctKey(v: unknown): string | null {
  if (typeof v === "string") return v === "" ? null : `s${v}`;
  if (typeof v === "number" && Number.isFinite(v)) return `n${v}`;
  return null;
}

/**
 * A record's point for geo search: Algolia's `_geoloc` ({ lat, lng }). An array of points (Algolia
 * allows several) is read as its first point: a vehicle stands at one location. None: null.
 */
export function geolocOf(v: unknown): [number, number] | null {
  const g = Array.isArray(v) ? v[0] : v;
  if (!g || typeof g !== "object") return null;
  const { lat, lng } = g as { lat?: unknown; lng?: unknown };
  return typeof lat === "number" && typeof lng === "number" && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? [lat, lng] : null;
}

const EARTH_RADIUS_M = EARTH_RADIUS_KM * 1000;
const RAD = Math.PI / 180;

/**
 * Great-circle (haversine) distance in whole metres, on the earth of domain/delivery.ts's distanceKm;
 * NaN when a point is missing. Numbers in, not points: it runs once per hit of a geo query.
 */
export function geoDistance(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const s = Math.sin(((lat2 - lat1) * RAD) / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(((lng2 - lng1) * RAD) / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(s))));
}

/**
 * Reads the given attributes of records start..end-1 into one array per attribute, in one pass
 * over the records. Generated so each read is a constant-key `r["make"]` — a fast named-property load on
 * records of one shape — where a loop over attribute names would do a slow keyed lookup per read
 * (about 3× the build time of this step at 100k records).
 */
export type ColumnReader = (records: readonly SearchableRecord[], start: number, end: number) => unknown[][];

export function columnReader(attrs: string[]): ColumnReader {
  const cols = attrs.map((_, k) => `c${k}`);
  const source = `
    const n = end - start;
    ${cols.map((c) => `const ${c} = new Array(n);`).join("\n")}
    for (let i = 0; i < n; i++) {
      const r = rs[start + i];
      ${attrs.map((a, k) => `${cols[k]}[i] = r[${JSON.stringify(a)}];`).join("\n")}
    }
    return [${cols.join(", ")}];`;
  return new Function("rs", "start", "end", source) as ColumnReader;
}
