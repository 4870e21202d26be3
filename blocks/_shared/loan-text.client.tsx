"use client";

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
