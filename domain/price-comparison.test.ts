import { describe, expect, it } from "vitest";
import {
  PRICE_COMPARISON_ANIMATION_MS,
  PRICE_COMPARISON_NO_DATA,
  badgeMarketAverage,
  comparePrice,
  dealLabel,
  fillLevel,
  isComparable,
  percentile,
  showPriceComparison,
  type ComparableCar,
} from "./price-comparison";

const result = { fill: 0.7, listing_price: 30000, market_range_min: 28000, market_range_max: 34000, confidence: 0.6, description: "" };

describe("when the panel shows (§5)", () => {
  it("needs all five values, confidence above 0.2 and the range max not below the price", () => {
    expect(showPriceComparison(result)).toBe(true);
    for (const key of ["fill", "listing_price", "market_range_min", "market_range_max", "confidence"] as const) {
      expect(showPriceComparison({ ...result, [key]: undefined })).toBe(false);
      expect(showPriceComparison({ ...result, [key]: null })).toBe(false);
    }
    expect(showPriceComparison({ ...result, confidence: 0.2 })).toBe(false);
    expect(showPriceComparison({ ...result, confidence: 0.21 })).toBe(true);
    expect(showPriceComparison({ ...result, market_range_max: 30000 })).toBe(true);
    expect(showPriceComparison({ ...result, market_range_max: 29999 })).toBe(false);
    expect(showPriceComparison({ ...result, fill: 0 })).toBe(true);
    expect(showPriceComparison(null)).toBe(false);
    expect(showPriceComparison({})).toBe(false);
  });
});

describe("fill and label (§9)", () => {
  it("reads low below 0.3, medium 0.3 to 0.6, high above 0.6", () => {
    expect([0, 0.29, 0.3, 0.45, 0.6, 0.61, 1].map(fillLevel)).toEqual(["low", "low", "medium", "medium", "medium", "high", "high"]);
  });
  it("says Good Deal below 0.65, otherwise Great Deal", () => {
    expect(dealLabel(0.64)).toBe("Good Deal");
    expect(dealLabel(0.65)).toBe("Great Deal");
    expect(dealLabel(0.9)).toBe("Great Deal");
  });
  it("animates for 2.5 s and names the empty-data error", () => {
    expect(PRICE_COMPARISON_ANIMATION_MS).toBe(2500);
    expect(PRICE_COMPARISON_NO_DATA).toBe("No data returned");
  });
});

describe("comparePrice (embedded provider)", () => {
  const car: ComparableCar = { id: "car", make: "Toyota", model: "Corolla", year: 2021, km: 40000, price: 27000 };
  const like = (id: number, price: number, over: Partial<ComparableCar> = {}): ComparableCar => ({ ...car, id: `c${id}`, price, ...over });

  it("compares same make and model, year within ±2, km within ±max(20,000, 50%)", () => {
    expect(isComparable(car, like(1, 25000))).toBe(true);
    expect(isComparable(car, like(1, 25000, { make: "toyota", model: "COROLLA" }))).toBe(true);
    expect(isComparable(car, like(1, 25000, { model: "Camry" }))).toBe(false);
    expect(isComparable(car, like(1, 25000, { year: 2023 }))).toBe(true);
    expect(isComparable(car, like(1, 25000, { year: 2018 }))).toBe(false);
    expect(isComparable(car, like(1, 25000, { km: 60000 }))).toBe(true); // band ±20,000
    expect(isComparable(car, like(1, 25000, { km: 60001 }))).toBe(false);
    expect(isComparable({ ...car, km: 100000 }, like(1, 25000, { km: 150000 }))).toBe(true); // band ±50,000
    expect(isComparable(car, like(1, 0))).toBe(false); // unpriced
    expect(isComparable(car, { ...car })).toBe(false); // itself
  });

  it("takes the 10th–90th percentile range, the fill below its top, confidence n / (n + 4)", () => {
    // Prices 24,000 … 32,000 in steps of 1,000 (9 cars): p10 at rank 0.8 → 24,800; p90 at rank 7.2 → 31,200.
    const stock = [car, ...Array.from({ length: 9 }, (_, i) => like(i, 24000 + i * 1000)), like(99, 20000, { model: "Yaris" })];
    const r = comparePrice(car, stock)!;
    expect(r).toMatchObject({ listing_price: 27000, market_range_min: 24800, market_range_max: 31200 });
    // (31,200 − 27,000) / (31,200 − 24,800) = 4,200 / 6,400 = 0.656 → 0.66: high, Great Deal.
    expect(r.fill).toBe(0.66);
    expect(fillLevel(r.fill)).toBe("high");
    expect(dealLabel(r.fill)).toBe("Great Deal");
    // 9 / (9 + 4) = 0.692 → 0.69
    expect(r.confidence).toBe(0.69);
    expect(r.description).toBe("Compared with 9 similar Toyota Corolla listings from 2021.");
    expect(showPriceComparison(r)).toBe(true);
  });

  it("clamps the fill, and a car over the range is hidden by the panel's rule", () => {
    const stock = [like(1, 20000, { year: 2019 }), like(2, 22000, { year: 2022 })];
    expect(comparePrice({ ...car, price: 15000 }, stock)).toMatchObject({ fill: 1, market_range_min: 20200, market_range_max: 21800, confidence: 0.33 });
    const over = comparePrice(car, stock)!;
    expect(over.fill).toBe(0);
    expect(showPriceComparison(over)).toBe(false);
    expect(over.description).toBe("Compared with 2 similar Toyota Corolla listings from 2019 to 2022.");
  });

  it("gives nothing without a price or comparables, and confidence 0.2 (hidden) for one", () => {
    expect(comparePrice({ ...car, price: 0 }, [like(1, 25000)])).toBeNull();
    expect(comparePrice(car, [])).toBeNull();
    const one = comparePrice(car, [like(1, 27000)])!;
    expect(one).toMatchObject({ market_range_min: 27000, market_range_max: 27000, fill: 0.5, confidence: 0.2 });
    expect(showPriceComparison(one)).toBe(false);
  });

  it("interpolates percentiles between ranks", () => {
    expect(percentile([10, 20, 30, 40, 50], 0.1)).toBe(14);
    expect(percentile([10, 20, 30, 40, 50], 0.9)).toBe(46);
    expect(percentile([7], 0.9)).toBe(7);
  });
});

describe("badgeMarketAverage (one market for the badge and the panel)", () => {
  // Bluegum's 2023 Mustang GT, $56,990, which the panel placed in $48,690–$57,890 while the feed's average said "below market".
  const mustang = { fill: 0.1, listing_price: 56990, market_range_min: 48690, market_range_max: 57890, confidence: 0.5, description: "" };

  it("measures against the middle of the range the panel shows, on a site that compares prices", () => {
    expect(badgeMarketAverage(true, mustang, 60000)).toBe(53290);
    // 56,990 is not 499 under 53,290: no badge, whatever the feed says.
    expect(56990 < 53290 - 499).toBe(false);
  });

  it("gives no market (so no badge) where the panel shows no comparison", () => {
    expect(badgeMarketAverage(true, null, 60000)).toBeNull();
    expect(badgeMarketAverage(true, { ...mustang, confidence: 0.2 }, 60000)).toBeNull();
    expect(badgeMarketAverage(true, { ...mustang, market_range_max: 50000 }, 60000)).toBeNull();
  });

  it("takes the feed's average market price on a site without price comparison", () => {
    expect(badgeMarketAverage(false, mustang, 60000)).toBe(60000);
    expect(badgeMarketAverage(false, null, null)).toBeNull();
  });
});
