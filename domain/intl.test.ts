import { describe, expect, it } from "vitest";
import { collator, dateTimeFormat, numberFormat } from "./intl";

describe("cached Intl formatters", () => {
  it("format as a new formatter does, and give the same one back for the same locale and options", () => {
    const money = { style: "currency", currency: "NZD", currencyDisplay: "narrowSymbol", maximumFractionDigits: 0 } as const;
    expect(numberFormat("en-NZ", money).format(49990)).toBe("$49,990");
    expect(numberFormat("en-NZ", { ...money })).toBe(numberFormat("en-NZ", money));
    expect(numberFormat("en-NZ")).not.toBe(numberFormat("en-NZ", money));
    expect(numberFormat("de-DE").format(1234.5)).toBe("1.234,5");
    const day = { timeZone: "Pacific/Auckland", day: "numeric", month: "long", year: "numeric" } as const;
    expect(dateTimeFormat("en-NZ", day).format(new Date("2026-11-26T12:00:00Z"))).toBe("27 November 2026");
    expect(dateTimeFormat("en-NZ", day)).toBe(dateTimeFormat("en-NZ", { ...day }));
  });

  it("sort as localeCompare with the same options does", () => {
    const names = ["CX-30", "cx-3", "CX-9", "BT-50", "Mazda2"];
    const options = { numeric: true, sensitivity: "base" } as const;
    expect(names.toSorted(collator("en", options).compare)).toEqual(names.toSorted((a, b) => a.localeCompare(b, "en", options)));
    expect(names.toSorted(collator("en", options).compare)).toEqual(["BT-50", "cx-3", "CX-9", "CX-30", "Mazda2"]);
  });

  it("throw the RangeError a bad locale or option throws, and keep nothing", () => {
    expect(() => numberFormat("not a locale!")).toThrow(RangeError);
    expect(() => numberFormat("en-AU", { style: "currency", currency: "dollars" })).toThrow(RangeError);
    expect(() => dateTimeFormat("en-AU", { timeZone: "Mars/Olympus" })).toThrow(RangeError);
    expect(() => numberFormat("not a locale!")).toThrow(RangeError);
  });

  it("start again past 200 entries rather than grow without end", () => {
    const first = numberFormat("en-AU", { minimumIntegerDigits: 1 });
    for (let digits = 2; digits <= 21; digits++) for (let f = 0; f <= 10; f++) numberFormat("en-AU", { minimumIntegerDigits: digits, maximumFractionDigits: f });
    expect(numberFormat("en-AU", { minimumIntegerDigits: 1 })).not.toBe(first);
  });
});
