import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { financeDefaults as defaults, financeSite as site, calculatorState as state } from "../tests/fixtures/finance";
import { ENQUIRE_FOR_FINANCE, FREQUENCIES, PERIOD_LABELS, amortisedRepayment, calculateRepayment, feeLines, financeBanner, carLoan, rateText, roundRepayment, fillLoanText, loanTexts, loanWeekly, statesLoan, shortDisclaimer } from "./finance";
import { ESTIMATE_RULES } from "./finance-estimate";

const au = { locale: "en-AU", currency: "AUD" } as const;


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
