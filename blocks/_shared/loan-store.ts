/**
 * The car's loan as the visitor has set it in the finance calculator, shared with the page's other
 * finance figures — the finance card, the sticky header, the disclaimer's rate — so that they change
 * together (one loan per car page: domain/finance.ts carLoan). Keyed by car; empty until the visitor
 * changes the calculator, so every figure's first paint is the server's (the same loan) and hydrates
 * without a mismatch.
 */
import { useSyncExternalStore } from "react";
import type { LoanTexts } from "../../domain/loan-text";

/** The loan's figures as the page writes them: LoanTexts ({rate}, {term}, {amount}) and its repayments ("$252"; null: Enquire for Finance). */
export interface LoanShown extends LoanTexts {
  weekly: string | null;
  monthly: string | null;
}

const loans = new Map<string, LoanShown>();
const listeners = new Set<() => void>();

export function publishLoan(car: string, shown: LoanShown) {
  loans.set(car, shown);
  listeners.forEach((l) => l());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The car's loan as the calculator last set it, or undefined while it is the one the server rendered. */
export function useLoan(car: string): LoanShown | undefined {
  return useSyncExternalStore(
    subscribe,
    () => loans.get(car),
    () => undefined,
  );
}
