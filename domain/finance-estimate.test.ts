import { describe, expect, it } from "vitest";
import type { Finance } from "../schemas/generated/tenant";
import type { Lender } from "../schemas/generated/vehicle";
import { financeDefaults as defaults, financeSite as site, calculatorState as state } from "../tests/fixtures/finance";
import { amortisedRepayment, carLoan, loanWeekly } from "./finance";
import { financeEstimate, financeEstimateEligible, financeExcluded, showFinanceCalculator, type FinanceCar } from "./finance-estimate";


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
  const rule = (estimateRule: Finance["estimateRule"], rest: Partial<Finance> = {}, calc: Partial<Finance["calculator"]> = {}) => site(calc, { estimateRule, ...rest });

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
