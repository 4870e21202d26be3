/**
 * Finance rules (spec search-and-vehicle-detail §3 "Finance calculator state", §5 "Finance
 * estimate" and "Finance calculator bounds", §9 finance defaults). Pure: no I/O.
 *
 * Every bound, default, fee and provider choice is a setting of the tenant document's `finance`
 * (schemas/tenant.schema.json, whose defaults are the spec's defaults); this module holds the
 * arithmetic and the rules that read them.
 */
import type { Finance, TenantDocument } from "../schemas/generated/tenant";
import type { Lender, Vehicle } from "../schemas/generated/vehicle";
import { truncateChars } from "./vdp-rules";
import { formatMoney, isAvailable } from "./vehicle-display";
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
// Bounds, entry parsing and help text

export interface Bounds {
  min: number;
  max: number;
  step: number;
}

/** A price is a price when over 10 (the same rule as priceDisplay in vehicle-display.ts). */
const priced = (price: number | null | undefined): price is number => price != null && price > 10;
const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * Loan amount bounds (spec §5): the site's min / max / step; on a site with a car-price factor
 * (1.05 on one site) the max becomes factor × car price when the car is priced over the max.
 */
export function amountBounds(settings: Pick<CalculatorSettings, "amount" | "amountMaxCarPriceFactor">, carPrice: number | null | undefined): Bounds {
  const { min, max, step } = settings.amount;
  const factor = settings.amountMaxCarPriceFactor;
  return { min, max: factor && priced(carPrice) && carPrice > max ? cents(factor * carPrice) : max, step };
}

/** Term slider bounds: with custom term increments, an index into them (0 … n − 1, step 1); otherwise years. */
export function termSlider(settings: Pick<CalculatorSettings, "term" | "termIncrements">): Bounds {
  const inc = settings.termIncrements;
  if (inc?.length) return { min: 0, max: inc.length - 1, step: 1 };
  const { min, max, step } = settings.term;
  return { min, max, step };
}

/** The term in years a term slider position stands for. */
export function termFromSlider(settings: Pick<CalculatorSettings, "term" | "termIncrements">, position: number): number {
  const inc = settings.termIncrements;
  if (inc?.length) return inc[Math.min(Math.max(Math.round(position), 0), inc.length - 1)];
  return clampToBounds(position, settings.term);
}

/** The term slider position of a term in years (with increments: the nearest one's index). */
export function sliderFromTerm(settings: Pick<CalculatorSettings, "term" | "termIncrements">, years: number): number {
  const inc = settings.termIncrements;
  if (!inc?.length) return clampToBounds(years, settings.term);
  let best = 0;
  inc.forEach((t, i) => {
    if (Math.abs(t - years) < Math.abs(inc[best] - years)) best = i;
  });
  return best;
}

/** Bounds of the term in years (the increments' range when configured). */
export function termBounds(settings: Pick<CalculatorSettings, "term" | "termIncrements">): Bounds {
  const inc = settings.termIncrements;
  if (inc?.length) return { min: Math.min(...inc), max: Math.max(...inc), step: settings.term.step };
  const { min, max, step } = settings.term;
  return { min, max, step };
}

export interface CalculatorBounds {
  amount: Bounds;
  term: Bounds;
  interest: Bounds;
  deposit: Bounds;
  residual: Bounds;
}

/** Every input's bounds (spec §5 table) from the site's calculator settings and the car's price. */
export function calculatorBounds(settings: CalculatorSettings, carPrice: number | null | undefined): CalculatorBounds {
  const pick = ({ min, max, step }: Bounds): Bounds => ({ min, max, step });
  return {
    amount: amountBounds(settings, carPrice),
    term: termBounds(settings),
    interest: pick(settings.interest),
    deposit: pick(settings.deposit),
    residual: pick(settings.residual),
  };
}

/**
 * What a typed number says. Read: digits with an optional sign and decimal point, after taking away
 * what people write around a number — spaces, thousands separators, a currency sign ("$", "NZ$"), a
 * percent sign or unit ("%", "p.a.", "km", "L", "years") — and a "k" for thousands ("25k" is 25,000).
 * Anything else (letters inside the number, "1e3", two decimal points) is unreadable rather than
 * guessed at: stripping "1e3" to 13 or "25k" to 25 would show a figure the visitor never meant.
 */
export type Reading = { kind: "number"; value: number; thousands: boolean } | { kind: "empty" } | { kind: "unreadable" };

const CURRENCY_SIGN = /^(?:[A-Z]{2,3})?\$/i;
const UNIT_AFTER = /(?:%|p\.?a\.?|\/?(?:kms?|wk|week|l\/100km|l|litres?|liters?|years?|yrs?))$/i;
const PLAIN_NUMBER = /^([+-])?(\d+(?:\.\d*)?|\.\d+)(k)?$/i;

export function readNumber(raw: string | number): Reading {
  if (typeof raw === "number") return Number.isFinite(raw) ? { kind: "number", value: raw, thousands: false } : { kind: "unreadable" };
  let text = raw.normalize("NFKC").replace(/[\s,\u00a0\u2009\u202f_']/g, "").replace(/[\u2212\u2012\u2013]/g, "-");
  if (!text) return { kind: "empty" };
  // A sign may come before a currency sign ("-$5"); keep it while the decorations go.
  const sign = /^[+-]/.test(text) ? text[0] : "";
  text = (sign ? text.slice(1) : text).replace(CURRENCY_SIGN, "");
  for (let i = 0; i < 3 && UNIT_AFTER.test(text); i++) text = text.replace(UNIT_AFTER, "");
  const m = PLAIN_NUMBER.exec(sign + text);
  if (!m) return { kind: "unreadable" };
  const value = Number.parseFloat(`${m[1] ?? ""}${m[2]}`) * (m[3] ? 1000 : 1);
  return Number.isFinite(value) ? { kind: "number", value: value === 0 ? 0 : value, thousands: !!m[3] } : { kind: "unreadable" };
}

/**
 * A typed entry as a number (spec §5): readable as readNumber says, a negative entry becomes 0,
 * and an empty or unreadable one counts as 0.
 */
export function parseEntry(raw: string | number): number {
  const r = readNumber(raw);
  return r.kind === "number" && r.value > 0 ? r.value : 0;
}

/** Out-of-range values clamp to the min or max (spec §5). */
export const clampToBounds = (value: number, b: Pick<Bounds, "min" | "max">) => Math.min(Math.max(value, b.min), b.max);

/**
 * Spec §5: the help text under an input whose entry is beyond its bounds. Only an entry beyond
 * them: a value at a bound (a site whose default term is its longest) is a value, not a mistake.
 * `format` writes min and max (plain numbers by default).
 */
export function boundsHelp(value: number, b: Pick<Bounds, "min" | "max">, format: (n: number) => string = String): string | null {
  return value < b.min || value > b.max ? `Cannot be less than ${format(b.min)} or more than ${format(b.max)}.` : null;
}

/** What an entry that cannot be read as a number is told. */
export const unreadableHelp = (b: Pick<Bounds, "min" | "max">, format: (n: number) => string = String) =>
  `Please enter a number from ${format(b.min)} to ${format(b.max)}.`;

/** What an entry written with "k" was read as ("25k": "Read as $25,000."). */
export const readAsHelp = (value: number, format: (n: number) => string = String) => `Read as ${format(value)}.`;

/**
 * A typed entry: the value it sets (clamped; null: leave the value as it is — an empty box while the
 * visitor types, or an entry that cannot be read) and what to tell the visitor: the bounds when the
 * entry is beyond them (a negative one included), that it cannot be read, what a "k" was read as.
 */
export function enterValue(
  raw: string | number,
  b: Pick<Bounds, "min" | "max">,
  format?: (n: number) => string,
): { value: number | null; help: string | null; invalid: boolean } {
  const r = readNumber(raw);
  if (r.kind === "empty") return { value: null, help: null, invalid: false };
  if (r.kind === "unreadable") return { value: null, help: unreadableHelp(b, format), invalid: true };
  const beyond = boundsHelp(r.value, b, format);
  const value = clampToBounds(r.value, b);
  return { value, help: beyond ?? (r.thousands ? readAsHelp(value, format) : null), invalid: !!beyond };
}

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

// ---------------------------------------------------------------------------------------------
// Finance estimate eligibility (spec §5)

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

// ---------------------------------------------------------------------------------------------
// Finance links (spec §2 routes: /finance with preferredDealership, vehiclePriceBudget, car_id,
// car_type, anchored to the form; a site-configured default finance link overrides the path)

/** The id of the finance form on the finance page; finance links are anchored to it. */
export const FINANCE_FORM_ANCHOR = "finance-form";
export const DEFAULT_FINANCE_PATH = "/finance";

/**
 * A finance link for a car (VDP "Request a Quote", Get Finance …): the site's default finance link,
 * else /finance, with car_id, vehiclePriceBudget (the price, when over 10), car_type and
 * preferredDealership (the slug of the car's dealership, found in `dealerships`), anchored to the
 * finance form, whose form reads them (domain/lead-form-values.ts financeQueryPrefill). A default link that
 * already carries an anchor keeps it; tel:, sms: and mailto: links are returned as they are.
 */
export function financeHref(
  finance: Pick<Finance, "defaultLink">,
  car?: { id?: string | null; price?: number | null; car_type?: string | null; dealership_id?: number | null } | null,
  dealerships: { id: number; slug: string }[] = [],
): string {
  const base = finance.defaultLink?.trim() || DEFAULT_FINANCE_PATH;
  if (/^(tel|sms|mailto):/i.test(base)) return base;
  const hashAt = base.indexOf("#");
  const withoutHash = hashAt >= 0 ? base.slice(0, hashAt) : base;
  const hash = hashAt >= 0 ? base.slice(hashAt) : `#${FINANCE_FORM_ANCHOR}`;
  const queryAt = withoutHash.indexOf("?");
  const path = queryAt >= 0 ? withoutHash.slice(0, queryAt) : withoutHash;
  const query = new URLSearchParams(queryAt >= 0 ? withoutHash.slice(queryAt + 1) : "");
  if (car?.id) query.set("car_id", car.id);
  if (priced(car?.price)) query.set("vehiclePriceBudget", String(car.price));
  if (car?.car_type) query.set("car_type", car.car_type);
  const dealership = car?.dealership_id != null ? dealerships.find((d) => d.id === car.dealership_id) : undefined;
  if (dealership) query.set("preferredDealership", dealership.slug);
  const q = query.toString();
  return `${path}${q ? `?${q}` : ""}${hash}`;
}
