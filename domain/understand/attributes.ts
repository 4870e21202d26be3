/**
 * The attributes a request may set, apart from the parser (understand.ts re-exports them): the
 * search page's first script needs them for its hidden filters and its facet request, and the
 * parser itself (with its synonym table) loads only when the box is first focused (search-box.tsx).
 */

/** Attributes whose values words are matched against. */
export const VALUE_ATTRIBUTES = ["make", "model", "body", "colour", "fuel", "transmission", "drive", "car_type", "item_type"] as const;
/** Attributes the parser may refine by value (VALUE_ATTRIBUTES and a year alone). */
export const LIST_ATTRIBUTES = [...VALUE_ATTRIBUTES, "year"] as const;
/** Attributes the parser may refine by range. */
export const RANGE_ATTRIBUTES = ["price", "weekly_price", "km", "year", "seats"] as const;
/** The facets the parser reads (VALUE_ATTRIBUTES, and price_range for "cheap"). */
export const UNDERSTAND_FACETS = [...VALUE_ATTRIBUTES, "price_range"] as const;
