/**
 * A car's links and look-ups shared by the VDP's blocks, its print view, notice and delivery quotes
 * (spec §2 routes, "Sidebar"): the car's location and number to call, trade-in and similar-cars
 * links. Pure: the tenant document and the car are passed in. Finance links: domain/finance.ts.
 */
import { seoPathFor, SEARCH_BASE } from "./search-paths";
import type { Dealership, Location, TenantDocument } from "../schemas/generated/tenant";

/**
 * The vehicle page's targets a result card links to (spec §2 result cards): Quick Enquiry opens its
 * enquiry dialog (the dialog's id: blocks/_shared/form-dialog.client.tsx opens the dialog the
 * address names, and without JavaScript shows its form in place); Find Me Something Similar, on a
 * car no longer available, lands on its SOLD panel's find-me-something-similar block.
 */
export const ENQUIRE_ANCHOR = "enquire";
export const SIMILAR_ANCHOR = "similar";
export const enquireHref = (car: { path: string }) => `${car.path}#${ENQUIRE_ANCHOR}`;
export const similarAnchorHref = (car: { path: string }) => `${car.path}#${SIMILAR_ANCHOR}`;

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
