/**
 * The dealer locator's reading of its query (?postcode=…&department=…) and how it writes distances.
 * Pure; the block (dealer-locator.tsx) geocodes and renders.
 */
import { numberFormat } from "../../domain/intl";
import { DEPARTMENTS, type Department } from "../../domain/opening-hours";

export type LocatorQuery = Readonly<Record<string, string | string[] | undefined>>;

export interface LocatorSearch {
  /** Whether a postcode was asked for (even an empty one, which is then an invalid postcode). */
  searched: boolean;
  /** What was asked, exactly as it is looked up (a string, or null for anything else). */
  postcode: string | null;
  /** What the form shows back: at most 20 characters, without control characters or broken surrogates. */
  echo: string;
  department?: Department;
}

const ECHO_MAX = 20;
// Control characters, the replacement character (what undecodable bytes become) and a surrogate without its pair.
const UNSHOWABLE = /[\u0000-\u001f\u007f-\u009f\ufffd]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The first value of a query parameter that may be repeated. */
function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** What a visitor asked the locator. Anything odd (repeated, very long, binary) is read as text and judged by the geocoder. */
export function locatorSearch(query: LocatorQuery | undefined): LocatorSearch {
  const raw = first(query?.postcode);
  const dep = first(query?.department);
  const department = DEPARTMENTS.find((d: Department) => d === dep);
  const echo = typeof raw === "string" ? raw.slice(0, ECHO_MAX).replace(UNSHOWABLE, "") : "";
  return { searched: raw !== undefined, postcode: typeof raw === "string" ? raw : null, echo, ...(department ? { department } : {}) };
}

/**
 * A distance as shown: to one decimal under 10 km ("3.4 km"), else to the whole kilometre
 * ("27 km", "1,234 km"); "under 0.1 km" rather than "0.0 km". The great-circle distance, so a drive
 * is longer.
 */
export function distanceText(km: number, locale = "en-AU"): string {
  if (km < 0.05) return `under ${(0.1).toLocaleString(locale)} km`;
  const digits = Math.round(km * 10) / 10 < 10 ? 1 : 0;
  return `${numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(km)} km`;
}
