/**
 * Dealership offers (spec: /special-offers, the dealership-offers search, menu items shown only when
 * the dealer has offers). Dates are days in the site's time zone: an offer shows from the start of its
 * start day until the end of its expiry day. Pure; shared by the server index and the pages.
 */
import type { TenantDocument } from "../schemas/generated/tenant";
import { LISTED_FOREVER } from "./search-record";
import { dateTimeFormat } from "./intl";

export type Offer = TenantDocument["offers"][number];
export const OFFERS_INDEX = "offers";
export const OFFERS_PAGE = "/special-offers";

/** One offer as the offers index stores it. */
export interface OfferRecord {
  objectID: string;
  id: string;
  title: string;
  description: string | null;
  image: Offer["image"] | null;
  categories: string[];
  price: number | null;
  price_type: string | null;
  href: string;
  terms: string | null;
  dealership_slug: string;
  dealership_name: string;
  /** Unix seconds: when the offer starts showing (0 when always), and when it stops (end of its expiry day). */
  start_ts: number;
  expiry_ts: number;
  /** The expiry day as written (YYYY-MM-DD), for "Ends …". */
  expiry: string | null;
}

/** Milliseconds a time zone is ahead of UTC at an instant. */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    dateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" })
      .formatToParts(instant)
      .map((p) => [p.type, Number(p.value)]),
  );
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) - Math.floor(instant / 1000) * 1000;
}

/** Unix seconds of midnight at the start of a day (YYYY-MM-DD) in a time zone, `addDays` later. */
export function zonedMidnight(day: string, timeZone: string, addDays = 0): number {
  const [y, m, d] = day.split("-").map(Number);
  const guess = Date.UTC(y, m - 1, d + addDays);
  // Twice, so a day whose midnight falls near a daylight-saving change still lands on it.
  let t = guess - zoneOffset(guess, timeZone);
  t = guess - zoneOffset(t, timeZone);
  return Math.floor(t / 1000);
}

export function offerRecords(tenant: Pick<TenantDocument, "offers" | "dealerships" | "identity">): OfferRecord[] {
  const names = new Map(tenant.dealerships.map((d) => [d.slug, d.name]));
  const tz = tenant.identity.timeZone;
  return tenant.offers.map((o) => ({
    objectID: o.id,
    id: o.id,
    title: o.title,
    description: o.description ?? null,
    image: o.image ?? null,
    categories: o.categories,
    price: o.price ?? null,
    price_type: o.priceType ?? null,
    href: o.href,
    terms: o.terms ?? null,
    dealership_slug: o.dealership,
    dealership_name: names.get(o.dealership) ?? o.dealership,
    start_ts: o.start ? zonedMidnight(o.start, tz) : 0,
    expiry_ts: o.expiry ? zonedMidnight(o.expiry, tz, 1) : LISTED_FOREVER,
    expiry: o.expiry ?? null,
  }));
}

/** The filter every offers query runs under: offers showing now. */
export function offersBaseFilter(now: Date): string {
  const ts = Math.floor(now.getTime() / 1000);
  return `start_ts <= ${ts} AND expiry_ts > ${ts}`;
}

/** The site's offers showing now (for menus marked "only when the dealer has offers"). */
export function liveOfferCount(tenant: Pick<TenantDocument, "offers" | "dealerships" | "identity">, now: Date): number {
  const ts = Math.floor(now.getTime() / 1000);
  return offerRecords(tenant).filter((o) => o.start_ts <= ts && ts < o.expiry_ts).length;
}
