/**
 * Price comparison (spec search-and-vehicle-detail §3, §7): a car's price against the market, as
 * the panel shows it (fill, listing price, market range, confidence, description). A vendor adapter
 * implements PriceComparisonProvider; the embedded provider answers from the stock in the database.
 */
import { and, between, eq, gt, gte, ne, or, sql } from "drizzle-orm";
import { COMPARABLE_YEAR_WINDOW, comparePrice, kmBand, type ComparableCar, type PriceComparison } from "../../domain/price-comparison";
import type { Db } from "../db";
import { vehicles } from "../db/schema";

export type { PriceComparison };

/** What a vendor adapter implements. `compare` resolves to null when it has nothing to say about the car. */
export interface PriceComparisonProvider {
  readonly name: string;
  compare(car: ComparableCar, opts?: { now?: Date }): Promise<PriceComparison | null>;
}

/** A sold car stays part of the market (a real price someone paid) for 90 days after its sale. */
export const MARKET_SOLD_DAYS = 90;

/**
 * The embedded provider: the market is every listing in the database — every dealership of every
 * site — that is shown on dealer websites and priced: cars in stock or coming soon, and cars sold
 * in the last 90 days. Comparable stock and the arithmetic are domain/price-comparison.ts's
 * (same make and model, year ±2, km within the band; 10th–90th percentile range). The query is
 * narrowed in SQL by make, model and year (the vehicles_market index) and by the km band, so only
 * candidates are read, never the whole table.
 */
export class EmbeddedPriceComparisonProvider implements PriceComparisonProvider {
  readonly name = "embedded";
  constructor(private readonly db: Db) {}

  /** The market's comparable candidates for `car` (the car itself left out). */
  async comparables(car: ComparableCar, now = new Date()): Promise<ComparableCar[]> {
    const band = kmBand(car.km);
    const soldSince = new Date(now.getTime() - MARKET_SOLD_DAYS * 86_400_000);
    return this.db
      .select({ id: vehicles.id, make: vehicles.make, model: vehicles.model, year: vehicles.year, km: vehicles.km, price: vehicles.price })
      .from(vehicles)
      .where(
        and(
          // The same expressions as the vehicles_market index, so the planner can use it.
          sql`lower(trim(${vehicles.make})) = ${car.make.trim().toLowerCase()}`,
          sql`lower(trim(${vehicles.model})) = ${car.model.trim().toLowerCase()}`,
          between(vehicles.year, car.year - COMPARABLE_YEAR_WINDOW, car.year + COMPARABLE_YEAR_WINDOW),
          between(vehicles.km, Math.ceil(car.km - band), Math.floor(car.km + band)),
          gt(vehicles.price, 10),
          ne(vehicles.id, car.id),
          eq(vehicles.showOnDealerWebsite, true),
          or(sql`${vehicles.status} in ('in_stock', 'coming_soon')`, and(eq(vehicles.status, "sold"), gte(vehicles.soldAt, soldSince))),
        ),
      );
  }

  async compare(car: ComparableCar, opts: { now?: Date } = {}): Promise<PriceComparison | null> {
    if (!(car.price > 10)) return null;
    return comparePrice(car, await this.comparables(car, opts.now));
  }
}

/** The provider the server uses. Only the embedded one exists so far; a vendor adapter would be chosen here by its settings. */
export function priceComparisonProvider(db: Db): PriceComparisonProvider {
  return new EmbeddedPriceComparisonProvider(db);
}
