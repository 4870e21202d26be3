import { describe, expect, it } from "vitest";
import { collator, dateTimeFormat, numberFormat } from "./intl";
import { plainNumberFormat } from "./plain-number";

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

describe("numbers without ICU (plain-number.ts)", () => {
  const OPTIONS: Intl.NumberFormatOptions[] = [
    {}, { maximumFractionDigits: 0 }, { maximumFractionDigits: 2 }, { minimumFractionDigits: 1 }, { minimumFractionDigits: 1, maximumFractionDigits: 1 },
    { minimumFractionDigits: 0, maximumFractionDigits: 2 }, { style: "percent" }, { style: "percent", maximumFractionDigits: 1 },
    { style: "currency", currency: "AUD" }, { style: "currency", currency: "NZD", maximumFractionDigits: 0 },
    { style: "currency", currency: "NZD", currencyDisplay: "narrowSymbol", minimumFractionDigits: 0, maximumFractionDigits: 0 },
    { style: "currency", currency: "AUD", currencyDisplay: "narrowSymbol", minimumFractionDigits: 2, maximumFractionDigits: 2 },
  ];
  // Edges of rounding and of the shortest decimal form, then 6,000 values of every size (a fixed sequence, so a failure repeats).
  const values = [0, -0, 0.5, -0.5, 1.005, 2.5, -2.5, 0.145, 0.1445, 9.995, 999.9995, 999999.5, 1e20, 1e21, 1e-7, 0.0000015, NaN, Infinity, -Infinity, 49990, 1234.5];
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  for (let i = 0; i < 6000; i++) values.push(i % 2 ? Math.round(next() * 1e7) / [1, 10, 100, 1000, 200][i % 5] : (next() - 0.2) * 10 ** Math.floor(next() * 12 - 4));

  it("write every value as Intl.NumberFormat does, for each English locale and option the sites use", () => {
    for (const locale of ["en-AU", "en-NZ", "en"]) {
      for (const options of OPTIONS) {
        const ours = numberFormat(locale, options);
        const intl = new Intl.NumberFormat(locale, options);
        const wrong = values.filter((v) => ours.format(v) !== intl.format(v)).map((v) => `${v}: ${ours.format(v)} ≠ ${intl.format(v)}`);
        expect(wrong, `${locale} ${JSON.stringify(options)}`).toEqual([]);
      }
    }
  });

  it("are used for the sites' locales and options, and Intl for the rest", () => {
    expect(plainNumberFormat("en-AU", { style: "currency", currency: "AUD", currencyDisplay: "narrowSymbol", maximumFractionDigits: 0 })).not.toBeNull();
    expect(plainNumberFormat("en-NZ")).not.toBeNull();
    expect(plainNumberFormat("de-DE")).toBeNull();
    expect(plainNumberFormat("en-AU", { style: "currency", currency: "NZD" })).toBeNull(); // "NZD 1.00"
    expect(plainNumberFormat("en-AU", { minimumIntegerDigits: 2 })).toBeNull();
    expect(plainNumberFormat("en-AU", { minimumFractionDigits: 3, maximumFractionDigits: 1 })).toBeNull(); // Intl's RangeError
    expect(() => numberFormat("en-AU", { minimumFractionDigits: 3, maximumFractionDigits: 1 })).toThrow(RangeError);
    expect(numberFormat("en-NZ", { style: "currency", currency: "AUD" }).format(1)).toBe("A$1.00");
  });
});
