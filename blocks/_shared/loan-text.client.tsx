"use client";

import { fillLoanText, shortDisclaimer, type LoanTexts } from "../../domain/finance";
import { DisclaimerToggle } from "./disclaimer-toggle.client";
import { useLoan, type LoanShown } from "./loan-store";

/**
 * One of the car's loan figures (loan-store.ts), e.g. "Only $252/wk*": `initial` as the server
 * rendered it, then `before` + the figure + `after` once the visitor changes the calculator, or
 * `none` when the repayment is 25 or less.
 */
export function LoanText({ car, part, initial, before = "", after = "", none = "" }: {
  car: string;
  part: keyof LoanShown;
  initial: string;
  before?: string;
  after?: string;
  none?: string;
}) {
  const loan = useLoan(car);
  if (!loan) return initial;
  const value = loan[part];
  return value == null ? none : `${before}${value}${after}`;
}

/**
 * A finance disclaimer that states the loan's figures ({rate}, {term}, {amount}, domain/finance.ts
 * fillLoanText): filled from the server's loan, then from the calculator's; with the short / full
 * toggle where the site has it.
 */
export function LoanDisclaimer({ car, template, initial, toggle, className }: { car: string; template: string; initial: LoanTexts; toggle: boolean; className?: string }) {
  const loan = useLoan(car);
  const text = fillLoanText(template, loan ?? initial);
  const short = toggle ? shortDisclaimer(text) : null;
  return short?.truncated ? <DisclaimerToggle short={short.text} full={text} /> : <p className={className}>{text}</p>;
}
