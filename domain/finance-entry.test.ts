import { describe, expect, it } from "vitest";
import { financeDefaults as defaults, financeSite as site } from "../tests/fixtures/finance";
import { amountBounds, boundsHelp, calculatorBounds, enterValue, parseEntry, readNumber, sliderFromTerm, termFromSlider, termSlider } from "./finance-entry";


describe("bounds", () => {
  it("uses the site's amount bounds, and factor × price for a car over the max", () => {
    const harbourline = site({ amountMaxCarPriceFactor: 1.05 }).calculator;
    expect(amountBounds(harbourline, 120000)).toEqual({ min: 1000, max: 126000, step: 500 });
    expect(amountBounds(harbourline, 90000)).toEqual({ min: 1000, max: 100000, step: 500 });
    expect(amountBounds(harbourline, 0)).toEqual({ min: 1000, max: 100000, step: 500 });
    expect(amountBounds(defaults.calculator, 120000).max).toBe(100000);
    expect(amountBounds(site({ amount: { min: 5000, max: 250000, step: 500, default: 30000 } }).calculator, 300000)).toEqual({ min: 5000, max: 250000, step: 500 });
  });
  it("gives every input its min, max and step", () => {
    expect(calculatorBounds(defaults.calculator, 30000)).toEqual({
      amount: { min: 1000, max: 100000, step: 500 },
      term: { min: 1, max: 7, step: 0.5 },
      interest: { min: 0.5, max: 15, step: 0.5 },
      deposit: { min: 0, max: 250000, step: 0.5 },
      residual: { min: 0, max: 250000, step: 0.5 },
    });
  });
  it("turns the term slider into an index with custom increments", () => {
    const wattle = site({ termIncrements: [1, 2, 3, 4, 5, 7] }).calculator;
    expect(termSlider(wattle)).toEqual({ min: 0, max: 5, step: 1 });
    expect(termFromSlider(wattle, 5)).toBe(7);
    expect(termFromSlider(wattle, 9)).toBe(7);
    expect(sliderFromTerm(wattle, 7)).toBe(5);
    expect(sliderFromTerm(wattle, 3.4)).toBe(2);
    expect(calculatorBounds(wattle, null).term).toEqual({ min: 1, max: 7, step: 0.5 });
    expect(termSlider(defaults.calculator)).toEqual({ min: 1, max: 7, step: 0.5 });
    expect(termFromSlider(defaults.calculator, 9)).toBe(7);
  });
});

describe("typed entries", () => {
  const amount = { min: 1000, max: 100000 };
  const money = (n: number) => `$${n.toLocaleString("en-AU")}`;
  it("reads what people write around a number: $, NZ$, thousands separators, %, p.a., units, and k for thousands", () => {
    expect(readNumber("$30,000")).toEqual({ kind: "number", value: 30000, thousands: false });
    expect(readNumber("NZ$ 30 000")).toEqual({ kind: "number", value: 30000, thousands: false });
    expect(readNumber("25k")).toEqual({ kind: "number", value: 25000, thousands: true });
    expect(readNumber("$2.5K")).toEqual({ kind: "number", value: 2500, thousands: true });
    expect(readNumber("12.5% p.a.")).toMatchObject({ value: 12.5 });
    expect(readNumber("5 years")).toMatchObject({ value: 5 });
    expect(readNumber("250 km")).toMatchObject({ value: 250 });
    expect(readNumber("$1.85/L")).toMatchObject({ value: 1.85 });
    expect(readNumber("-$5")).toMatchObject({ value: -5 });
    expect(readNumber("−4")).toMatchObject({ value: -4 }); // a typographic minus
    expect(readNumber(-3)).toMatchObject({ value: -3 });
  });
  it("refuses what it cannot read instead of guessing (1e3 is not 13, 25k is not 25)", () => {
    for (const raw of ["1e3", "abc", "1.2.3", "12abc", "k", "$", "0x10", "Infinity"]) expect(readNumber(raw), raw).toEqual({ kind: "unreadable" });
    expect(readNumber("")).toEqual({ kind: "empty" });
    expect(readNumber("   ")).toEqual({ kind: "empty" });
    expect(readNumber(Number.NaN)).toEqual({ kind: "unreadable" });
  });
  it("parseEntry: the number, negatives and the unreadable as 0", () => {
    expect(parseEntry("$30,000")).toBe(30000);
    expect(parseEntry("25k")).toBe(25000);
    expect(parseEntry("-5000")).toBe(0);
    expect(parseEntry("abc")).toBe(0);
    expect(parseEntry("1e3")).toBe(0);
    expect(parseEntry("")).toBe(0);
  });
  it("clamps to min or max with the help text beyond the bounds, never at them", () => {
    const beyond = "Cannot be less than 1000 or more than 100000.";
    expect(enterValue("$250,000", amount)).toEqual({ value: 100000, help: beyond, invalid: true });
    expect(enterValue("-20", amount)).toEqual({ value: 1000, help: beyond, invalid: true });
    expect(enterValue("999", amount)).toEqual({ value: 1000, help: beyond, invalid: true });
    expect(enterValue("1000", amount)).toEqual({ value: 1000, help: null, invalid: false });
    expect(enterValue("100000", amount)).toEqual({ value: 100000, help: null, invalid: false });
    expect(enterValue("30,000", amount)).toEqual({ value: 30000, help: null, invalid: false });
    expect(enterValue("-1", { min: 0, max: 250000 })).toEqual({ value: 0, help: "Cannot be less than 0 or more than 250000.", invalid: true });
    expect(boundsHelp(16, { min: 0.5, max: 15 })).toBe("Cannot be less than 0.5 or more than 15.");
    expect(boundsHelp(15, { min: 0.5, max: 15 })).toBeNull();
    expect(boundsHelp(0, amount, money)).toBe("Cannot be less than $1,000 or more than $100,000.");
  });
  it("says what a k was read as, and refuses an unreadable entry in words, leaving the value alone", () => {
    expect(enterValue("25k", amount, money)).toEqual({ value: 25000, help: "Read as $25,000.", invalid: false });
    expect(enterValue("250k", amount, money)).toEqual({ value: 100000, help: "Cannot be less than $1,000 or more than $100,000.", invalid: true });
    expect(enterValue("1e3", amount, money)).toEqual({ value: null, help: "Please enter a number from $1,000 to $100,000.", invalid: true });
    expect(enterValue("", amount, money)).toEqual({ value: null, help: null, invalid: false });
  });
});
