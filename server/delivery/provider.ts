/**
 * Delivery quotes (spec search-and-vehicle-detail §3, §7 "Delivery price lookup"): a postcode in,
 * a price and the region's name out. The embedded provider computes them from the postcode table;
 * a carrier's API would be another implementation of DeliveryQuoteProvider (./types.ts).
 */
import { carLocation } from "../../domain/vehicle-links";
import { mobileCountry } from "../../domain/mobile";
import type { TenantDocument } from "../../schemas/generated/tenant";
import type { StoredVehicle } from "../inventory/vehicle";
import type { DeliveryOrigin, DeliveryQuoteProvider } from "./types";
import { embeddedDeliveryProvider } from "./embedded";

export type { DeliveryOrigin, DeliveryQuote, DeliveryQuoteProvider } from "./types";

/** The provider the site uses: the embedded one (no carrier adapter is configured yet). */
export function deliveryProvider(): DeliveryQuoteProvider {
  return embeddedDeliveryProvider;
}

/** The calculator runs where the site has it on and the provider quotes the site's country (not on NZ sites with the Australian table). */
export function deliveryAvailable(tenant: Pick<TenantDocument, "features" | "identity">, provider: Pick<DeliveryQuoteProvider, "countries">): boolean {
  return tenant.features.calculators.delivery === true && provider.countries.includes(mobileCountry(tenant.identity.locale));
}

/** Where a car leaves from: its location (else its dealership's sales location); without a car, the site's first sales location. */
export function deliveryOrigin(tenant: Pick<TenantDocument, "locations" | "identity">, car: Pick<StoredVehicle, "location_id" | "dealership_id"> | null): DeliveryOrigin {
  const locations = tenant.locations ?? [];
  const location = car ? carLocation(tenant, car) : (locations.find((l) => l.location_type === "sales" && l.primary) ?? locations.find((l) => l.location_type === "sales") ?? locations[0] ?? null);
  return { postcode: location?.address?.postcode?.trim() || null, state: location?.address?.state ?? tenant.identity.state ?? null };
}
