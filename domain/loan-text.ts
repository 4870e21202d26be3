/**
 * The loan's figures a finance disclaimer may state, by placeholder (domain/finance.ts loanTexts
 * makes them from a loan): {rate} the interest rate (2 decimals, "12.94"), {term} the term in
 * years, {amount} the loan amount ("$30,000"). A site's disclaimer writes "based on an interest rate
 * of {rate}% p.a." so that it states the rate of the loan its page shows, never another. Its own
 * module: the browser fills them as the visitor changes the calculator, without the finance rules.
 */
export const LOAN_PLACEHOLDERS = ["rate", "term", "amount"] as const;
export type LoanTexts = Record<(typeof LOAN_PLACEHOLDERS)[number], string>;

const LOAN_PLACEHOLDER = /\{(rate|term|amount)\}/g;

/** A text with the loan's figures in place of its {rate}, {term} and {amount}; other braces are left as written. */
export const fillLoanText = (text: string, texts: LoanTexts) => text.replace(LOAN_PLACEHOLDER, (_, name: keyof LoanTexts) => texts[name]);

/** Whether a text states any of the loan's figures. */
export const statesLoan = (text: string) => new RegExp(LOAN_PLACEHOLDER.source).test(text);
