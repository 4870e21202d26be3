import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Finance } from "../schemas/generated/tenant";
import type { Lender } from "../schemas/generated/vehicle";
import { fixtureTenant } from "../tests/fixtures/fixture-tenant";
import {
  ENQUIRE_FOR_FINANCE,
  FREQUENCIES,
  PERIOD_LABELS,
  amortisedRepayment,
  calculateRepayment,
  feeLines,
  financeBanner,
  carLoan,
  rateText,
  roundRepayment,
  fillLoanText,
  loanTexts,
  loanWeekly,
  statesLoan,
  shortDisclaimer,
  type CalculatorState,
} from "./finance";
import { financeHref, FINANCE_FORM_ANCHOR } from "./finance-links";
import {
  ESTIMATE_RULES,
  financeEstimate,
  financeEstimateEligible,
  financeExcluded,
  showFinanceCalculator,
  type FinanceCar,
} from "./finance-estimate";
import {
  amountBounds,
  boundsHelp,
  calculatorBounds,
  enterValue,
  parseEntry,
  readNumber,
  sliderFromTerm,
  termFromSlider,
  termSlider,
} from "./finance-entry";

const au = { locale: "en-AU", currency: "AUD" } as const;

/** The fixture tenant's finance settings: the tenant schema's defaults, which are the spec's (checked against the schema below). */
const defaults: Finance = structuredClone(fixtureTenant.finance);
type CalcOverrides = Partial<Finance["calculator"]>;
const site = (calc: CalcOverrides = {}, rest: Partial<Finance> = {}): Finance => ({
  ...defaults,
  provider: "Acme Finance",
  ...rest,
  calculator: { ...defaults.calculator, ...calc },
});
const state = (s: Partial<CalculatorState> = {}): CalculatorState => ({ amount: 30000, term: 5, interest: 10, deposit: 0, residual: 0, frequency: "weekly", ...s });

describe("schema defaults are the spec's (§5 table, §9)", () => {
  const schema = JSON.parse(readFileSync("schemas/tenant.schema.json", "utf8"));
  const fin = schema.definitions.finance.properties;
  const calc = fin.calculator.properties;
  it("has the spec's bounds and defaults", () => {
    expect(calc.amount.default).toEqual(defaults.calculator.amount);
    expect(calc.term.default).toEqual(defaults.calculator.term);
    expect(calc.interest.default).toEqual(defaults.calculator.interest);
    expect(calc.deposit.default).toEqual(defaults.calculator.deposit);
    expect(calc.residual.default).toEqual(defaults.calculator.residual);
    expect(calc.defaultFrequency.default).toBe("weekly");
    expect(calc.establishmentFee.default).toBe(0);
    expect(calc.rounding.default).toBe("up");
    expect(calc.fromLender.default).toBe(false);
    expect(fin.sampleRate.default).toBe(10);
    expect(Object.keys(ESTIMATE_RULES).sort()).toEqual([...fin.estimateRule.enum].sort());
  });
});

describe("frequencies", () => {
  it("are Weekly 52, Fortnightly 26, Monthly 12 labelled wk, fn, mo (and yr)", () => {
    expect(FREQUENCIES.map((f) => [f.name, f.periodsPerYear, f.label])).toEqual([
      ["Weekly", 52, "wk"],
      ["Fortnightly", 26, "fn"],
      ["Monthly", 12, "mo"],
    ]);
    expect(PERIOD_LABELS.yearly).toBe("yr");
  });
});

describe("amortisation", () => {
  it("matches hand-computed repayments", () => {
    // $30,000 over 5 years at 10% weekly: r = 0.10/52 = 0.0019230769, n = 260,
    // (1+r)^260 = 1.647930, P·r·(1+r)^n / ((1+r)^n − 1) = 57.692308 × 1.647930 / 0.647930 = 146.73.
    expect(amortisedRepayment(30000, 10, 5, 52)).toBeCloseTo(146.7333, 3);
    // Monthly: r = 0.10/12 = 0.0083333, n = 60, (1+r)^60 = 1.645309 → 250 × 1.645309 / 0.645309 = 637.41.
    expect(amortisedRepayment(30000, 10, 5, 12)).toBeCloseTo(637.4113, 3);
    // Fortnightly: r = 0.10/26, n = 130, (1+r)^130 = 1.647141 → 115.384615 × 1.647141 / 0.647141 = 293.68.
    expect(amortisedRepayment(30000, 10, 5, 26)).toBeCloseTo(293.6837, 3);
    // A $10,000 residual discounted: (30000 − 10000 / 1.645309) × r × 1.645309 / 0.645309 = 508.27.
    expect(amortisedRepayment(30000, 10, 5, 12, 10000)).toBeCloseTo(508.2742, 3);
    // No interest: the principal less the residual in equal parts.
    expect(amortisedRepayment(5200, 0, 1, 52)).toBe(100);
  });
  it("rounds up to whole dollars (one lender: to the nearest dollar)", () => {
    expect(roundRepayment(637.4113)).toBe(638);
    expect(roundRepayment(637.4113, "nearest")).toBe(637);
    expect(roundRepayment(600.0000000001)).toBe(600);
  });
});

describe("calculateRepayment", () => {
  it("$30,000 over 5 years at 10%: $147 a week, total 52 × 5 × 147 = $38,220", () => {
    expect(calculateRepayment(state(), defaults.calculator)).toMatchObject({ kind: "repayment", repayment: 147, total: 38220 });
    expect(calculateRepayment(state({ frequency: "fortnightly" }), defaults.calculator)).toMatchObject({ repayment: 294, total: 38220 });
    expect(calculateRepayment(state({ frequency: "monthly" }), defaults.calculator)).toMatchObject({ repayment: 638, total: 38280 });
  });
  it("adds the establishment fee to the principal and to the total", () => {
    // $30,000 + $395 fee at 12.94% over 5 years weekly: r = 0.1294/52 = 0.0024884615, (1+r)^260 = 1.908269,
    // 30395 × r × 1.908269 / 0.908269 = 158.91 → $159; total 52 × 5 × 159 + 395 = 41,735.
    expect(calculateRepayment(state({ interest: 12.94 }), { establishmentFee: 395, rounding: "up" })).toMatchObject({ repayment: 159, total: 41735 });
    // Redgate-like: $30,000 + $1,360.50 at 10% over 6 years: (1+r)^312 = 1.821069, 31360.5 × r × 1.821069 / 0.821069 = 133.76 → $134;
    // total 52 × 6 × 134 + 1360.50 = 43,168.50.
    expect(calculateRepayment(state({ term: 6 }), { establishmentFee: 1360.5, rounding: "up" })).toMatchObject({ repayment: 134, total: 43168.5 });
  });
  it("takes off the deposit (trade-in) and discounts the residual", () => {
    expect(calculateRepayment(state({ amount: 40000, deposit: 10000 }), defaults.calculator)).toMatchObject({ repayment: 147 });
    expect(calculateRepayment(state({ frequency: "monthly", residual: 10000 }), defaults.calculator)).toMatchObject({ repayment: 509, total: 30540 });
  });
  it("shows Enquire for Finance with no total for a repayment of 25 or less", () => {
    // 0% over 1 year weekly: 1300 / 52 = 25 → Enquire; 1352 / 52 = 26 → shown.
    expect(calculateRepayment(state({ amount: 1300, term: 1, interest: 0 }), defaults.calculator)).toEqual({
      kind: "enquire",
      frequency: FREQUENCIES[0],
      text: "Enquire for Finance",
      total: null,
    });
    expect(calculateRepayment(state({ amount: 1352, term: 1, interest: 0 }), defaults.calculator)).toMatchObject({ kind: "repayment", repayment: 26, total: 1352 });
    // $1,000 at 0.5% over 1 year: 19.28 a week → Enquire.
    expect(calculateRepayment(state({ amount: 1000, term: 1, interest: 0.5 }), defaults.calculator).kind).toBe("enquire");
    // A deposit over the amount leaves nothing to finance.
    expect(calculateRepayment(state({ deposit: 50000 }), defaults.calculator)).toMatchObject({ text: ENQUIRE_FOR_FINANCE, total: null });
  });
});

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

describe("carLoan", () => {
  it("starts from the spec's defaults: $30,000, 5 years, 10%, no deposit or residual, weekly", () => {
    expect(carLoan(defaults, { price: 45000 })).toEqual(state());
  });
  it("starts from the car's price on a site set to, $30,000 without a price", () => {
    const s = site({ amountFromCarPrice: true });
    expect(carLoan(s, { price: 34990 }).amount).toBe(34990);
    expect(carLoan(s, { price: 0 }).amount).toBe(30000);
    expect(carLoan(s, null).amount).toBe(30000);
    expect(carLoan(s, { price: 150000 }).amount).toBe(100000);
    expect(carLoan(site({ amountFromCarPrice: true, amountMaxCarPriceFactor: 1.05 }), { price: 150000 }).amount).toBe(150000);
  });
  it("takes the site's term, interest and frequency (6 years, 8.5%, monthly on some sites)", () => {
    const s = site({ term: { min: 1, max: 7, step: 0.5, default: 6 }, interest: { min: 1, max: 15, step: 0.5, default: 8.5 }, defaultFrequency: "monthly" });
    expect(carLoan(s, null)).toMatchObject({ term: 6, interest: 8.5, frequency: "monthly" });
  });
  it("takes the lender's term and rate on a site set to, within bounds", () => {
    const car = { price: 30000, finance: { "Acme Finance": { interestRate: 7.25, comparisonRate: 8.1, termMonths: 48 } } };
    expect(carLoan(site({ fromLender: true }), car)).toMatchObject({ term: 4, interest: 7.25 });
    expect(carLoan(site(), car)).toMatchObject({ term: 5, interest: 10 });
    const wild = { finance: { "Acme Finance": { interestRate: 29, termYears: 9 } } };
    expect(carLoan(site({ fromLender: true }), wild)).toMatchObject({ term: 7, interest: 15 });
    const inc = site({ fromLender: true, termIncrements: [1, 2, 3, 5, 7] });
    expect(carLoan(inc, { finance: { "Acme Finance": { termMonths: 48 } } }).term).toBe(3);
  });
});

describe("texts", () => {
  it("reads Only $X/wk*", () => {
    expect(financeBanner(147, au)).toBe("Only $147/wk*");
  });
  it("shows rates with 2 decimals", () => {
    expect(rateText(8.375)).toBe("8.38");
    expect(rateText(19.42)).toBe("19.42");
    expect(rateText(10)).toBe("10.00");
  });
  it("lists the fee-list variant's fees from settings", () => {
    const feeList = [
      { label: "Establishment fee", amount: 395 },
      { label: "Security registration fee", amount: 6 },
      { label: "Monthly account fee", amount: 8 },
      { label: "Dealer agency fee", amount: 912.25 },
    ];
    expect(feeLines({ feeList }, au).map((f) => f.amount)).toEqual(["$395", "$6", "$8", "$912.25"]);
    expect(feeLines({}, au)).toEqual([]);
  });
  it("cuts the disclaimer's short form at 197 characters", () => {
    const text = "x".repeat(300);
    expect(shortDisclaimer(text)).toEqual({ text: `${"x".repeat(197)}...`, truncated: true });
    expect(shortDisclaimer("Short.")).toEqual({ text: "Short.", truncated: false });
  });
  it("a loan's weekly repayment: $30,000 at 10% over 5 years is $147; 25 or less is none (Enquire for Finance)", () => {
    expect(loanWeekly(state(), defaults.calculator)).toBe(147);
    expect(loanWeekly(state({ frequency: "monthly" }), defaults.calculator)).toBe(147);
    expect(loanWeekly(state({ amount: 1000, term: 7, interest: 0.5 }), defaults.calculator)).toBeNull();
  });
  it("fills a disclaimer's {rate}, {term} and {amount} from the loan", () => {
    const texts = loanTexts(state({ interest: 12.94, amount: 34990.5 }), au);
    expect(texts).toEqual({ rate: "12.94", term: "5", amount: "$34,990.50" });
    expect(fillLoanText("*Based on an interest rate of {rate}% p.a. over {term} years on {amount}; {other} stays.", texts)).toBe(
      "*Based on an interest rate of 12.94% p.a. over 5 years on $34,990.50; {other} stays.",
    );
    expect(statesLoan("at {rate}%")).toBe(true);
    expect(statesLoan("at 12.94%")).toBe(false);
    expect(statesLoan(fillLoanText("{rate} {rate}", texts))).toBe(false);
  });
});

describe("finance estimate eligibility (§5)", () => {
  const now = new Date("2026-06-01T00:00:00Z");
  const lender: Lender = { interestRate: 9.99, comparisonRate: 10.45, paymentWeek: 146.6, paymentMonth: 635.2, termYears: 5 };
  const car = (over: Partial<FinanceCar> = {}, l: Partial<Lender> = {}): FinanceCar => ({
    year: 2022,
    make: "Toyota",
    price: 30000,
    status: "in_stock",
    dealership_id: 101,
    finance: { "Acme Finance": { ...lender, ...l } },
    ...over,
  });
  const rule = (estimateRule: Finance["estimateRule"], rest: Partial<Finance> = {}, calc: CalcOverrides = {}) => site(calc, { estimateRule, ...rest });

  it("needs the site's provider's lender data with an interest and a comparison rate", () => {
    const s = rule("available");
    expect(financeEstimateEligible(car(), s, now)).toBe(true);
    expect(financeEstimateEligible(car({}, { interestRate: undefined }), s, now)).toBe(false);
    expect(financeEstimateEligible(car({}, { comparisonRate: undefined }), s, now)).toBe(false);
    expect(financeEstimateEligible(car({ finance: { Other: lender } }), s, now)).toBe(false);
    expect(financeEstimateEligible(car({ finance: undefined }), s, now)).toBe(false);
    expect(financeEstimateEligible(car(), { ...s, provider: undefined }, now)).toBe(false);
  });
  it("excludes the site's excluded manufacturer and dealerships", () => {
    const s = rule("available", { excludedManufacturers: ["Ferrari"], excludedDealershipIds: [107, 108, 109, 110, 111] });
    expect(financeEstimateEligible(car({ make: "ferrari" }), s, now)).toBe(false);
    expect(financeEstimateEligible(car({ dealership_id: 109 }), s, now)).toBe(false);
    expect(financeExcluded({ make: "Toyota", dealership_id: 101 }, s)).toBe(false);
  });
  it("recent-car: newer than current year − 12, price above 500, available, a comparison rate", () => {
    const s = rule("recent-car");
    expect(financeEstimateEligible(car({ year: 2015 }), s, now)).toBe(true);
    expect(financeEstimateEligible(car({ year: 2014 }), s, now)).toBe(false);
    expect(financeEstimateEligible(car({ price: 500 }), s, now)).toBe(false);
    expect(financeEstimateEligible(car({ price: 501 }), s, now)).toBe(true);
    expect(financeEstimateEligible(car({ status: "sold" }), s, now)).toBe(false);
    expect(financeEstimateEligible(car({ status: "coming_soon" }), s, now)).toBe(true);
    expect(financeEstimateEligible(car({}, { comparisonRate: 0 }), s, now)).toBe(false);
  });
  it("available: available status only", () => {
    const s = rule("available");
    expect(financeEstimateEligible(car({ year: 1990, price: 0 }), s, now)).toBe(true);
    expect(financeEstimateEligible(car({ status: "sold" }), s, now)).toBe(false);
  });
  it("weekly-payment: price above 500, available and a weekly payment", () => {
    const s = rule("weekly-payment");
    expect(financeEstimateEligible(car({ year: 1990 }), s, now)).toBe(true);
    expect(financeEstimateEligible(car({}, { paymentWeek: undefined }), s, now)).toBe(false);
    expect(financeEstimateEligible(car({ price: 500 }), s, now)).toBe(false);
    expect(financeEstimateEligible(car({ status: "sold" }), s, now)).toBe(false);
  });
  it("monthly-payment: price above 500, available and a monthly payment", () => {
    const s = rule("monthly-payment");
    expect(financeEstimateEligible(car(), s, now)).toBe(true);
    expect(financeEstimateEligible(car({}, { paymentMonth: undefined }), s, now)).toBe(false);
    expect(financeEstimateEligible(car({ price: 400 }), s, now)).toBe(false);
  });

  it("shows the repayment of the car's loan (the calculator's start), not the lender's own payment, with the loan's rate", () => {
    // The site's loan: $30,000 at 10% over 5 years → $147 a week; the lender's 146.6 at 9.99% is not a second figure.
    expect(financeEstimate(car({}, { paymentWeek: 252, interestRate: 13.1 }), rule("weekly-payment"), now)).toEqual({
      provider: "Acme Finance",
      loan: state(),
      amount: 147,
      frequency: "weekly",
      label: "wk",
      interestRate: "10.00",
      comparisonRates: ["10.45"],
      disclaimer: null,
    });
    const fromPrice = rule("available", {}, { amountFromCarPrice: true, interest: { ...defaults.calculator.interest, default: 12.94 } });
    const estimate = financeEstimate(car({ price: 34990 }), fromPrice, now)!;
    expect(estimate.loan).toEqual(carLoan(fromPrice, car({ price: 34990 })));
    expect(estimate.amount).toBe(Math.ceil(amortisedRepayment(34990, 12.94, 5, 52)));
    expect(estimate.amount).toBe(loanWeekly(estimate.loan, fromPrice.calculator));
    expect(estimate.interestRate).toBe("12.94");
  });
  it("on a site starting from the lender's term and rate, the estimate is at the lender's rate", () => {
    const s = rule("available", {}, { fromLender: true });
    expect(financeEstimate(car({}, { interestRate: 7.25, termMonths: 48, termYears: undefined }), s, now)).toMatchObject({
      interestRate: "7.25",
      amount: Math.ceil(amortisedRepayment(30000, 7.25, 4, 52)),
    });
  });
  it("shows the loan's monthly repayment for a monthly-payment provider", () => {
    expect(financeEstimate(car(), rule("monthly-payment"), now)).toMatchObject({ amount: Math.ceil(amortisedRepayment(30000, 10, 5, 12)), frequency: "monthly", label: "mo" });
  });
  it("shows a provider's fixed comparison rates (8.38% and 19.42%)", () => {
    expect(financeEstimate(car(), rule("recent-car", { fixedComparisonRates: [8.38, 19.42] }), now)?.comparisonRates).toEqual(["8.38", "19.42"]);
  });
  it("shows none when the loan's repayment is 25 or less", () => {
    const tiny = rule("available", {}, { amount: { min: 500, max: 100000, step: 500, default: 1000 }, interest: { min: 0.5, max: 15, step: 0.5, default: 0.5 }, term: { min: 1, max: 7, step: 0.5, default: 7 } });
    expect(financeEstimate(car(), tiny, now)).toBeNull();
  });
});

describe("showFinanceCalculator", () => {
  const features = { calculators: { finance: true, fuel: true, fuelDefaults: { pricePerLitre: 1.7, kmPerWeek: 250, litresPer100km: 10 }, delivery: false } };
  const car = { make: "Toyota", dealership_id: 101, price: 30000, status: "in_stock" as const };
  it("is not shown for a sold car", () => {
    expect(showFinanceCalculator({ ...car, status: "sold" }, { finance: site(), features })).toBe(false);
  });
  it("needs a provider, an amount above 0 and the car not excluded", () => {
    expect(showFinanceCalculator(car, { finance: site(), features })).toBe(true);
    expect(showFinanceCalculator(car, { finance: { ...site(), provider: undefined }, features })).toBe(false);
    expect(showFinanceCalculator(car, { finance: site({}, { excludedManufacturers: ["Toyota"] }), features })).toBe(false);
    expect(showFinanceCalculator(car, { finance: site({ amount: { min: 0, max: 100000, step: 500, default: 0 } }), features })).toBe(false);
    expect(showFinanceCalculator(car, { finance: site(), features: { calculators: { ...features.calculators, finance: false } } })).toBe(false);
  });
});

describe("financeHref (spec §2: /finance with car_id, vehiclePriceBudget, car_type, anchored to the form)", () => {
  const car = { id: "hm-1001", price: 27990, car_type: "used" };
  it("links /finance with the car's query, anchored to the finance form", () => {
    expect(FINANCE_FORM_ANCHOR).toBe("finance-form");
    expect(financeHref({}, car)).toBe("/finance?car_id=hm-1001&vehiclePriceBudget=27990&car_type=used#finance-form");
  });
  it("uses the site's default finance link, keeping its own query and anchor", () => {
    expect(financeHref({ defaultLink: "/mazda-finance-page" }, car)).toBe("/mazda-finance-page?car_id=hm-1001&vehiclePriceBudget=27990&car_type=used#finance-form");
    expect(financeHref({ defaultLink: "/apply-for-finance?src=vdp#apply" }, car)).toBe("/apply-for-finance?src=vdp&car_id=hm-1001&vehiclePriceBudget=27990&car_type=used#apply");
    expect(financeHref({ defaultLink: "https://finance.example.com/apply" }, car)).toBe("https://finance.example.com/apply?car_id=hm-1001&vehiclePriceBudget=27990&car_type=used#finance-form");
    expect(financeHref({ defaultLink: "tel:1300000000" }, car)).toBe("tel:1300000000");
  });
  it("leaves out a price of 10 or less and works without a car", () => {
    expect(financeHref({}, { ...car, price: 0 })).toBe("/finance?car_id=hm-1001&car_type=used#finance-form");
    expect(financeHref({}, null)).toBe("/finance#finance-form");
  });

  it("names the car's dealership as preferredDealership, which the finance form preselects", () => {
    const dealerships = [
      { id: 101, slug: "harbourline-toyota" },
      { id: 102, slug: "harbourline-mazda" },
    ];
    expect(financeHref({}, { ...car, dealership_id: 102 }, dealerships)).toBe("/finance?car_id=hm-1001&vehiclePriceBudget=27990&car_type=used&preferredDealership=harbourline-mazda#finance-form");
    expect(financeHref({}, { ...car, dealership_id: 999 }, dealerships)).toBe("/finance?car_id=hm-1001&vehiclePriceBudget=27990&car_type=used#finance-form");
  });
});
