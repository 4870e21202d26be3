/**
 * Intl formatters and collators, made once per locale and options. Making one costs 50–100 µs and
 * using one about 1 µs: a search page formats a price, a distance and a count on each of its cards
 * at every results update, and a sort that calls `localeCompare` with options makes a collator per
 * comparison (37 ms to sort 300 model names, 0.6 ms with one collator).
 *
 * A bad locale or option throws the RangeError `new` throws, and nothing is kept. The locales are a
 * site's own (schema-checked), so the caches stay small; past 200 entries one starts again.
 */

import { plainNumberFormat } from "./plain-number";

const MAX_ENTRIES = 200;

function cached<F>(cache: Map<string, F>, locale: string | undefined, options: object | undefined, make: () => F): F {
  const key = options ? `${locale} ${JSON.stringify(options)}` : `${locale}`;
  let made = cache.get(key);
  if (!made) {
    made = make();
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(key, made);
  }
  return made;
}

const dates = new Map<string, Intl.DateTimeFormat>();
const collators = new Map<string, Intl.Collator>();

/** What callers use of a number format: `format`, as Intl.NumberFormat's. */
export type NumberFormat = Pick<Intl.NumberFormat, "format">;

const numbers = new Map<string, NumberFormat>();

/**
 * A number format: for English locales and the options this codebase uses (decimal, percent, or
 * dollars with the fraction digits), a hand-written one with Intl's output; anything else is Intl's.
 * A page's first use of ICU costs its browser 17–29 ms of setting up ICU's data (measured in
 * Chromium on this machine, 2026-11-30, load 12), four times that on Lighthouse's phone and all of it
 * inside hydration, where the first price is formatted; the search, car and home pages need nothing
 * else of ICU, so they never pay it. `domain/intl.test.ts` compares the two on every option and
 * hundreds of thousands of values.
 */
export const numberFormat = (locale?: string, options?: Intl.NumberFormatOptions): NumberFormat =>
  cached(numbers, locale, options, () => plainNumberFormat(locale, options) ?? new Intl.NumberFormat(locale, options));

export const dateTimeFormat = (locale?: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  cached(dates, locale, options, () => new Intl.DateTimeFormat(locale, options));

export const collator = (locale?: string, options?: Intl.CollatorOptions): Intl.Collator =>
  cached(collators, locale, options, () => new Intl.Collator(locale, options));
