/** The finance calculator's inputs (spec §5 "Finance calculator bounds"): every input's bounds, reading what a visitor typed, and the help it is given. */
import type { CalculatorSettings } from "./finance";

/** A price is a price when over 10 (the same rule as priceDisplay in vehicle-display.ts). */
export const priced = (price: number | null | undefined): price is number => price != null && price > 10;
export const cents = (n: number) => Math.round(n * 100) / 100;

export interface Bounds {
  min: number;
  max: number;
  step: number;
}


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
