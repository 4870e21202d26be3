/**
 * Intl.NumberFormat's output for English locales, without ICU (domain/intl.ts says why): grouping
 * by thousands with ",", "." before the fraction, Intl's rounding (half away from zero, on the
 * number's shortest decimal form, as ICU rounds: 1.005 → "1.01"), "-" before a negative number
 * (and before -0, as Intl writes it), "$" for dollars, "%" after a percentage.
 */

/** The locales whose numbers are written 1,234.5 and whose dollars are written $1,234.50. */
const ENGLISH = new Set(["en", "en-AU", "en-NZ", "en-US", "en-GB", "en-CA"]);
/** The currency each locale writes as a bare "$" with the default symbol display. */
const LOCAL_DOLLAR: Record<string, string> = { "en-AU": "AUD", "en-NZ": "NZD", "en-US": "USD", "en-CA": "CAD" };
const DOLLARS = new Set(["AUD", "NZD", "USD", "CAD"]);
const OPTIONS = new Set(["style", "currency", "currencyDisplay", "minimumFractionDigits", "maximumFractionDigits"]);

const digitsOption = (v: unknown) => (v === undefined ? undefined : Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 100 ? (v as number) : NaN);

/** The formatter, or null where Intl must answer (another locale, option or currency; a bad option, so that Intl throws). */
export function plainNumberFormat(locale: string | undefined, options: Intl.NumberFormatOptions = {}): { format(n: number | bigint): string } | null {
  if (!locale || !ENGLISH.has(locale) || Object.entries(options).some(([k, v]) => !OPTIONS.has(k) && v !== undefined)) return null;
  const style = options.style ?? "decimal";
  let prefix = "";
  let suffix = "";
  let [min, max] = [0, 3];
  if (style === "currency") {
    const display = options.currencyDisplay ?? "symbol";
    const currency = options.currency?.toUpperCase();
    if (!currency || !DOLLARS.has(currency)) return null;
    if (!(display === "narrowSymbol" || (display === "symbol" && LOCAL_DOLLAR[locale] === currency))) return null;
    prefix = "$";
    [min, max] = [2, 2];
  } else if (style === "percent") {
    if (options.currency !== undefined || options.currencyDisplay !== undefined) return null;
    suffix = "%";
    [min, max] = [0, 0];
  } else if (style !== "decimal" || options.currency !== undefined || options.currencyDisplay !== undefined) return null;
  const minSet = digitsOption(options.minimumFractionDigits);
  const maxSet = digitsOption(options.maximumFractionDigits);
  if (Number.isNaN(minSet) || Number.isNaN(maxSet)) return null;
  if (minSet !== undefined && maxSet !== undefined) {
    if (minSet > maxSet) return null;
    [min, max] = [minSet, maxSet];
  } else if (minSet !== undefined) [min, max] = [minSet, Math.max(max, minSet)];
  else if (maxSet !== undefined) [min, max] = [Math.min(min, maxSet), maxSet];
  const shift = style === "percent" ? 2 : 0;
  return {
    format(n) {
      const text = typeof n === "number" ? plain(n, min, max, shift) : null;
      return text === null ? new Intl.NumberFormat(locale, options).format(n) : `${text.negative ? "-" : ""}${prefix}${text.digits}${suffix}`;
    },
  };
}

/** The number's digits as Intl writes them, or null for what it writes otherwise (NaN, ∞, exponents). */
function plain(n: number, min: number, max: number, shift: number): { negative: boolean; digits: string } | null {
  if (!Number.isFinite(n)) return null;
  const shortest = String(Math.abs(n));
  if (shortest.includes("e")) return null;
  const point = shortest.indexOf(".");
  let whole = point < 0 ? shortest : shortest.slice(0, point);
  let fraction = point < 0 ? "" : shortest.slice(point + 1);
  if (shift) {
    fraction = fraction.padEnd(shift, "0");
    whole = (whole + fraction.slice(0, shift)).replace(/^0+(?=\d)/, "");
    fraction = fraction.slice(shift);
  }
  if (fraction.length > max) {
    const up = fraction.charCodeAt(max) >= 53; // "5"
    fraction = fraction.slice(0, max);
    if (up) [whole, fraction] = carry(whole, fraction);
  }
  fraction = fraction.replace(/0+$/, "");
  if (fraction.length < min) fraction = fraction.padEnd(min, "0");
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ",");
  return { negative: n < 0 || Object.is(n, -0), digits: fraction ? `${grouped}.${fraction}` : grouped };
}

/** whole.fraction plus one in the fraction's last place. */
function carry(whole: string, fraction: string): [string, string] {
  const all = (whole + fraction).split("");
  let i = all.length - 1;
  for (; i >= 0 && all[i] === "9"; i--) all[i] = "0";
  if (i < 0) all.unshift("1");
  else all[i] = String(Number(all[i]) + 1);
  const cut = all.length - fraction.length;
  return [all.slice(0, cut).join(""), all.slice(cut).join("")];
}
