import { addressLine } from "../../../domain/vehicle-sheet";
import type { Location } from "../../../schemas/generated/tenant";

/**
 * Get Directions (spec §2 screen 6): the location's place URL when it has an https one, else a
 * Google Maps route to its coordinates, else to its name and address.
 */
export function directionsUrl(location: Pick<Location, "address" | "name">): string {
  const { address } = location;
  if (address.place_url && /^https:\/\//i.test(address.place_url)) return address.place_url;
  const destination = typeof address.lat === "number" && typeof address.long === "number" ? `${address.lat},${address.long}` : [location.name, addressLine(address)].filter(Boolean).join(", ");
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}
