/** Search behaviour from the spec (search-and-vehicle-detail §2, §4, §5, §7, §9), shared by server and browser. */
import type { TenantDocument } from "../schemas/generated/tenant";

type Search = TenantDocument["search"];

/**
 * The filter every search of a site runs under, in Algolia's filter syntax (the embedded engine
 * speaks it too): the site's dealerships, cars shown on dealer websites, the car types and stock
 * kinds it sells, and cars in stock or sold within the site's days.
 */
export function tenantBaseFilter(tenant: Pick<TenantDocument, "dealerships" | "features" | "identity">, now: Date): string {
  const nowTs = Math.floor(now.getTime() / 1000);
  const sold = tenant.features.soldCars;
  const since = sold.enabled && sold.days > 0 ? nowTs - sold.days * 86400 : nowTs + 1;
  const parts = [
    // No dealership (a preview whose only one is another site's): no car; ids start at 1.
    tenant.dealerships.length ? `(${tenant.dealerships.map((d) => `dealership_id:${d.id}`).join(" OR ")})` : "dealership_id:0",
    "show_on_dealer_website:true",
    `listing_ts >= ${since}`,
  ];
  const { carTypes, stockKinds } = tenant.identity;
  if (carTypes.length < 3) parts.push(`(${carTypes.map((t) => `car_type:${t}`).join(" OR ")})`);
  if (stockKinds.length < 4) parts.push(`(${stockKinds.map((k) => `item_type:${k}`).join(" OR ")})`);
  return parts.join(" AND ");
}

// ---- car type slider ----

export type CarTypeOption = Search["carTypeOptions"][number];

export const CAR_TYPE_LABELS: Record<CarTypeOption, string> = { all: "All", new: "New", "new-demo": "New / Demo", used: "Used", demo: "Demo" };

/** The car_type refinement an option sets; it replaces the previous one. Where new and demo are joined, New selects both. */
export function carTypeRefinement(option: CarTypeOption, joinNewAndDemo: boolean): string[] {
  switch (option) {
    case "all":
      return [];
    case "new":
      return joinNewAndDemo ? ["new", "demo"] : ["new"];
    case "new-demo":
      return ["new", "demo"];
    default:
      return [option];
  }
}

/** Which slider option a car_type refinement corresponds to (for highlighting the pressed one). */
export function selectedCarType(refined: string[], options: CarTypeOption[], joinNewAndDemo: boolean): CarTypeOption | null {
  const key = [...refined].sort().join(",");
  return options.find((o) => [...carTypeRefinement(o, joinNewAndDemo)].sort().join(",") === key) ?? null;
}

// ---- price and km sliders ----

export const DEFAULT_SLIDER_MAX = 100_000;
/** The query searches 300 ms after the last key press (spec §9). */
export const QUERY_DEBOUNCE_MS = 300;
/** Sliders search 400 ms after they stop moving (spec §9). */
export const SLIDER_DEBOUNCE_MS = 400;

/** Range attributes whose values round to the nearest 1000 (spec §5: the price and kilometre sliders). */
const IN_THOUSANDS = new Set(["price", "km"]);

/**
 * The unit a range's values round to, which is also the least gap between its ends (spec §5: price
 * and km round to the nearest 1000, and the minimum stays under the maximum): 1000 for price and km,
 * one for years and anything else.
 */
export const rangeStep = (attribute: string) => (IN_THOUSANDS.has(attribute) ? 1000 : 1);

/** Slider bounds: facet min, and the facet max when above 0 (else 100,000); a step of about a hundredth of the range. */
export function sliderBounds(stats: { min: number; max: number } | undefined) {
  const min = Math.max(0, roundToThousand(stats?.min ?? 0, "down"));
  const max = stats && stats.max > 0 ? roundToThousand(stats.max, "up") : DEFAULT_SLIDER_MAX;
  const step = Math.max(1, Math.round((max - min) / 100));
  return { min, max: Math.max(max, min + 1000), step };
}

function roundToThousand(value: number, mode: "nearest" | "up" | "down" = "nearest"): number {
  const f = mode === "up" ? Math.ceil : mode === "down" ? Math.floor : Math.round;
  return f(value / 1000) * 1000;
}

const roundTo = (value: number, unit: number) => Math.round(value / unit) * unit;

/**
 * A refined range as the slider keeps it: values round to the unit (1000 for price and km), ends given
 * the wrong way round are swapped, the minimum never below the range minimum nor the maximum above the
 * range maximum, and the minimum at least one unit under the maximum. Bounds are whole units.
 */
export function clampRange(range: [number | undefined, number | undefined], bounds: { min: number; max: number }, unit = 1000): [number, number] {
  let lo = roundTo(range[0] ?? bounds.min, unit);
  let hi = roundTo(range[1] ?? bounds.max, unit);
  if (lo > hi) [lo, hi] = [hi, lo];
  lo = Math.min(Math.max(lo, bounds.min), bounds.max - unit);
  hi = Math.max(Math.min(hi, bounds.max), lo + unit);
  return [lo, hi];
}

export type RangeEnds = [number | undefined, number | undefined];

/** The largest range end read: past it a number would print in exponent form ("1e+21"), which no URL reads back. */
export const MAX_RANGE_VALUE = 1e12;

/** "5000:20000" → [5000, 20000], ":20000" → [undefined, 20000]; null when the text is no "lo:hi" pair of numbers. */
export function parseRange(value: string): RangeEnds | null {
  const m = /^(-?\d*\.?\d*):(-?\d*\.?\d*)$/.exec(value);
  if (!m) return null;
  const end = (s: string) => {
    if (s === "") return undefined;
    const n = Number(s);
    return Number.isFinite(n) ? Math.min(Math.max(n, -MAX_RANGE_VALUE), MAX_RANGE_VALUE) : null;
  };
  const lo = end(m[1]);
  const hi = end(m[2]);
  return lo === null || hi === null ? null : [lo, hi];
}

/** [5000, undefined] → "5000:"; undefined when both ends are open (no refinement). */
export function formatRange([lo, hi]: RangeEnds): string | undefined {
  return lo === undefined && hi === undefined ? undefined : `${lo ?? ""}:${hi ?? ""}`;
}

/**
 * A range refinement read from outside (the URL, a link), by the slider's rules (spec §5): each end
 * rounded to its unit (price and km to the nearest 1000, years whole), a lower end at or below 0 open,
 * ends given the wrong way round swapped, and the upper end at least one unit above the lower (or
 * above 0 when the lower is open). Every range the site writes is already in this form, so it reads
 * back as the same filter. undefined when nothing is left of it ("", ":", not numbers).
 */
export function normaliseRange(attribute: string, value: string): string | undefined {
  const ends = parseRange(value);
  if (!ends) return undefined;
  const unit = rangeStep(attribute);
  let [lo, hi] = ends.map((v) => (v === undefined ? undefined : roundTo(v, unit))) as RangeEnds;
  if (lo !== undefined && lo <= 0) lo = undefined;
  if (lo !== undefined && hi !== undefined && lo > hi) [lo, hi] = [hi, lo];
  if (hi !== undefined && hi < (lo ?? 0) + unit) hi = (lo ?? 0) + unit;
  return formatRange([lo, hi]);
}

// ---- results list: promo cards and sold runs ----

export type PromoCard = NonNullable<Search["promoCards"]["cards"]>[number];
export type ListItem<H> = { kind: "hit"; hit: H } | { kind: "promo"; promo: PromoCard };

/** A promo card is live between its start and expiry, when those are set. */
export const isPromoLive = (p: PromoCard, now: Date) =>
  (!p.start || new Date(p.start) <= now) && (!p.expiry || now < new Date(p.expiry));

/**
 * Whether a promo suits the car types being looked at. `display` lists the types it is for; a strict
 * promo shows only when exactly those types are refined.
 */
export function promoMatches(p: PromoCard, refinedCarTypes: string[]): boolean {
  if (!p.display?.length) return true;
  if (p.strictDisplay) return refinedCarTypes.length === p.display.length && refinedCarTypes.every((t) => p.display!.includes(t as never));
  return !refinedCarTypes.length || refinedCarTypes.some((t) => p.display!.includes(t as never));
}

/**
 * Interleaves live, matching promo cards into a page of hits at the site's positions (1-based slots).
 * Promos show only when nothing but car type is refined, unless the site shows them with any filter.
 * With randomOffset, the first position moves by 0 to 2 (rng() in [0, 1)).
 */
export function interleavePromos<H>(
  hits: H[],
  settings: Search["promoCards"],
  state: { now: Date; refinedCarTypes: string[]; otherRefinements: boolean; rng?: () => number },
): ListItem<H>[] {
  const items: ListItem<H>[] = hits.map((hit) => ({ kind: "hit", hit }));
  if (state.otherRefinements && !settings.withAnyFilter) return items;
  const promos = (settings.cards ?? []).filter((p) => isPromoLive(p, state.now) && promoMatches(p, state.refinedCarTypes));
  const positions = [...settings.positions];
  if (settings.randomOffset && positions.length) positions[0] += Math.floor((state.rng ?? Math.random)() * 3);
  const placed = promos
    .map((promo, i) => ({ promo, slot: promo.position ?? positions[i] }))
    .filter((p): p is { promo: PromoCard; slot: number } => p.slot !== undefined)
    .sort((a, b) => a.slot - b.slot);
  for (const { promo, slot } of placed) {
    if (slot - 1 <= items.length) items.splice(slot - 1, 0, { kind: "promo", promo });
  }
  return items;
}

/** With sold handling on, consecutive sold cars collapse so only the first of each run shows. */
export function collapseSoldRuns<H extends { status: string }>(hits: H[]): H[] {
  return hits.filter((h, i) => h.status !== "sold" || hits[i - 1]?.status !== "sold");
}

// ---- counts and history ----

/** The Show Me N count: above 1999 hits it comes from facet counts (in_stock, or the sum of car types). */
export function showMeCount(nbHits: number, facets: Record<string, Record<string, number>> | undefined): number {
  if (nbHits <= 1999 || !facets) return nbHits;
  if (facets.status?.in_stock !== undefined) return facets.status.in_stock;
  const carTypes = Object.values(facets.car_type ?? {});
  return carTypes.length ? carTypes.reduce((a, b) => a + b, 0) : nbHits;
}

export const SEARCH_HISTORY_SIZE = 5;
export interface SearchHistoryEntry {
  path: string;
  filters: Record<string, string[]>;
}

/** Keeps the last 5 searches that have filters, newest first, one entry per path. */
export function pushSearchHistory(history: SearchHistoryEntry[], entry: SearchHistoryEntry): SearchHistoryEntry[] {
  const filters = Object.fromEntries(Object.entries(entry.filters).filter(([, v]) => v.length));
  if (!Object.keys(filters).length || !entry.path) return history;
  return [{ path: entry.path, filters }, ...history.filter((h) => h.path !== entry.path)].slice(0, SEARCH_HISTORY_SIZE);
}

// ---- indices ----

export const VEHICLES_INDEX = "vehicles";
export const SORTABLE_ATTRIBUTES = ["price", "created_at", "year", "km", "views", "custom_rank"] as const;
export type SortOption = Search["sorts"][number];

/** The index (primary or sort replica) that answers a sort option: relevance is the primary. */
export function indexForSort(sort: Pick<SortOption, "attribute" | "direction">): string {
  return sort.attribute && sort.direction ? `${VEHICLES_INDEX}_${sort.attribute}_${sort.direction}` : VEHICLES_INDEX;
}

/** Every index name a site's search may query. */
export function allowedIndices(search: Pick<Search, "sorts">): Set<string> {
  return new Set([VEHICLES_INDEX, ...search.sorts.map(indexForSort)]);
}

/** A facet filter "attr:value", with a leading "-" escaped so it is not read as a negation. */
export const facetFilter = (attribute: string, value: string) => `${attribute}:${value.startsWith("-") ? `\\${value}` : value}`;
