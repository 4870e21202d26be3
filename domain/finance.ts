/**
 * Finance rules (spec search-and-vehicle-detail §3 "Finance calculator state", §5 "Finance
 * estimate" and "Finance calculator bounds", §9 finance defaults). Pure: no I/O.
 *
 * Every bound, default, fee and provider choice is a setting of the tenant document's `finance`
 * (schemas/tenant.schema.json, whose defaults are the spec's defaults); this module holds the
 * arithmetic and the rules that read them. Beside it: the calculator's inputs (./finance-entry.ts),
 * the finance estimate (./finance-estimate.ts) and finance links (./finance-links.ts).
 */
import type { Finance, TenantDocument } from "../schemas/generated/tenant";
import type { Lender, Vehicle } from "../schemas/generated/vehicle";
import { truncateChars } from "./vdp-rules";
import { formatMoney } from "./vehicle-display";
import { calculatorBounds, cents, clampToBounds, priced, sliderFromTerm, termFromSlider } from "./finance-entry";
import type { LoanTexts } from "./loan-text";

export { LOAN_PLACEHOLDERS, fillLoanText, statesLoan, type LoanTexts } from "./loan-text";

export type CalculatorSettings = Finance["calculator"];
type Identity = Pick<TenantDocument["identity"], "locale" | "currency">;

// ---------------------------------------------------------------------------------------------
// Constants

/** Spec §5, §9: finance needs a price above 500 (for the providers whose rule says so). */
export const FINANCE_MIN_PRICE = 500;
/** Spec §5, §9: one provider finances only cars newer than the current year minus 12. */
export const FINANCE_MAX_AGE_YEARS = 12;
/** Spec §9: a repayment of 25 or less shows this instead, and blanks the total. */
export const ENQUIRE_FOR_FINANCE = "Enquire for Finance";
export const ENQUIRE_FOR_FINANCE_MAX = 25;
/** Spec §4: the finance disclaimer's short form, on sites with the short/full toggle. */
export const DISCLAIMER_SHORT_LENGTH = 197;

// ---------------------------------------------------------------------------------------------
// Frequencies

/** Spec §9: Weekly 52, Fortnightly 26, Monthly 12 periods a year, labelled wk, fn, mo. */
export const FREQUENCIES = [
  { id: "weekly", name: "Weekly", periodsPerYear: 52, label: "wk" },
  { id: "fortnightly", name: "Fortnightly", periodsPerYear: 26, label: "fn" },
  { id: "monthly", name: "Monthly", periodsPerYear: 12, label: "mo" },
] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export type FrequencyId = Frequency["id"];

export const frequencyOf = (id: FrequencyId): Frequency => FREQUENCIES.find((f) => f.id === id) ?? FREQUENCIES[0];

/** Spec §9 labels wk, fn, mo and yr: the three frequencies, plus "yr" for the term (years) and yearly figures. */
export const PERIOD_LABELS = { weekly: "wk", fortnightly: "fn", monthly: "mo", yearly: "yr" } as const;


// ---------------------------------------------------------------------------------------------
// Lender data

/** The car's lender data for the site's provider (vehicle.finance is keyed by provider name). */
export function lenderFor(car: { finance?: Vehicle["finance"] } | null | undefined, provider: string | null | undefined): Lender | null {
  if (!provider || !car?.finance) return null;
  return Object.hasOwn(car.finance, provider) ? (car.finance[provider] ?? null) : null;
}

/** The lender's term in years: termYears, else termMonths / 12, else termWeeks / 52. */
export function lenderTermYears(lender: Lender | null | undefined): number | null {
  if (!lender) return null;
  if (lender.termYears) return lender.termYears;
  if (lender.termMonths) return lender.termMonths / 12;
  if (lender.termWeeks) return lender.termWeeks / 52;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Calculator state and repayments

/** Spec §3: amount, term (years), interest (percent), frequency, plus deposit (trade-in) and residual. */
export interface CalculatorState {
  amount: number;
  term: number;
  interest: number;
  deposit: number;
  residual: number;
  frequency: FrequencyId;
}

/**
 * A car's loan: the one loan every finance figure of its page is worked from — the finance card's
 * banner, the sticky header's estimate, the calculator's starting values and the rate, term and
 * amount the disclaimer states (spec §9 defaults). Amount = the site's default (30000), or on a
 * site that starts from the car's price, the car's price (the default when the car has no price);
 * term and interest = the site's defaults (5 years, 10%), or the car's lender term and rate on a
 * site set to start from them; deposit and residual 0; the site's default frequency (weekly).
 * Every value within its bounds.
 */
export function carLoan(
  finance: Pick<Finance, "provider" | "calculator">,
  car: { price?: number | null; finance?: Vehicle["finance"] } | null | undefined,
): CalculatorState {
  const s = finance.calculator;
  const bounds = calculatorBounds(s, car?.price);
  const amount = s.amountFromCarPrice && priced(car?.price) ? car.price : s.amount.default;
  const lender = s.fromLender ? lenderFor(car, finance.provider) : null;
  const term = lenderTermYears(lender) ?? s.term.default;
  const interest = lender?.interestRate ?? s.interest.default;
  return {
    amount: clampToBounds(amount, bounds.amount),
    term: termFromSlider(s, sliderFromTerm(s, clampToBounds(term, bounds.term))),
    interest: clampToBounds(interest, bounds.interest),
    deposit: clampToBounds(s.deposit.default, bounds.deposit),
    residual: clampToBounds(s.residual.default, bounds.residual),
    frequency: s.defaultFrequency,
  };
}

/**
 * Standard amortisation: the repayment per period of `principal` at `ratePercent` a year over
 * `years`, paid `periodsPerYear` times a year, with a `residual` (balloon) due at the end
 * discounted to today: (P − R·(1+r)^−n)·r / (1 − (1+r)^−n), r = rate / periods, n = years × periods.
 * Unrounded.
 */
export function amortisedRepayment(principal: number, ratePercent: number, years: number, periodsPerYear: number, residual = 0): number {
  const n = Math.round(years * periodsPerYear);
  if (n <= 0) return 0;
  const r = ratePercent / 100 / periodsPerYear;
  if (r === 0) return (principal - residual) / n;
  const v = (1 + r) ** -n;
  return ((principal - residual * v) * r) / (1 - v);
}

/** Whole dollars: rounded up by default; one lender rounds to the nearest dollar (setting `rounding`). */
export function roundRepayment(raw: number, rounding: CalculatorSettings["rounding"] = "up"): number {
  // The tolerance keeps a float error (637.0000000001) from adding a dollar.
  return rounding === "nearest" ? Math.round(raw) : Math.ceil(raw - 1e-9);
}

export type RepaymentResult =
  | { kind: "repayment"; frequency: Frequency; repayment: number; total: number }
  | { kind: "enquire"; frequency: Frequency; text: typeof ENQUIRE_FOR_FINANCE; total: null };

/**
 * The calculator's answer (spec §9): the amount less the deposit (trade-in), plus the
 * establishment fee, amortised over the term at the interest rate with the residual discounted,
 * rounded to whole dollars (up by default). A repayment of 25 or less shows "Enquire for Finance"
 * and no total. Total repayments = periods per year × term × repayment + establishment fee.
 */
export function calculateRepayment(state: CalculatorState, settings: Pick<CalculatorSettings, "establishmentFee" | "rounding">): RepaymentResult {
  const frequency = frequencyOf(state.frequency);
  const fee = settings.establishmentFee ?? 0;
  const principal = Math.max(0, state.amount - state.deposit) + fee;
  const raw = amortisedRepayment(principal, state.interest, state.term, frequency.periodsPerYear, state.residual);
  const repayment = roundRepayment(raw, settings.rounding);
  if (!(repayment > ENQUIRE_FOR_FINANCE_MAX)) return { kind: "enquire", frequency, text: ENQUIRE_FOR_FINANCE, total: null };
  return { kind: "repayment", frequency, repayment, total: cents(frequency.periodsPerYear * state.term * repayment + fee) };
}

/** Spec §9: the finance banner, "Only $X/wk*". */
export const financeBanner = (weekly: number, identity: Identity) => `Only ${formatMoney(weekly, identity)}/wk*`;

/** Spec §5: rates show with 2 decimals ("8.38"). */
export const rateText = (percent: number) => (Math.round((percent + Number.EPSILON) * 100) / 100).toFixed(2);

/** The fee-list variant (spec §9: establishment 395, security registration 6, monthly admin 8, dealer agency 912.25), formatted. */
export function feeLines(settings: Pick<CalculatorSettings, "feeList">, identity: Identity): { label: string; amount: string }[] {
  return (settings.feeList ?? []).map((f) => ({ label: f.label, amount: formatMoney(f.amount, identity, Number.isInteger(f.amount) ? 0 : 2) }));
}

/** The weekly repayment of a loan (whatever frequency it is shown at), or null when it is 25 or less ("Enquire for Finance"). */
export function loanWeekly(loan: CalculatorState, settings: Pick<CalculatorSettings, "establishmentFee" | "rounding">): number | null {
  const r = calculateRepayment({ ...loan, frequency: "weekly" }, settings);
  return r.kind === "repayment" ? r.repayment : null;
}

/** The loan's figures as its disclaimer states them ({rate}, {term}, {amount}: domain/loan-text.ts). */
export function loanTexts(loan: Pick<CalculatorState, "interest" | "term" | "amount">, identity: Identity): LoanTexts {
  return {
    rate: rateText(loan.interest),
    term: String(Math.round(loan.term * 100) / 100),
    amount: formatMoney(loan.amount, identity, Number.isInteger(loan.amount) ? 0 : 2),
  };
}

/** The VDP anchor of the finance disclaimer (spec §2 #financeDisclaimer), which "*See finance disclaimer" links to. */
export const FINANCE_DISCLAIMER_ANCHOR = "financeDisclaimer";

/** Spec §4: the finance disclaimer's short form (197 characters) on sites with the toggle. */
export const shortDisclaimer = (text: string) => truncateChars(text, DISCLAIMER_SHORT_LENGTH);
