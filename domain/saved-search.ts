/**
 * Saved searches (issue 34): the search state a shopper saves, its bounds and how it reads, shared
 * by the save form (blocks/search-results/save-search.tsx) and the server (server/saved-searches).
 * The state is the search page's URL state (query, refinementList, range), read by the same rules.
 */
import { EMAIL_FORMAT } from "./json-schema-lite";
import { isNear, nearRoute, nearText, readNear, type Near } from "./near";
import { FACET_ATTRIBUTES, NUMERIC_ATTRIBUTES } from "./search-record";
import { normaliseRange } from "./search-rules";

export interface SavedSearchState {
  query?: string;
  refinementList?: Record<string, string[]>;
  range?: Record<string, string>;
  /** "Within 50 km of Southport, QLD": the URL's near/at/within (domain/near.ts). */
  near?: Near;
}

/** Bounds on what one saved search may hold. */
export const SAVED_SEARCH_LIMITS = {
  queryLength: 200,
  attributes: 12,
  valuesPerAttribute: 30,
  valueLength: 100,
  emailLength: 254,
  /** Searches one address may keep on one site (pending and active). */
  perEmail: 20,
} as const;

export const SAVED_SEARCH_MESSAGES = {
  email: "Please enter a valid email address.",
  empty: "Choose at least one filter or type a search before saving it.",
  tooMany: `You already have ${SAVED_SEARCH_LIMITS.perEmail} saved searches on this site. Delete one (the link is in every alert) before saving another.`,
  near: "The place of this search cannot be read. Search near the place again, then save the search.",
  saved: "Check your email: we sent a link to confirm this alert. No alerts are sent until you confirm.",
} as const;

/** A problem with a saved search's input, worded for the shopper. */
export class SavedSearchInputError extends Error {}

const FACETS = new Set<string>(FACET_ATTRIBUTES);
const RANGES = new Set<string>(NUMERIC_ATTRIBUTES);
const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);
// No control characters in anything stored or mailed.
const clean = (s: string) => s.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();

/**
 * The state as stored: known facet and numeric attributes only, values as strings, ranges read by
 * the sliders' rules; throws SavedSearchInputError past a bound (never cuts silently) or when the
 * search is empty (it would match every car).
 */
export function normaliseSavedState(input: unknown): SavedSearchState {
  if (!isRecord(input)) throw new SavedSearchInputError("The search to save is missing.");
  const L = SAVED_SEARCH_LIMITS;
  const out: SavedSearchState = {};
  if (input.query !== undefined && input.query !== null) {
    if (typeof input.query !== "string") throw new SavedSearchInputError("The search text must be text.");
    const q = clean(input.query);
    if (q.length > L.queryLength) throw new SavedSearchInputError(`The search text may be at most ${L.queryLength} characters.`);
    if (q) out.query = q;
  }
  const lists = input.refinementList === undefined ? {} : input.refinementList;
  const ranges = input.range === undefined ? {} : input.range;
  if (!isRecord(lists) || !isRecord(ranges)) throw new SavedSearchInputError("The filters of the search cannot be read.");
  if (Object.keys(lists).length + Object.keys(ranges).length > L.attributes) throw new SavedSearchInputError(`A saved search may have at most ${L.attributes} filters.`);
  for (const [attr, raw] of Object.entries(lists)) {
    if (!FACETS.has(attr)) throw new SavedSearchInputError(`"${attr.slice(0, 40)}" is not a filter of this site.`);
    const values = (Array.isArray(raw) ? raw : [raw]).map((v) => (typeof v === "string" || typeof v === "number" ? clean(String(v)) : "")).filter(Boolean);
    if (values.length > L.valuesPerAttribute) throw new SavedSearchInputError(`A filter may have at most ${L.valuesPerAttribute} values.`);
    if (values.some((v) => v.length > L.valueLength)) throw new SavedSearchInputError(`A filter value may be at most ${L.valueLength} characters.`);
    if (values.length) (out.refinementList ??= {})[attr] = [...new Set(values)].sort();
  }
  for (const [attr, raw] of Object.entries(ranges)) {
    if (!RANGES.has(attr)) throw new SavedSearchInputError(`"${attr.slice(0, 40)}" is not a range of this site.`);
    const range = typeof raw === "string" ? normaliseRange(attr, raw) : undefined;
    if (range) (out.range ??= {})[attr] = range;
  }
  // Read as the URL's near/at/within are: a place, a point on the globe, 1 to NEAR_MAX_KM whole km.
  if (input.near !== undefined && input.near !== null) {
    const near = isNear(input.near) ? readNear(nearRoute(input.near)) : undefined;
    if (!near) throw new SavedSearchInputError(SAVED_SEARCH_MESSAGES.near);
    out.near = near;
  }
  if (!out.query && !out.refinementList && !out.range && !out.near) throw new SavedSearchInputError(SAVED_SEARCH_MESSAGES.empty);
  return out;
}

/** A shopper's address, lower-cased; throws SavedSearchInputError when it is not one. */
export function normaliseEmail(input: unknown): string {
  const email = typeof input === "string" ? input.trim().toLowerCase() : "";
  if (!email || email.length > SAVED_SEARCH_LIMITS.emailLength || !EMAIL_FORMAT.test(email)) throw new SavedSearchInputError(SAVED_SEARCH_MESSAGES.email);
  return email;
}

/** The search page's query string of a state (as the page writes and reads it: blocks/_shared/search/routing.ts). */
export function savedSearchQuery(state: SavedSearchState): string {
  const value = (v: string) => encodeURIComponent(v).replace(/%3A/gi, ":");
  const parts: string[] = [];
  if (state.query) parts.push(`query=${value(state.query)}`);
  for (const [attr, values] of Object.entries(state.refinementList ?? {})) values.forEach((v, i) => parts.push(`refinementList[${attr}][${i}]=${value(v)}`));
  for (const [attr, range] of Object.entries(state.range ?? {})) parts.push(`range[${attr}]=${value(range)}`);
  if (state.near) for (const [key, v] of Object.entries(nearRoute(state.near))) parts.push(`${key}=${value(v).replace(/%2C/gi, ",")}`);
  return parts.length ? `?${parts.join("&")}` : "";
}

const RANGE_WORDS: Record<string, (n: number) => string> = {
  price: (n) => `$${n.toLocaleString("en-AU")}`,
  weekly_price: (n) => `$${n.toLocaleString("en-AU")}/wk`,
  km: (n) => `${n.toLocaleString("en-AU")} km`,
};

/** "Mazda · CX-5 · Used · $20,000 – $40,000 · Within 50 km of Southport, QLD · "sunroof"": what the search is, for e-mails and lists. */
export function savedSearchLabel(state: SavedSearchState): string {
  const parts: string[] = [];
  for (const values of Object.values(state.refinementList ?? {})) parts.push(values.map((v) => (v === "new" ? "New" : v === "used" ? "Used" : v === "demo" ? "Demo" : v)).join(", "));
  for (const [attr, range] of Object.entries(state.range ?? {})) {
    const f = RANGE_WORDS[attr] ?? String;
    const [lo, hi] = range.split(":").map((v) => (v === "" ? undefined : Number(v)));
    parts.push(lo !== undefined && hi !== undefined ? `${f(lo)} – ${f(hi)}` : lo !== undefined ? `from ${f(lo)}` : `up to ${f(hi!)}`);
  }
  if (state.near) parts.push(nearText(state.near));
  if (state.query) parts.push(`“${state.query}”`);
  return parts.join(" · ").slice(0, 300);
}
