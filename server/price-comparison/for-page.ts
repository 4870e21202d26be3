import { cache } from "react";
import type { ComparableCar, PriceComparison } from "../../domain/price-comparison";
import { getDb } from "../db";
import { priceComparisonProvider } from "./provider";

/**
 * The car page's price comparison, as GET /api/cars/{slug}/autogauge answers it for the panel, for
 * what the page renders on the server from it (the below-market badge). Once per render; a failed
 * query is logged and gives none (the badge then hides, as the panel does on a failed fetch).
 */
export const priceComparisonForPage = cache(async (car: ComparableCar): Promise<PriceComparison | null> => {
  try {
    return await priceComparisonProvider((await getDb()).db).compare(car);
  } catch (error) {
    console.error("price comparison for the car page", error);
    return null;
  }
});
