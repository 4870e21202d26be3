/** Whether a car shows a finance estimate, and which (spec §5 "Finance estimate"). */
import type { Finance, TenantDocument } from "../schemas/generated/tenant";
import type { Vehicle } from "../schemas/generated/vehicle";
import { isAvailable } from "./vehicle-display";
import { calculateRepayment, carLoan, FINANCE_MAX_AGE_YEARS, FINANCE_MIN_PRICE, lenderFor, rateText, type CalculatorState } from "./finance";

/**
 * What one provider needs before a car shows its finance estimate, on top of the common rule
 * (lender data with an interest and a comparison rate, manufacturer and dealership not excluded).
 */
export interface EstimateRule {
  /** The car's year must be newer than the current year minus this. */
  maxAgeYears: number | null;
  /** The price must be above this. */
  minPrice: number | null;
  needsAvailable: boolean;
  needsComparisonRate: boolean;
  needsWeeklyPayment: boolean;
  needsMonthlyPayment: boolean;
}

/**
 * The providers' rules of spec §5, by the name a site picks in `finance.estimateRule`:
 * one provider: year newer than current year − 12, price above 500, available and a comparison rate;
 * two providers: available only; three providers: price above 500, available and a weekly payment;
 * one provider: price above 500, available and a monthly payment.
 */
export const ESTIMATE_RULES: Record<Finance["estimateRule"], EstimateRule> = {
  "recent-car": { maxAgeYears: FINANCE_MAX_AGE_YEARS, minPrice: FINANCE_MIN_PRICE, needsAvailable: true, needsComparisonRate: true, needsWeeklyPayment: false, needsMonthlyPayment: false },
  available: { maxAgeYears: null, minPrice: null, needsAvailable: true, needsComparisonRate: false, needsWeeklyPayment: false, needsMonthlyPayment: false },
  "weekly-payment": { maxAgeYears: null, minPrice: FINANCE_MIN_PRICE, needsAvailable: true, needsComparisonRate: false, needsWeeklyPayment: true, needsMonthlyPayment: false },
  "monthly-payment": { maxAgeYears: null, minPrice: FINANCE_MIN_PRICE, needsAvailable: true, needsComparisonRate: false, needsWeeklyPayment: false, needsMonthlyPayment: true },
};

export type FinanceCar = Pick<Vehicle, "year" | "make" | "price" | "status" | "dealership_id"> & { finance?: Vehicle["finance"] };
type EstimateSettings = Pick<Finance, "provider" | "estimateRule" | "fixedComparisonRates" | "excludedManufacturers" | "excludedDealershipIds" | "calculator">;

/** Spec §5: the site's excluded manufacturer(s) (case-insensitive) and excluded dealerships get no finance. */
export function financeExcluded(car: Pick<FinanceCar, "make" | "dealership_id">, finance: Pick<Finance, "excludedManufacturers" | "excludedDealershipIds">): boolean {
  const make = car.make.trim().toLowerCase();
  return (
    (finance.excludedManufacturers ?? []).some((m) => m.trim().toLowerCase() === make) ||
    (finance.excludedDealershipIds ?? []).includes(car.dealership_id)
  );
}

/** Whether the car shows a finance estimate (spec §5), by the common rule and the site's provider rule. */
export function financeEstimateEligible(car: FinanceCar, finance: EstimateSettings, now: Date): boolean {
  const lender = lenderFor(car, finance.provider);
  if (!lender || lender.interestRate == null || lender.comparisonRate == null) return false;
  if (financeExcluded(car, finance)) return false;
  const rule = ESTIMATE_RULES[finance.estimateRule] ?? ESTIMATE_RULES.available;
  if (rule.maxAgeYears != null && !(car.year > now.getUTCFullYear() - rule.maxAgeYears)) return false;
  if (rule.minPrice != null && !(car.price > rule.minPrice)) return false;
  if (rule.needsAvailable && !isAvailable(car.status)) return false;
  if (rule.needsComparisonRate && !(lender.comparisonRate > 0)) return false;
  if (rule.needsWeeklyPayment && !(lender.paymentWeek && lender.paymentWeek > 0)) return false;
  if (rule.needsMonthlyPayment && !(lender.paymentMonth && lender.paymentMonth > 0)) return false;
  return true;
}

export interface FinanceEstimate {
  provider: string;
  /** The car's loan (carLoan), which the figure is the repayment of. */
  loan: CalculatorState;
  /** Whole dollars per `frequency`. */
  amount: number;
  frequency: "weekly" | "monthly";
  label: "wk" | "mo";
  /** The loan's interest rate, 2 decimals, e.g. "9.99". */
  interestRate: string;
  /** 2 decimals; the provider's fixed comparison rates when the site lists them, else the lender's. */
  comparisonRates: string[];
  disclaimer: string | null;
}

/**
 * The finance estimate a car shows (VDP finance card), or null when it shows none: the repayment
 * of the car's loan (carLoan — the loan the calculator starts from and the sticky header states,
 * so the page has one figure), weekly, or monthly for a monthly-payment provider, in whole dollars
 * rounded like the calculator (spec §5). Null when the repayment is 25 or less.
 */
export function financeEstimate(car: FinanceCar, finance: EstimateSettings, now: Date): FinanceEstimate | null {
  if (!financeEstimateEligible(car, finance, now)) return null;
  const lender = lenderFor(car, finance.provider)!;
  const rule = ESTIMATE_RULES[finance.estimateRule] ?? ESTIMATE_RULES.available;
  const frequency: FinanceEstimate["frequency"] = rule.needsMonthlyPayment ? "monthly" : "weekly";
  const loan = carLoan(finance, car);
  const result = calculateRepayment({ ...loan, frequency }, finance.calculator);
  if (result.kind !== "repayment") return null;
  const fixed = finance.fixedComparisonRates ?? [];
  return {
    provider: finance.provider!,
    loan,
    amount: result.repayment,
    frequency,
    label: frequency === "monthly" ? "mo" : "wk",
    interestRate: rateText(loan.interest),
    comparisonRates: (fixed.length ? [...fixed] : [lender.comparisonRate!]).map(rateText),
    disclaimer: lender.disclaimer ?? null,
  };
}

/**
 * Whether the finance calculator block shows (spec §5): the site's calculator switched on, a
 * finance provider, a starting amount above 0, the car not excluded — and the car available: a
 * sold car offers no loan.
 */
export function showFinanceCalculator(
  car: Pick<FinanceCar, "make" | "dealership_id" | "price" | "finance" | "status">,
  tenant: { finance: Finance; features: Pick<TenantDocument["features"], "calculators"> },
): boolean {
  if (!tenant.features.calculators.finance || !tenant.finance.provider?.trim()) return false;
  if (financeExcluded(car, tenant.finance)) return false;
  return isAvailable(car.status) && carLoan(tenant.finance, car).amount > 0;
}
