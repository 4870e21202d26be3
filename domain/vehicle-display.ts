/** How a vehicle's price, status and tag are shown (spec: search-and-vehicle-detail §4, §5, §9). */
import type { TenantDocument } from "../schemas/generated/tenant";
import { isElectric } from "./fuel";
import { numberFormat } from "./intl";

type Copy = TenantDocument["copy"];

/** in_stock and coming_soon count as available; sold and anything else is unavailable. */
export const isAvailable = (status: string | null | undefined) => status === "in_stock" || status === "coming_soon";

export function formatMoney(amount: number, identity: Pick<TenantDocument["identity"], "locale" | "currency">, fractionDigits = 0): string {
  return numberFormat(identity.locale, {
    style: "currency",
    currency: identity.currency,
    currencyDisplay: "narrowSymbol",
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(amount);
}

export type PriceDisplay =
  | { kind: "price"; text: string; label: string | null }
  | { kind: "preorder"; text: string }
  | { kind: "no-price"; text: string };

/** A price shows only when over 10; otherwise the pre-order text or the site's no-price text. */
export function priceDisplay(
  car: { price: number | null | undefined; preorder?: boolean | null; price_type?: string | null },
  tenant: { identity: Pick<TenantDocument["identity"], "locale" | "currency">; copy: Copy },
): PriceDisplay {
  const price = car.price ?? 0;
  if (price > 10) return { kind: "price", text: formatMoney(price, tenant.identity), label: car.price_type || null };
  if (car.preorder) return { kind: "preorder", text: tenant.copy.preorderText };
  return { kind: "no-price", text: tenant.copy.noPriceText || "Enquire for price" };
}

export const MARKET_PRICE_THRESHOLD = 499;

/** The below-market badge: only when the price is more than 499 under the market average. */
export function isBelowMarket(price: number | null | undefined, averageMarketPrice: number | null | undefined): boolean {
  return !!price && price > 10 && averageMarketPrice != null && averageMarketPrice - price > MARKET_PRICE_THRESHOLD;
}

export const NEW_ARRIVAL_DAYS = 8;

/** A tag that claims a reduction: "Price Drop", "Reduced", "Was $…", "Save $2,000". */
export const CLAIMS_REDUCTION = /\b(?:price\s*(?:drop|cut|reduc)\w*|reduc\w*|was|save[ds]?|saving|discount\w*|marked down)\b/i;

export type CardTag =
  | { kind: "fuel"; label: "Electric" | "Hybrid" }
  | { kind: "reserved"; label: "RESERVED" }
  | { kind: "certified"; label: string; make: string }
  | { kind: "custom"; label: string }
  | { kind: "coming-soon"; label: "COMING SOON" }
  | { kind: "new-arrival"; label: string };

/**
 * The one tag a card shows, by precedence: electric or hybrid fuel; reserved; certified pre-owned
 * (a used, certified car of the franchise's own make); custom tag (one claiming a reduction only with a
 * price shown); coming soon; new arrival
 * (created within the last 8 days); otherwise none.
 */
export function cardTag(
  car: { fuel?: string | null; reserved?: boolean; certified?: boolean; car_type?: string; make?: string; tag?: string | null; status?: string; created_at: number; price?: number | null },
  opts: { now: Date; certifiedMake?: string | null; newArrivalLabel: string },
): CardTag | null {
  if (isElectric(car.fuel)) return { kind: "fuel", label: "Electric" };
  if ((car.fuel ?? "").toLowerCase().includes("hybrid")) return { kind: "fuel", label: "Hybrid" };
  if (car.reserved) return { kind: "reserved", label: "RESERVED" };
  if (car.certified && car.car_type === "used" && opts.certifiedMake && car.make?.toLowerCase() === opts.certifiedMake.toLowerCase()) {
    return { kind: "certified", label: `${opts.certifiedMake} Certified Pre-Owned`, make: opts.certifiedMake };
  }
  // A claimed reduction shows only beside the cash price it leads to (domain/listing-rules.ts, cash-price-beside-reduction).
  if (car.tag && !(CLAIMS_REDUCTION.test(car.tag) && !((car.price ?? 0) > 10))) return { kind: "custom", label: car.tag };
  if (car.status === "coming_soon") return { kind: "coming-soon", label: "COMING SOON" };
  if (opts.now.getTime() / 1000 - car.created_at < NEW_ARRIVAL_DAYS * 86400) return { kind: "new-arrival", label: opts.newArrivalLabel };
  return null;
}

/** "2021 Toyota Corolla" then "Ascent Sport ZWE211R": the heading and its second line. */
export function vehicleHeading(car: { year: number; make: string; model: string; badge?: string | null; series?: string | null }) {
  return { title: `${car.year} ${car.make} ${car.model}`, subtitle: [car.badge, car.series].filter(Boolean).join(" ") };
}

/** The site's word for its stock by count: a caravan site always says Caravans. */
export function vehicleWord(count: number, tenant: { identity: Pick<TenantDocument["identity"], "vehicleNoun" | "stockKinds"> }): string {
  const { singular, plural } = tenant.identity.vehicleNoun;
  const caravansOnly = tenant.identity.stockKinds.length === 1 && tenant.identity.stockKinds[0] === "caravan";
  return caravansOnly || count !== 1 ? plural : singular;
}
