/**
 * Card details as a shopper types them (the reserve-online card form and the embedded payment
 * provider check them with the same rules): the number by the Luhn check, the expiry in the future,
 * the CVC 3 or 4 digits. Pure: callers pass `now`. The messages are the ones the form shows.
 */

export type CardBrand = "visa" | "mastercard" | "amex" | "unknown";
export type CardField = "number" | "expiry" | "cvc";

export const CARD_BRAND_NAMES: Record<CardBrand, string> = { visa: "Visa", mastercard: "Mastercard", amex: "American Express", unknown: "Card" };

export const CARD_MESSAGES = {
  numberMissing: "Enter your card number.",
  numberIncomplete: "Your card number is incomplete.",
  numberInvalid: "Your card number is invalid.",
  expiryMissing: "Enter your card's expiry date (MM/YY).",
  expiryInvalid: "Your card's expiry date is invalid: use MM/YY.",
  expiryPast: "Your card's expiry date is in the past.",
  cvcMissing: "Enter your card's security code (CVC).",
  cvcInvalid: "Your card's security code (CVC) must be 3 or 4 digits.",
} as const;

export interface CardInput {
  number: string;
  /** "MM/YY" or "MM/YYYY". */
  expiry: string;
  cvc: string;
}

export interface CheckedCard {
  number: string;
  expMonth: number;
  expYear: number;
  brand: CardBrand;
  last4: string;
}

/** The digits of a card number as typed (spaces and dashes allowed between them); null for anything else. */
export function cardDigits(raw: string): string | null {
  const s = raw.trim();
  if (!/^[0-9][0-9 -]*$/.test(s)) return null;
  return s.replace(/[ -]/g, "");
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  return "unknown";
}

/** Every problem of the card, by field (empty: the card passes). */
export function cardProblems(card: Partial<CardInput>, now: Date): Partial<Record<CardField, string>> {
  const out: Partial<Record<CardField, string>> = {};
  const number = typeof card.number === "string" ? card.number : "";
  if (!number.trim()) out.number = CARD_MESSAGES.numberMissing;
  else {
    const digits = cardDigits(number);
    if (digits === null || digits.length > 19) out.number = CARD_MESSAGES.numberInvalid;
    else if (digits.length < 13) out.number = CARD_MESSAGES.numberIncomplete;
    else if (!luhnValid(digits)) out.number = CARD_MESSAGES.numberInvalid;
  }
  const expiry = typeof card.expiry === "string" ? card.expiry.trim() : "";
  if (!expiry) out.expiry = CARD_MESSAGES.expiryMissing;
  else {
    const m = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry);
    const month = m ? Number(m[1]) : 0;
    if (!m || month < 1 || month > 12) out.expiry = CARD_MESSAGES.expiryInvalid;
    else {
      const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
      // Valid through the last day of its month (UTC).
      if (Date.UTC(year, month, 1) <= now.getTime()) out.expiry = CARD_MESSAGES.expiryPast;
    }
  }
  const cvc = typeof card.cvc === "string" ? card.cvc.trim() : "";
  if (!cvc) out.cvc = CARD_MESSAGES.cvcMissing;
  else if (!/^\d{3,4}$/.test(cvc)) out.cvc = CARD_MESSAGES.cvcInvalid;
  return out;
}

/** The card, checked; null when cardProblems finds any problem. */
export function checkCard(card: Partial<CardInput>, now: Date): CheckedCard | null {
  if (Object.keys(cardProblems(card, now)).length) return null;
  const digits = cardDigits(card.number!)!;
  const [, mm, yy] = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(card.expiry!.trim())!;
  return {
    number: digits,
    expMonth: Number(mm),
    expYear: yy.length === 2 ? 2000 + Number(yy) : Number(yy),
    brand: cardBrand(digits),
    last4: digits.slice(-4),
  };
}
