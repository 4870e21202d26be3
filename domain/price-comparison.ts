/**
 * The price-comparison panel (spec search-and-vehicle-detail §3, §4, §5, §8, §9): when it shows,
 * how its fill reads, and `comparePrice`, the embedded provider's arithmetic — a car's price
 * against comparable stock. Pure: the caller (server I/O) fetches the comparables.
 */
import type { Vehicle } from "../schemas/generated/vehicle";

/** Spec §3: the price-comparison result. */
export interface PriceComparison {
  /** 0…1: how far the listing price sits below the top of the market range (1 = at or under its bottom). */
  fill: number;
  listing_price: number;
  market_range_min: number;
  market_range_max: number;
  /** 0…1. */
  confidence: number;
  description: string;
}

/** Spec §9: the panel animates for 2.5 s. */
export const PRICE_COMPARISON_ANIMATION_MS = 2500;
/** Spec §5: shown only with confidence above 0.2. */
export const MIN_CONFIDENCE = 0.2;
/** Spec §8: the error when the provider returns no data (the panel hides). */
export const PRICE_COMPARISON_NO_DATA = "No data returned";

/**
 * Spec §5: shown only if fill, listing_price, market_range_min, market_range_max and confidence
 * are all present, confidence is above 0.2 and market_range_max is not below listing_price.
 */
export function showPriceComparison(r: Partial<Record<keyof PriceComparison, unknown>> | null | undefined): r is PriceComparison {
  if (!r) return false;
  const present = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
  const { fill, listing_price, market_range_min, market_range_max, confidence } = r;
  if (![fill, listing_price, market_range_min, market_range_max, confidence].every(present)) return false;
  return (confidence as number) > MIN_CONFIDENCE && (market_range_max as number) >= (listing_price as number);
}

export type FillLevel = "low" | "medium" | "high";

/** Spec §9: fill below 0.3 is low, 0.3 to 0.6 medium, above 0.6 high. */
export const fillLevel = (fill: number): FillLevel => (fill < 0.3 ? "low" : fill <= 0.6 ? "medium" : "high");

/**
 * The market average the below-market badge measures the price against (spec §5: shown only when
 * the price is more than 499 under it). One rule for the badge and the panel: on a site that
 * compares prices, it is the middle of the market range the panel shows for the car, and without a
 * comparison the panel would show (none, or one its rule hides) there is no badge — so the badge
 * never calls a car "below market" that the panel places near the top of its range. A site without
 * price comparison measures against the feed's average market price.
 */
export function badgeMarketAverage(
  comparesPrices: boolean,
  comparison: PriceComparison | null | undefined,
  feedAverage: number | null | undefined,
): number | null {
  if (!comparesPrices) return feedAverage ?? null;
  return showPriceComparison(comparison) ? Math.round((comparison.market_range_min + comparison.market_range_max) / 2) : null;
}

/** Spec §9: Good Deal below 0.65, otherwise Great Deal. */
export const dealLabel = (fill: number): "Good Deal" | "Great Deal" => (fill < 0.65 ? "Good Deal" : "Great Deal");

// ---------------------------------------------------------------------------------------------
// The embedded provider's method

/** Comparables: same make and model, year within ±2 … */
export const COMPARABLE_YEAR_WINDOW = 2;
/** … and km within ±max(20,000, 50% of the car's km). */
export const COMPARABLE_KM_BAND_MIN = 20_000;
export const COMPARABLE_KM_BAND_RATIO = 0.5;
/** The market range runs from the 10th to the 90th percentile of the comparables' prices. */
export const MARKET_RANGE_PERCENTILES = [0.1, 0.9] as const;
/** Confidence = n / (n + 4) for n comparables: 1 → 0.2 (hidden), 2 → 0.33, 4 → 0.5, 16 → 0.8. */
export const CONFIDENCE_HALF_AT = 4;

export type ComparableCar = Pick<Vehicle, "id" | "make" | "model" | "year" | "km" | "price">;

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
/** How far a comparable's km may be from the car's: ±max(20,000, 50% of its km). */
export const kmBand = (km: number) => Math.max(COMPARABLE_KM_BAND_MIN, km * COMPARABLE_KM_BAND_RATIO);

/** Whether `other` is comparable stock for `car`: another priced car of the same make and model, year within ±2, km within the band. */
export function isComparable(car: ComparableCar, other: ComparableCar): boolean {
  return (
    other.id !== car.id &&
    other.price > 10 &&
    same(other.make, car.make) &&
    same(other.model, car.model) &&
    Math.abs(other.year - car.year) <= COMPARABLE_YEAR_WINDOW &&
    Math.abs(other.km - car.km) <= kmBand(car.km)
  );
}

/** The p-quantile (0…1) of ascending `sorted`, interpolating linearly between the closest ranks. */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/**
 * A car's price against comparable stock, or null when the car has no price or nothing compares.
 *
 * Method: comparables are the other priced cars of the same make and model (case-insensitive)
 * with year within ±2 and km within ±max(20,000, 50% of the car's km). The market range is the
 * 10th to 90th percentile of their prices (linear interpolation), in whole dollars. The fill is
 * where the listing price sits below the top of that range: (max − price) / (max − min), clamped
 * to 0…1 (1 at or under the bottom; for a zero-width range 1 under it, 0.5 on it, 0 over it).
 * Confidence grows with the number of comparables n: n / (n + 4), 2 decimals — a single
 * comparable gives 0.2, which the panel's rule (above 0.2) hides.
 */
export function comparePrice(car: ComparableCar, stock: readonly ComparableCar[]): PriceComparison | null {
  if (!(car.price > 10)) return null;
  const comparables = stock.filter((o) => isComparable(car, o));
  const n = comparables.length;
  if (!n) return null;
  const prices = comparables.map((c) => c.price).sort((a, b) => a - b);
  const min = Math.round(percentile(prices, MARKET_RANGE_PERCENTILES[0]));
  const max = Math.round(percentile(prices, MARKET_RANGE_PERCENTILES[1]));
  const price = car.price;
  const fill = max > min ? Math.min(1, Math.max(0, (max - price) / (max - min))) : price < max ? 1 : price === max ? 0.5 : 0;
  const years = comparables.map((c) => c.year);
  const [y0, y1] = [Math.min(...years), Math.max(...years)];
  return {
    fill: Math.round(fill * 100) / 100,
    listing_price: price,
    market_range_min: min,
    market_range_max: max,
    confidence: Math.round((n / (n + CONFIDENCE_HALF_AT)) * 100) / 100,
    description: `Compared with ${n} similar ${car.make} ${car.model} ${n === 1 ? "listing" : "listings"} from ${y0 === y1 ? y0 : `${y0} to ${y1}`}.`,
  };
}
