/**
 * The vehicle detail page's small rules (spec search-and-vehicle-detail §2, §4, §5, §7, §8, §9):
 * thumbnails, collapsible lists, dealer comments, caravan sizes, scroll thresholds, similar cars,
 * favourite / compare visibility, the sales counter and reserve terms. The spin viewer is in
 * ./vdp-spin.ts, sharing, print and PDF links in ./vdp-share.ts.
 * Pure: no I/O, no clocks (callers pass `now`).
 */
import type { TenantDocument } from "../schemas/generated/tenant";
import type { Vehicle } from "../schemas/generated/vehicle";
import { formatMoney, isAvailable } from "./vehicle-display";
import { numberFormat } from "./intl";

type Identity = Pick<TenantDocument["identity"], "locale" | "currency">;

// ---------------------------------------------------------------------------------------------
// Text

/** The first `limit` characters (code points) of `text`, then "...", when it is longer. */
export function truncateChars(text: string, limit: number): { text: string; truncated: boolean } {
  const chars = Array.from(text);
  if (chars.length <= limit) return { text, truncated: false };
  return { text: `${chars.slice(0, limit).join("").trimEnd()}...`, truncated: true };
}

// ---------------------------------------------------------------------------------------------
// Gallery and lists

/** Spec §5, §9: the thumbnails strip shows only with more than 3 images, in stock only. */
export const THUMBNAILS_MIN_IMAGES = 3;
export const showThumbnails = (car: { images?: unknown[] | null; status?: string | null }) =>
  (car.images?.length ?? 0) > THUMBNAILS_MIN_IMAGES && car.status === "in_stock";

/** Spec §9: key information shows its first 4 items, feature lists 8. */
export const KEY_INFO_VISIBLE = 4;
export const FEATURES_VISIBLE = 8;

/** Toggle wordings (spec §2, §4): key information and dealer comments, feature lists, all specifications. */
export const SHOW_MORE = "Show More";
export const SHOW_LESS = "Show Less";
export const SHOW_ALL = "Show All";
export const HIDE = "Hide";
export const SHOW_ALL_SPECS = "Show All Specs";
export const HIDE_SPECS = "Hide Specs";

/** The items a collapsible list shows: the first `limit` unless expanded; a toggle only when some are hidden. */
export function collapsible<T>(items: readonly T[], limit: number, expanded: boolean): { visible: T[]; hiddenCount: number; canToggle: boolean } {
  const canToggle = items.length > limit;
  const visible = expanded || !canToggle ? [...items] : items.slice(0, limit);
  return { visible, hiddenCount: items.length - visible.length, canToggle };
}

// ---------------------------------------------------------------------------------------------
// Dealer comments

/** Spec §4, §9: comments collapse to 400 characters. */
/** Spec §2, §4: what a sold or unavailable car shows instead of its price and buttons. */
export const SOLD_TITLE = "SOLD";
export const SOLD_TEXT = "This vehicle has recently sold.";
export const SIMILAR_PROMPT = "Like this and want something similar?";
export const SIMILAR_BUTTON = "Find Me Something Similar";
/** Beside the similar-car enquiry on the SOLD panel: the same make and model in stock now. */
export const SIMILAR_STOCK_LINK = "See similar ones in stock";

export const DEALER_COMMENTS_LIMIT = 400;
/** Spec §4, §8: the text when a car has no dealer comments. */
export const DEALER_COMMENTS_PENDING = "Dealer comments are pending. Please check back here later.";

/** The dealer comments as shown: the pending text when missing; else collapsed to 400 characters with Show More / Show Less. */
export function dealerComments(
  comments: string | null | undefined,
  expanded: boolean,
): { text: string; pending: boolean; toggle: typeof SHOW_MORE | typeof SHOW_LESS | null } {
  const full = comments?.trim() ?? "";
  if (!full) return { text: DEALER_COMMENTS_PENDING, pending: true, toggle: null };
  const short = truncateChars(full, DEALER_COMMENTS_LIMIT);
  if (!short.truncated) return { text: full, pending: false, toggle: null };
  return expanded ? { text: full, pending: false, toggle: SHOW_LESS } : { text: short.text, pending: false, toggle: SHOW_MORE };
}

// ---------------------------------------------------------------------------------------------
// Caravans

/** Spec §2: caravans show sizes in feet and metres, 1 ft = 0.3048 m. */
export const FEET_TO_METRES = 0.3048;

/** "20 ft (6.10 m)": feet as given (up to 2 decimals), metres to 2 decimals. */
export function feetAndMetres(feet: number): string {
  const ft = Math.round(feet * 100) / 100;
  return `${ft} ft (${(feet * FEET_TO_METRES).toFixed(2)} m)`;
}

/** The caravan fields (spec §2): body length and width in feet and metres, tare weight, axles, sleeps, ATM. */
export function caravanDetails(
  car: Pick<Vehicle, "body_length_ft" | "body_width_ft" | "tare_weight" | "axle_type" | "sleeps" | "aggregate_trailer_mass">,
  locale: string,
): { label: string; value: string }[] {
  const kg = (n: number) => `${numberFormat(locale).format(n)} kg`;
  const rows: [string, string | null][] = [
    ["Body length", car.body_length_ft != null ? feetAndMetres(car.body_length_ft) : null],
    ["Body width", car.body_width_ft != null ? feetAndMetres(car.body_width_ft) : null],
    ["Tare weight", car.tare_weight != null ? kg(car.tare_weight) : null],
    ["Aggregate trailer mass", car.aggregate_trailer_mass != null ? kg(car.aggregate_trailer_mass) : null],
    ["Axles", car.axle_type?.trim() || null],
    ["Sleeps", car.sleeps != null ? String(car.sleeps) : null],
  ];
  return rows.filter((r): r is [string, string] => r[1] != null).map(([label, value]) => ({ label, value }));
}

// ---------------------------------------------------------------------------------------------
// Scroll thresholds

/** Spec §4, §9: the sticky header appears at 500 px of scroll. */
export const STICKY_HEADER_SCROLL_PX = 500;
/** Spec §4, §9: the mobile sticky bar, in its after-scroll variant, opens beyond 900 px. */
export const MOBILE_BAR_SCROLL_PX = 900;

export const stickyHeaderVisible = (scrollY: number) => scrollY >= STICKY_HEADER_SCROLL_PX;

/** The mobile sticky bar by the site's `features.mobileStickyBar`: off, always, or after 900 px of scroll. */
export function mobileBarOpen(mode: TenantDocument["features"]["mobileStickyBar"], scrollY: number): boolean {
  return mode === "always" || (mode === "after-scroll" && scrollY > MOBILE_BAR_SCROLL_PX);
}

// ---------------------------------------------------------------------------------------------
// Similar cars

/** Spec §7, §9: up to 6 similar cars, 6 placeholders while loading, loaded within 500 px of view; the query asks for 10. */
export const SIMILAR_CARS_LIMIT = 6;
export const SIMILAR_CARS_PLACEHOLDERS = 6;
export const SIMILAR_CARS_QUERY_LIMIT = 10;
export const SIMILAR_CARS_LOAD_MARGIN_PX = 500;

/** Spec §9: ±10,000 for a price under 50,000, otherwise ±25,000. */
export const similarPriceWindow = (price: number) => (price < 50_000 ? 10_000 : 25_000);

/**
 * The similar-cars query's filter (Algolia filter syntax, which the embedded engine speaks):
 * in_stock only, priced within the window around the car's price; an unpriced car matches on
 * status only. The site's base filter is added by the server, not here.
 */
export function similarCarsFilter(car: { price: number | null | undefined }): string {
  const price = car.price ?? 0;
  if (!(price > 10)) return "status:in_stock";
  const w = similarPriceWindow(price);
  return `status:in_stock AND price:${Math.max(0, price - w)} TO ${price + w}`;
}

/** The similar cars shown: the hits without the car itself, at most 6. */
export function pickSimilarCars<T extends { objectID: string }>(hits: readonly T[], carId: string): T[] {
  return hits.filter((h) => h.objectID !== carId).slice(0, SIMILAR_CARS_LIMIT);
}

// ---------------------------------------------------------------------------------------------
// Favourite / compare visibility

/**
 * Spec §5: favourite and compare buttons hide when the feature is off, the car is unavailable,
 * the site sells used cars only and the car is not used, the price is 0 or less, or (where the
 * variant asks for pictures) the car has no images or thumbnails.
 */
export function listToggleVisible(
  car: { status: string | null | undefined; price: number | null | undefined; car_type: string; imageCount: number },
  site: { enabled: boolean; usedOnly: boolean; needsImages?: boolean },
): boolean {
  if (!site.enabled || !isAvailable(car.status)) return false;
  if (site.usedOnly && car.car_type !== "used") return false;
  if (!((car.price ?? 0) > 0)) return false;
  return !(site.needsImages ?? true) || car.imageCount > 0;
}

/** A site sells used cars only when its car types are just "used". */
export const usedOnlySite = (identity: Pick<TenantDocument["identity"], "carTypes">) => identity.carTypes.length === 1 && identity.carTypes[0] === "used";

// ---------------------------------------------------------------------------------------------
// Sales-this-month counter

/** Spec §9: refreshes every 150 s and counts up over 2 s. */
export const SALES_COUNTER_REFRESH_MS = 150_000;
export const SALES_COUNTER_COUNT_UP_MS = 2000;
/** Brisbane keeps UTC+10 all year (no daylight saving). */
const BRISBANE_OFFSET_MS = 10 * 3600 * 1000;

/**
 * Spec §9: (day of month − 1) × 192 + seconds since midnight Brisbane time / 450, floored to a
 * whole count (one sale every 7.5 minutes: 192 a day, so the count runs on across midnight).
 */
export function salesThisMonth(now: Date): number {
  const b = new Date(now.getTime() + BRISBANE_OFFSET_MS);
  const seconds = b.getUTCHours() * 3600 + b.getUTCMinutes() * 60 + b.getUTCSeconds();
  return (b.getUTCDate() - 1) * 192 + Math.floor(seconds / 450);
}

// ---------------------------------------------------------------------------------------------
// Reserve online

/** Spec §9: the deposit is 100% refundable. The amount ($200) and hold (48 hours) are features.reserveOnline's defaults. */
export const RESERVE_REFUNDABLE = "100% refundable";
/** Cancel asked by anyone but the reservation's buyer (403; server/reservations/service.ts). */
export const NOT_THE_BUYER = "Only the buyer who made this reservation can cancel it: from the browser it was made in, or signed in as the buyer. Please contact the dealer if that is you.";
/** What anyone but the buyer reads on a reservation's page (no payment reference, no Cancel). */
export const NOT_YOUR_RESERVATION = "Only the buyer who made this reservation can see its payment details and cancel it: open this page in the browser it was made in, or sign in as the buyer.";

export function reserveTerms(reserve: Pick<TenantDocument["features"]["reserveOnline"], "deposit" | "holdHours">, identity: Identity) {
  return {
    deposit: formatMoney(reserve.deposit, identity, Number.isInteger(reserve.deposit) ? 0 : 2),
    hold: `${reserve.holdHours} hours`,
    refundable: RESERVE_REFUNDABLE,
  };
}

/**
 * Why a car cannot be reserved online, or null when it can (spec §5 "Reserve button", leads §4 car
 * status): the site takes deposits, the car is shown on dealer websites, available (in stock or
 * coming soon), priced above 0 and not already reserved. The card's and the sidebar's Reserve
 * buttons, the Reserve Online block and the checkout pages all ask this.
 */
export type ReserveIneligible = "off" | "unavailable" | "unpriced" | "reserved";
export function reserveIneligibility(
  car: { status: string | null | undefined; price: number | null | undefined; reserved?: boolean | null; show_on_dealer_website?: boolean | null },
  reserve: { enabled: boolean } | null | undefined,
): ReserveIneligible | null {
  if (!reserve?.enabled) return "off";
  if (!isAvailable(car.status) || car.show_on_dealer_website === false) return "unavailable";
  if (!((car.price ?? 0) > 0)) return "unpriced";
  if (car.reserved) return "reserved";
  return null;
}

/** What the checkout page says when the vehicle cannot be reserved (with a link to similar stock), in the words of its kind ("car", "caravan": domain/vehicle-terms.ts). */
export const reserveIneligibleText = (reason: ReserveIneligible, noun = "car"): { title: string; text: string } =>
  ({
    off: { title: "Reserve online is not available", text: "This site does not take online reservations." },
    unavailable: { title: `This ${noun} is no longer available`, text: `This ${noun} has sold or is no longer listed, so it cannot be reserved online.` },
    unpriced: { title: `This ${noun} cannot be reserved online`, text: `This ${noun} has no listed price yet, so it cannot be reserved online. Please contact us about it.` },
    reserved: { title: `This ${noun} is already reserved`, text: `Another buyer has reserved this ${noun} with a deposit. It may become available again if their hold ends.` },
  })[reason];
export const RESERVE_INELIGIBLE_TEXT: Record<ReserveIneligible, { title: string; text: string }> = {
  off: reserveIneligibleText("off"),
  unavailable: reserveIneligibleText("unavailable"),
  unpriced: reserveIneligibleText("unpriced"),
  reserved: reserveIneligibleText("reserved"),
};

/**
 * The reserve and online-purchase pages' words and those of the confirmation page, for the vehicle's
 * kind (issue 29): a car's are "Reserve this car", "Your car is reserved"; a caravan's "Reserve this
 * caravan", "Your caravan is reserved".
 */
export function reservationWords(noun: string) {
  return {
    reserveHeading: `Reserve this ${noun}`,
    purchaseHeading: `Buy this ${noun} online`,
    reserved: `Your ${noun} is reserved`,
    reservedPurchase: `Your ${noun} is reserved: we'll be in touch to complete your purchase`,
    notReserved: `The ${noun} was not reserved`,
    notReservedYet: `The payment has not been completed, so the ${noun} is not reserved yet.`,
    backTo: `Back to the ${noun}`,
    held: (hours: number) => `The ${noun} is held for you for ${hours} hours`,
    comesOff: `The deposit comes off the price when you buy the ${noun}`,
    refunded: (deposit: string, reference: string | null) => `Your deposit of ${deposit} (payment reference ${reference ?? ""}) has been refunded and the ${noun} released.`,
    holdEnded: (hours: number, until: string | null, reference: string | null) =>
      `The ${hours}-hour hold ended${until ? ` on ${until}` : ""}. Please contact us about your deposit (payment reference ${reference ?? ""}) or the ${noun}.`,
    cancelQuestion: (deposit: string) => `Cancel the reservation? Your deposit of ${deposit} is refunded to your card and the ${noun} is released.`,
    declined: `The ${noun} has not been reserved and nothing was charged.`,
    payQuestion: `How will you pay for the ${noun}?`,
  };
}

/** Spec leads §9: the 48-hour money-back guarantee, for used cars on sites that offer it (features.moneyBackGuarantee). */
export const MONEY_BACK_HEADING = "48-Hour Money-Back Guarantee";
export const MONEY_BACK_TEXT = "Changed your mind? Return your car within 48 hours of delivery for a full refund.";
export const MONEY_BACK_TERMS = [
  "Full refund within 2 consecutive days of delivery.",
  "Give us notice in writing within the 48 hours, and return the car the same day or by 5pm the next day.",
  "Void if the car has been driven more than 300 km, is damaged, or the refund cannot pay out its loan.",
  "Limit of 2 cars per customer in 12 months.",
  "Your trade-in is not sold until the 48 hours have passed.",
] as const;
export const showMoneyBack = (car: { car_type?: string | null }, features: { moneyBackGuarantee?: boolean }) =>
  features.moneyBackGuarantee === true && car.car_type === "used";

/** Spec leads §9: "Reserve Now {amount}", $200 when the site gives no amount. */
export const reserveNowLabel = (amount: string) => `Reserve Now ${amount}`;

// ---------------------------------------------------------------------------------------------
// New Zealand: the Consumer Information Notice (issue 4, AU/NZ rules)

export const CIN_TITLE = "Consumer Information Notice";

/** Where a used or demo car's notice lives on a site that shows notices; null otherwise. */
export function consumerNoticeHref(car: { slug: string; car_type?: string | null }, features: Pick<TenantDocument["features"], "consumerInformationNotice">): string | null {
  if (!features.consumerInformationNotice || (car.car_type !== "used" && car.car_type !== "demo")) return null;
  return `/cars/${car.slug}/consumer-information-notice`;
}
