/**
 * What the finance calculator shows, shared by the server render and the client leaf. Every rule
 * (bounds, parsing, repayment, labels) is domain/finance.ts; this only words and formats it.
 */
import type { TenantDocument } from "../../schemas/generated/tenant";
import {
  calculateRepayment,
  financeBanner,
  loanTexts,
  loanWeekly,
  type CalculatorSettings,
  type CalculatorState,
  type RepaymentResult,
} from "../../domain/finance";
import {
  sliderFromTerm,
  termFromSlider,
  termSlider,
  type Bounds,
  type CalculatorBounds,
} from "../../domain/finance-entry";
import { formatMoney } from "../../domain/vehicle-display";
import { numberFormat } from "../../domain/intl";
import type { LoanShown } from "../_shared/loan-store";

/** The live region speaks the repayment this long after the last change (not on every keystroke). */
export const ANNOUNCE_DELAY_MS = 700;

export type FieldName = "amount" | "term" | "interest" | "deposit" | "residual";
type Identity = Pick<TenantDocument["identity"], "locale" | "currency">;

/** Plain data: passed from the server component to the client leaf. */
export interface CalculatorView {
  settings: Pick<CalculatorSettings, "term" | "termIncrements" | "interestDisabled" | "showDepositAndResidual" | "establishmentFee" | "rounding">;
  bounds: CalculatorBounds;
  initial: CalculatorState;
  identity: Identity;
  /** The site's slug, for the analytics event. */
  site: string;
  /** The car's id: the key its loan is shared under with the page's other finance figures (loan-store.ts). */
  car: string;
  /** 2 decimals each; empty when the lender gives none. */
  comparisonRates: string[];
  showBanner: boolean;
}

export interface FieldView {
  name: FieldName;
  label: string;
  prefix: string | null;
  suffix: string | null;
  /** Bounds of the value (term: years). */
  bounds: Bounds;
  /** Bounds of the slider (term with custom increments: an index). */
  slider: Bounds;
  disabled: boolean;
  toSlider: (value: number) => number;
  fromSlider: (position: number) => number;
  /** A clamped value made valid (term: the nearest increment). */
  snap: (value: number) => number;
  display: (value: number) => string;
  valueText: (value: number) => string;
  formatBound: (value: number) => string;
}

const money = (n: number, identity: Identity) => formatMoney(n, identity, Number.isInteger(n) ? 0 : 2);
const currencySymbol = (identity: Identity) => formatMoney(0, identity).replace(/[\d.,\s]/g, "") || "$";

/** The inputs in order: loan amount, term, interest, and deposit / trade-in and residual where the site shows them. */
export function fieldsOf(view: CalculatorView): FieldView[] {
  const { settings, bounds, identity } = view;
  const number = numberFormat(identity.locale, { maximumFractionDigits: 2 });
  const display = (n: number) => number.format(n);
  const same = (n: number) => n;
  const moneyField = (name: FieldName, label: string): FieldView => ({
    name,
    label,
    prefix: currencySymbol(identity),
    suffix: null,
    bounds: bounds[name],
    slider: bounds[name],
    disabled: false,
    toSlider: same,
    fromSlider: same,
    snap: same,
    display,
    valueText: (n) => money(n, identity),
    formatBound: (n) => money(n, identity),
  });
  const fields: FieldView[] = [
    moneyField("amount", "Loan amount"),
    {
      name: "term",
      label: "Loan term",
      prefix: null,
      suffix: "years",
      bounds: bounds.term,
      slider: termSlider(settings),
      disabled: false,
      toSlider: (years) => sliderFromTerm(settings, years),
      fromSlider: (position) => termFromSlider(settings, position),
      snap: (years) => termFromSlider(settings, sliderFromTerm(settings, years)),
      display,
      valueText: (n) => `${display(n)} ${n === 1 ? "year" : "years"}`,
      formatBound: String,
    },
    {
      name: "interest",
      label: "Interest rate",
      prefix: null,
      suffix: "% p.a.",
      bounds: bounds.interest,
      slider: bounds.interest,
      disabled: settings.interestDisabled,
      toSlider: same,
      fromSlider: same,
      snap: same,
      display,
      valueText: (n) => `${display(n)}% per year`,
      formatBound: String,
    },
  ];
  if (settings.showDepositAndResidual) fields.push(moneyField("deposit", "Deposit / trade-in"), moneyField("residual", "Residual (balloon)"));
  return fields;
}

export interface RepaymentView {
  /** "Weekly repayment". */
  label: string;
  /** "$147", or "Enquire for Finance". */
  repayment: string;
  enquire: boolean;
  /** "wk", "fn" or "mo". */
  period: string;
  /** "$38,220"; blank with Enquire for Finance. */
  total: string;
  /** "8.38% p.a." (several joined with " or "), or null. */
  comparisonRates: string | null;
  /** "Only $147/wk*" from the weekly repayment of the same inputs, or null. */
  banner: string | null;
  /** What the live region says after a change. */
  announcement: string;
}

export function repaymentView(result: RepaymentResult, state: CalculatorState, view: CalculatorView): RepaymentView {
  const { identity } = view;
  const label = `${result.frequency.name} repayment`;
  const rates = view.comparisonRates.length ? view.comparisonRates.map((r) => `${r}% p.a.`).join(" or ") : null;
  const weekly = state.frequency === "weekly" ? result : calculateRepayment({ ...state, frequency: "weekly" }, view.settings);
  const banner = weekly.kind === "repayment" ? financeBanner(weekly.repayment, identity) : null;
  if (result.kind === "enquire") {
    return { label, repayment: result.text, enquire: true, period: result.frequency.label, total: "", comparisonRates: rates, banner, announcement: `${label}: ${result.text}` };
  }
  const repayment = formatMoney(result.repayment, identity);
  const total = money(result.total, identity);
  return {
    label,
    repayment,
    enquire: false,
    period: result.frequency.label,
    total,
    comparisonRates: rates,
    banner,
    announcement: `${label} ${repayment}, total repayments ${total}`,
  };
}

/** The loan's figures as the page's finance card, sticky header and disclaimer show them (loan-store.ts). */
export function loanShown(state: CalculatorState, view: Pick<CalculatorView, "settings" | "identity">): LoanShown {
  const weekly = loanWeekly(state, view.settings);
  const monthly = calculateRepayment({ ...state, frequency: "monthly" }, view.settings);
  return {
    ...loanTexts(state, view.identity),
    weekly: weekly == null ? null : formatMoney(weekly, view.identity),
    monthly: monthly.kind === "repayment" ? formatMoney(monthly.repayment, view.identity) : null,
  };
}
