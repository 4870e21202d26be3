/**
 * Phone numbers as the site shows and dials them.
 * Spec (call-now formatting): "+61 replaced by 0 and grouped 2-4-4", e.g. +61730001234 → 07 3000 1234.
 */

export type PhoneLocale = "en-AU" | "en-NZ";

/** Digits only, keeping a leading "+" (spaces, dashes and brackets dropped). */
function compact(raw: string): string {
  const trimmed = raw.trim();
  const digits = trimmed.replace(/\D/g, "");
  return trimmed.startsWith("+") ? `+${digits}` : digits;
}

const tidy = (raw: string) => raw.trim().replace(/\s+/g, " ");
const group433 = (n: string) => `${n.slice(0, 4)} ${n.slice(4, 7)} ${n.slice(7)}`;

/**
 * The number as displayed. On an Australian site +61 becomes 0 and a ten-digit national number is
 * grouped 2-4-4; 1300/1800 numbers keep their 4-3-3 grouping. A New Zealand site's numbers (and
 * anything unrecognised) keep the dealer's own spacing, except 0800/0508 numbers, grouped 4-3-3.
 */
export function formatCallNumber(raw: string, locale: PhoneLocale = "en-AU"): string {
  let n = compact(raw);
  if (locale === "en-NZ") return /^0(800|508)\d{6}$/.test(n) ? group433(n) : tidy(raw);
  if (n.startsWith("+61")) n = `0${n.slice(3).replace(/^0/, "")}`;
  if (/^1[38]00\d{6}$/.test(n)) return group433(n);
  if (/^0\d{9}$/.test(n)) return `${n.slice(0, 2)} ${n.slice(2, 6)} ${n.slice(6)}`;
  return tidy(raw);
}

/** A tel: href that dials the number exactly as stored (international form kept). */
export function telHref(raw: string): string {
  return `tel:${compact(raw)}`;
}

/**
 * The number as the phone box shows it before a click (spec §4 "Phone box"): the displayed form
 * with its last four digits hidden, e.g. "07 5550 XXXX". Spacing is kept so nothing shifts on reveal.
 */
export function maskCallNumber(raw: string, locale: PhoneLocale = "en-AU"): string {
  const shown = formatCallNumber(raw, locale);
  let hide = 4;
  return shown
    .split("")
    .reverse()
    .map((c) => (/\d/.test(c) && hide-- > 0 ? "X" : c))
    .reverse()
    .join("");
}
