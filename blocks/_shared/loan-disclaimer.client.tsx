"use client";

import { fillLoanText, type LoanTexts } from "../../domain/loan-text";
import { truncateChars } from "../../domain/vdp-rules";
import { DisclaimerToggle } from "./disclaimer-toggle.client";
import { useLoan } from "./loan-store";

/**
 * A finance disclaimer that states the loan's figures ({rate}, {term}, {amount}, domain/loan-text.ts):
 * filled from the server's loan, then from the calculator's as the visitor changes it; cut to its
 * short form (`shortLength` characters, with Show More) where the site has the toggle.
 */
export function LoanDisclaimer({ car, template, initial, shortLength, className }: { car: string; template: string; initial: LoanTexts; shortLength: number | null; className?: string }) {
  const loan = useLoan(car);
  const text = fillLoanText(template, loan ?? initial);
  const short = shortLength ? truncateChars(text, shortLength) : null;
  return short?.truncated ? <DisclaimerToggle short={short.text} full={text} /> : <p className={className}>{text}</p>;
}
