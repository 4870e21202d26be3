import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { vehicleTerms } from "./vehicle-terms";
import {
  DEALER_COMMENTS_PENDING,
  FEATURES_VISIBLE,
  KEY_INFO_VISIBLE,
  SALES_COUNTER_COUNT_UP_MS,
  SALES_COUNTER_REFRESH_MS,
  SIMILAR_CARS_LOAD_MARGIN_PX,
  SIMILAR_CARS_PLACEHOLDERS,
  caravanDetails,
  collapsible,
  dealerComments,
  feetAndMetres,
  listToggleVisible,
  mobileBarOpen,
  pickSimilarCars,
  RESERVE_INELIGIBLE_TEXT,
  reservationWords,
  reserveIneligibleText,
  reserveTerms,
  salesThisMonth,
  showThumbnails,
  similarCarsFilter,
  similarPriceWindow,
  stickyHeaderVisible,
  truncateChars,
  usedOnlySite,
} from "./vdp-rules";

const au = { locale: "en-AU", currency: "AUD" } as const;

describe("gallery and lists", () => {
  it("shows thumbnails only with more than 3 images, in stock", () => {
    const images = (n: number) => Array.from({ length: n }, (_, i) => ({ url: `/i/${i}.jpg` }));
    expect(showThumbnails({ images: images(4), status: "in_stock" })).toBe(true);
    expect(showThumbnails({ images: images(3), status: "in_stock" })).toBe(false);
    expect(showThumbnails({ images: images(10), status: "sold" })).toBe(false);
    expect(showThumbnails({ images: undefined, status: "in_stock" })).toBe(false);
  });
  it("shows the first 4 key information items and 8 features until expanded", () => {
    expect(KEY_INFO_VISIBLE).toBe(4);
    expect(FEATURES_VISIBLE).toBe(8);
    const items = Array.from({ length: 10 }, (_, i) => i);
    expect(collapsible(items, 4, false)).toEqual({ visible: [0, 1, 2, 3], hiddenCount: 6, canToggle: true });
    expect(collapsible(items, 4, true)).toEqual({ visible: items, hiddenCount: 0, canToggle: true });
    expect(collapsible(items.slice(0, 8), 8, false)).toEqual({ visible: items.slice(0, 8), hiddenCount: 0, canToggle: false });
  });
});

describe("dealer comments", () => {
  it("shows the pending text when missing", () => {
    expect(DEALER_COMMENTS_PENDING).toBe("Dealer comments are pending. Please check back here later.");
    expect(dealerComments(undefined, false)).toEqual({ text: DEALER_COMMENTS_PENDING, pending: true, toggle: null });
    expect(dealerComments("   ", false).pending).toBe(true);
  });
  it("collapses to 400 characters with Show More / Show Less", () => {
    const long = "a".repeat(401);
    expect(dealerComments(long, false)).toEqual({ text: `${"a".repeat(400)}...`, pending: false, toggle: "Show More" });
    expect(dealerComments(long, true)).toEqual({ text: long, pending: false, toggle: "Show Less" });
    expect(dealerComments("a".repeat(400), false)).toEqual({ text: "a".repeat(400), pending: false, toggle: null });
  });
  it("counts characters, not UTF-16 units", () => {
    expect(truncateChars("🚗🚗🚗", 2)).toEqual({ text: "🚗🚗...", truncated: true });
  });
});

describe("caravans", () => {
  it("shows feet and metres (0.3048)", () => {
    expect(feetAndMetres(20)).toBe("20 ft (6.10 m)"); // 20 × 0.3048 = 6.096
    expect(feetAndMetres(7.5)).toBe("7.5 ft (2.29 m)"); // 7.5 × 0.3048 = 2.286
  });
  it("lists the caravan fields", () => {
    const rows = caravanDetails({ body_length_ft: 20, body_width_ft: 7.5, tare_weight: 1850, aggregate_trailer_mass: 2500, axle_type: "Single", sleeps: 4 }, "en-AU");
    expect(rows).toEqual([
      { label: "Body length", value: "20 ft (6.10 m)" },
      { label: "Body width", value: "7.5 ft (2.29 m)" },
      { label: "Tare weight", value: "1,850 kg" },
      { label: "Aggregate trailer mass", value: "2,500 kg" },
      { label: "Axles", value: "Single" },
      { label: "Sleeps", value: "4" },
    ]);
    expect(caravanDetails({}, "en-AU")).toEqual([]);
  });
});

describe("scroll thresholds", () => {
  it("shows the sticky header at 500 px", () => {
    expect(stickyHeaderVisible(499)).toBe(false);
    expect(stickyHeaderVisible(500)).toBe(true);
  });
  it("opens the mobile bar always, or beyond 900 px in the after-scroll variant", () => {
    expect(mobileBarOpen("always", 0)).toBe(true);
    expect(mobileBarOpen("off", 5000)).toBe(false);
    expect(mobileBarOpen("after-scroll", 900)).toBe(false);
    expect(mobileBarOpen("after-scroll", 901)).toBe(true);
  });
});

describe("similar cars", () => {
  it("uses ±10,000 under 50,000, otherwise ±25,000", () => {
    expect(similarPriceWindow(49999)).toBe(10000);
    expect(similarPriceWindow(50000)).toBe(25000);
    expect(similarCarsFilter({ price: 30000 })).toBe("status:in_stock AND price:20000 TO 40000");
    expect(similarCarsFilter({ price: 60000 })).toBe("status:in_stock AND price:35000 TO 85000");
    expect(similarCarsFilter({ price: 6000 })).toBe("status:in_stock AND price:0 TO 16000");
    expect(similarCarsFilter({ price: 0 })).toBe("status:in_stock");
  });
  it("shows up to 6 other cars, 6 placeholders, loaded within 500 px", () => {
    const hits = Array.from({ length: 10 }, (_, i) => ({ objectID: `c${i}` }));
    expect(pickSimilarCars(hits, "c0").map((h) => h.objectID)).toEqual(["c1", "c2", "c3", "c4", "c5", "c6"]);
    expect(SIMILAR_CARS_PLACEHOLDERS).toBe(6);
    expect(SIMILAR_CARS_LOAD_MARGIN_PX).toBe(500);
  });
});

describe("favourite / compare visibility (§5)", () => {
  const car = { status: "in_stock", price: 30000, car_type: "new", imageCount: 5 };
  const siteOn = { enabled: true, usedOnly: false };
  it("hides for the feature off, unavailable, non-used on used-only sites, no price, no images", () => {
    expect(listToggleVisible(car, siteOn)).toBe(true);
    expect(listToggleVisible(car, { ...siteOn, enabled: false })).toBe(false);
    expect(listToggleVisible({ ...car, status: "sold" }, siteOn)).toBe(false);
    expect(listToggleVisible({ ...car, status: "coming_soon" }, siteOn)).toBe(true);
    expect(listToggleVisible(car, { ...siteOn, usedOnly: true })).toBe(false);
    expect(listToggleVisible({ ...car, car_type: "used" }, { ...siteOn, usedOnly: true })).toBe(true);
    expect(listToggleVisible({ ...car, price: 0 }, siteOn)).toBe(false);
    expect(listToggleVisible({ ...car, imageCount: 0 }, siteOn)).toBe(false);
    expect(listToggleVisible({ ...car, imageCount: 0 }, { ...siteOn, needsImages: false })).toBe(true);
    expect(usedOnlySite({ carTypes: ["used"] })).toBe(true);
    expect(usedOnlySite({ carTypes: ["new", "used"] })).toBe(false);
  });
});

describe("sales-this-month counter", () => {
  it("is (day − 1) × 192 + seconds since Brisbane midnight / 450", () => {
    expect([SALES_COUNTER_REFRESH_MS, SALES_COUNTER_COUNT_UP_MS]).toEqual([150000, 2000]);
    // Brisbane midnight, 1 March (14:00 UTC on 28 Feb 2026) → 0.
    expect(salesThisMonth(new Date("2026-02-28T14:00:00Z"))).toBe(0);
    // 10 March 06:00 Brisbane (20:00 UTC on 9 March): 9 × 192 + 21600 / 450 = 1728 + 48 = 1776.
    expect(salesThisMonth(new Date("2026-03-09T20:00:00Z"))).toBe(1776);
    // 7 min 29 s after midnight on the 1st: 449 / 450 floors to 0; at 7 min 30 s, 1.
    expect(salesThisMonth(new Date("2026-02-28T14:07:29Z"))).toBe(0);
    expect(salesThisMonth(new Date("2026-02-28T14:07:30Z"))).toBe(1);
    // One second before Brisbane midnight on 31 March: 30 × 192 + 86399 / 450 = 5760 + 191 = 5951.
    expect(salesThisMonth(new Date("2026-03-31T13:59:59Z"))).toBe(5951);
  });
});

describe("reserve online", () => {
  it("defaults to a $200 deposit held 48 hours, 100% refundable", () => {
    const schema = JSON.parse(readFileSync("schemas/tenant.schema.json", "utf8"));
    const reserve = schema.definitions.features.properties.reserveOnline.properties;
    expect([reserve.deposit.default, reserve.holdHours.default]).toEqual([200, 48]);
    expect(reserveTerms({ deposit: 200, holdHours: 48 }, au)).toEqual({ deposit: "$200", hold: "48 hours", refundable: "100% refundable" });
  });
});

describe("reserve pages' words follow the vehicle's kind (issue 29)", () => {
  it("a car keeps its words; a caravan and a motorcycle are named", () => {
    const car = reservationWords(vehicleTerms({ item_type: "car" }).noun);
    expect([car.reserveHeading, car.purchaseHeading, car.reserved, car.reservedPurchase]).toEqual([
      "Reserve this car",
      "Buy this car online",
      "Your car is reserved",
      "Your car is reserved: we'll be in touch to complete your purchase",
    ]);
    expect(car.held(48)).toBe("The car is held for you for 48 hours");
    expect(car.refunded("$200", null)).toBe("Your deposit of $200 (payment reference ) has been refunded and the car released.");
    const van = reservationWords(vehicleTerms({ item_type: "caravan", body: "Caravan" }).noun);
    expect([van.reserveHeading, van.reserved, van.backTo, van.comesOff, van.notReserved]).toEqual([
      "Reserve this caravan",
      "Your caravan is reserved",
      "Back to the caravan",
      "The deposit comes off the price when you buy the caravan",
      "The caravan was not reserved",
    ]);
    expect(van.cancelQuestion("$500")).toBe("Cancel the reservation? Your deposit of $500 is refunded to your card and the caravan is released.");
    expect(van.holdEnded(72, null, "pi_1")).toBe("The 72-hour hold ended. Please contact us about your deposit (payment reference pi_1) or the caravan.");
    expect(reservationWords(vehicleTerms({ item_type: "motorcycle" }).noun).reserved).toBe("Your motorcycle is reserved");
    expect(reservationWords(vehicleTerms({ item_type: "caravan", body: "Camper Trailer" }).noun).purchaseHeading).toBe("Buy this camper trailer online");
  });

  it("the not-reservable page names the kind; the car's words are the constant the server answers with", () => {
    expect(reserveIneligibleText("reserved", "caravan")).toEqual({ title: "This caravan is already reserved", text: "Another buyer has reserved this caravan with a deposit. It may become available again if their hold ends." });
    expect(reserveIneligibleText("off", "caravan").title).toBe("Reserve online is not available");
    expect(RESERVE_INELIGIBLE_TEXT.unavailable).toEqual({ title: "This car is no longer available", text: "This car has sold or is no longer listed, so it cannot be reserved online." });
  });
});
