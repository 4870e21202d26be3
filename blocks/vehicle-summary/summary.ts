/**
 * The vehicle summary's links and look-ups (spec §2 routes, "Sidebar"). Pure: the tenant document
 * and the car are passed in.
 */
import { seoPathFor, SEARCH_BASE } from "../../domain/search-paths";
import type { Dealership, Location, TenantDocument } from "../../schemas/generated/tenant";

/** Adds query parameters to a path or URL, keeping any query and #anchor it already has. */
export function withQuery(href: string, params: Record<string, string | number | null | undefined>): string {
  const [beforeHash, hash = ""] = href.split(/#(.*)/s, 2) as [string, string?];
  const query = Object.entries(params)
    .filter(([, v]) => v !== null && v !== undefined && v !== "")
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join("&");
  if (!query) return href;
  const sep = beforeHash.includes("?") ? (beforeHash.endsWith("?") || beforeHash.endsWith("&") ? "" : "&") : "?";
  return `${beforeHash}${sep}${query}${hash ? `#${hash}` : ""}`;
}

/**
 * A finance button's link (spec §2 routes): one rule for every finance link, domain/finance.ts
 * financeHref (the site's default link or /finance, with car_id, vehiclePriceBudget, car_type and
 * preferredDealership, anchored to the finance form).
 */
export { financeHref } from "../../domain/finance";

/** Trade-in valuation for this car (spec §2 routes). */
export const tradeInHref = (car: { id: string }) => `/cars/trade-in?car_id=${encodeURIComponent(car.id)}`;

/** The location a car is shown at: its own, else its dealership's first sales location (as search records say). */
export function carLocation(tenant: Pick<TenantDocument, "locations">, car: { location_id?: number; dealership_id: number }): Location | null {
  const locations = tenant.locations ?? [];
  if (car.location_id !== undefined) return locations.find((l) => l.id === car.location_id) ?? null;
  const own = locations.filter((l) => l.dealership_id === car.dealership_id);
  return own.find((l) => l.location_type === "sales") ?? own[0] ?? null;
}

/** The location link: the location's page when the site shows it, else the map on this page. */
export const locationHref = (location: Pick<Location, "slug" | "visible">) => (location.visible !== false ? `/locations/${location.slug}` : "#vehicle-map");

/** The number the Call button dials: the location's, else the dealership's, else the site's. */
export function callNumber(
  tenant: Pick<TenantDocument, "dealerships"> & { identity: Pick<TenantDocument["identity"], "phone"> },
  car: { dealership_id: number },
  location: Location | null,
): string | null {
  const dealership: Dealership | undefined = tenant.dealerships.find((d) => d.id === car.dealership_id);
  return location?.contact_detail?.phone || location?.contact_detail?.landline_phone || dealership?.phone || tenant.identity.phone || null;
}

/** Find Me Something Similar: the search refined to the same make and model. */
export function similarHref(car: { make?: string | null; model?: string | null }, tenant: Pick<TenantDocument, "identity" | "search">): string {
  const refinements: Record<string, string[]> = {};
  if (car.make?.trim()) {
    refinements.make = [car.make];
    if (car.model?.trim()) refinements.model = [car.model];
  }
  return seoPathFor(refinements, { joinNewAndDemo: tenant.search.joinNewAndDemo, carTypes: tenant.identity.carTypes }) ?? SEARCH_BASE;
}
