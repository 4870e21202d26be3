import { describe, expect, it } from "vitest";
import { countUpValue, SALES_COUNT_UP_MS, SALES_REFRESH_MS, salesThisMonth } from "./sales-counter";

describe("sales-this-month counter", () => {
  it("is (day of month − 1) × 192 + seconds since midnight Brisbane time / 450", () => {
    // 29 November 2026, 10:30:00 in Brisbane (UTC+10, no daylight saving) = 00:30 UTC.
    expect(salesThisMonth(new Date("2026-11-29T00:30:00Z"), "Australia/Brisbane")).toBe(28 * 192 + Math.floor(37_800 / 450));
    // Midnight on the 1st in Brisbane is 14:00 UTC the day before: 0.
    expect(salesThisMonth(new Date("2026-11-30T14:00:00Z"), "Australia/Brisbane")).toBe(0);
    // 449 seconds later, still 0; at 450, 1.
    expect(salesThisMonth(new Date("2026-11-30T14:07:29Z"), "Australia/Brisbane")).toBe(0);
    expect(salesThisMonth(new Date("2026-11-30T14:07:30Z"), "Australia/Brisbane")).toBe(1);
    // The site's own time zone: Sydney is in daylight saving (UTC+11) in November, an hour ahead.
    expect(salesThisMonth(new Date("2026-11-29T00:30:00Z"), "Australia/Sydney")).toBe(28 * 192 + Math.floor(41_400 / 450));
  });

  it("refreshes every 150 s and counts up over 2 s, ending on the value", () => {
    expect(SALES_REFRESH_MS).toBe(150_000);
    expect(SALES_COUNT_UP_MS).toBe(2_000);
    expect(countUpValue(0, 5460, 0)).toBe(0);
    expect(countUpValue(0, 5460, 1000)).toBeGreaterThan(2730);
    expect(countUpValue(0, 5460, 1999)).toBeLessThanOrEqual(5460);
    expect(countUpValue(0, 5460, 2000)).toBe(5460);
    expect(countUpValue(5460, 5460, 10)).toBe(5460);
  });
});
