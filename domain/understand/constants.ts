/**
 * The request parser's shared words (domain/understand): its result's types, the attributes it may
 * refine, its constants, and a token's shape and key. Apart so the vocabulary, the quantity reader and
 * the parser import them without a cycle. Pure.
 */
import type { Money } from "./labels";

/** Facet values and their counts, as a search response's `facets` gives them. */
export type Facets = Record<string, Record<string, number>>;

export interface UnderstandOptions {
  /** Where new and demo are joined, "new" selects both (as the car type slider does). */
  joinNewAndDemo?: boolean;
  /** The clock for "5 years old" and what counts as a year (1980 to next year). */
  now?: Date;
  /** Chips' money and number format; Australian dollars by default. */
  money?: Money;
}

export interface Chip {
  attribute: string;
  /** The facet value, or the range "lo:hi". */
  value: string;
  label: string;
}

export interface Understood {
  refinementList: Record<string, string[]>;
  range: Record<string, string>;
  query: string;
  near?: { place: string; radiusKm?: number };
  chips: Chip[];
}

// The attributes a request may set live apart, for the search page's first script (attributes.ts).
export { LIST_ATTRIBUTES, RANGE_ATTRIBUTES, UNDERSTAND_FACETS, VALUE_ATTRIBUTES } from "./attributes";

/** "around $30k": 10 % either side. */
export const AROUND_SHARE = 0.1;
/** "low kms": under 50,000 km. */
export const LOW_KM = 50_000;
/** "cheap": the share of the site's priced stock at or under the bound. */
export const CHEAP_SHARE = 0.25;
/** "cheap" where the site's price ranges are unknown. */
export const CHEAP_FALLBACK = 15_000;

// A request's words

export interface Token {
  raw: string;
  /** Lower-case letters and digits only ("cx-5" → "cx5"). */
  key: string;
  /** A number's value (with k or thousand applied later). */
  num?: number;
  dollar?: boolean;
  /** Written against the token before it ("3500kg"): the query joins them again. */
  glued?: boolean;
  /** "40k": thousands written. */
  k?: boolean;
  used?: boolean;
}

export const keyOf = (s: string) => s.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "");
