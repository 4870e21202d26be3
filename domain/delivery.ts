/**
 * The delivery calculator (spec search-and-vehicle-detail §3, §4, §5, §8): postcode rules, the
 * spec's messages and the embedded provider's price rule. Pure: no I/O; the postcode table is
 * server/delivery/au-postcodes.json and is passed in as regions.
 */

/** Spec §5: the postcode box's placeholder, Brisbane's postcode: a Queensland site's (deliveryPlaceholder). */
export const DELIVERY_POSTCODE_PLACEHOLDER = "e.g. 4000";

/** The capital's (a main city's, in New Zealand) postcode by state or region: the example a site there is given. */
const EXAMPLE_POSTCODE: Record<string, string> = {
  QLD: "4000", NSW: "2000", VIC: "3000", SA: "5000", WA: "6000", TAS: "7000", ACT: "2600", NT: "0800",
  AUK: "1010", WGN: "6011", CAN: "8011", WKO: "3204", BOP: "3110", OTA: "9016",
};

/**
 * The placeholder a site's postcode box shows: a postcode of the site's own state or region (its
 * identity's state, else its primary or first location's), so a Victorian dealer suggests "e.g. 3000",
 * not Queensland's 4000; the spec's "e.g. 4000" where that is Queensland or nothing says otherwise
 * (an NZ site with no region known: Auckland's 1010).
 */
export function deliveryPlaceholder(site: {
  identity: { state?: string | null; locale?: string | null };
  locations?: readonly { primary?: boolean; address: { state: string; postcode: string } }[];
}): string {
  const place = site.locations?.find((l) => l.primary) ?? site.locations?.[0];
  const example = EXAMPLE_POSTCODE[site.identity.state ?? ""] ?? EXAMPLE_POSTCODE[place?.address.state ?? ""];
  if (example) return `e.g. ${example}`;
  if (place && /^\d{4}$/.test(place.address.postcode)) return `e.g. ${place.address.postcode}`;
  return site.identity.locale === "en-NZ" ? "e.g. 1010" : DELIVERY_POSTCODE_PLACEHOLDER;
}
/** Spec §5, §8: the answer to an empty postcode. */
export const DELIVERY_EMPTY_POSTCODE = "Please enter a postcode.";
/** Spec §8: the answer when there is no price for the postcode. */
export const DELIVERY_NO_PRICE =
  "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.";
/** Anything but four digits (Australian postcodes are 0200–9999, written with four digits). */
export const DELIVERY_BAD_POSTCODE = "Please enter a 4-digit postcode.";
/** Postcodes are four digits. */
export const POSTCODE_LENGTH = 4;

export type PostcodeCheck = { ok: true; postcode: string } | { ok: false; message: string };

/** Spec §5: a postcode is required; it must be four digits (spaces around it are ignored). */
export function checkPostcode(raw: string | null | undefined): PostcodeCheck {
  const postcode = (raw ?? "").trim();
  if (!postcode) return { ok: false, message: DELIVERY_EMPTY_POSTCODE };
  if (!/^\d{4}$/.test(postcode)) return { ok: false, message: DELIVERY_BAD_POSTCODE };
  return { ok: true, postcode };
}

/** Spec §3: a delivery estimate is a price and a name (the region). */
export interface DeliveryEstimate {
  price: number;
  name: string;
}

/** "Estimated delivery to {region}: {price}", the result's wording (a block prop) filled in. */
export const estimateText = (template: string, estimate: { name: string; price: string }) =>
  template.replaceAll("{region}", estimate.name).replaceAll("{price}", estimate.price);

// ---------------------------------------------------------------------------------------------
// The embedded provider's price rule

/** An ABS SA4 region of the postcode table: its centre and Modified Monash remoteness (1 = major city … 7 = very remote). */
export interface DeliveryRegion {
  name: string;
  state: string;
  lat: number;
  lng: number;
  mmm: number;
}

/** Earth radius for distances (leads spec §9). */
export const EARTH_RADIUS_KM = 6371;

/** Great-circle distance in km between two points (haversine). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Delivery within the car's own region: the cheapest. */
export const LOCAL_DELIVERY_PRICE = 150;
/** Other regions by straight-line distance between the regions' centres (the first band that fits). */
export const DELIVERY_BANDS: readonly { upToKm: number; price: number }[] = [
  { upToKm: 100, price: 250 },
  { upToKm: 250, price: 400 },
  { upToKm: 500, price: 600 },
  { upToKm: 1000, price: 900 },
  { upToKm: 1500, price: 1200 },
  { upToKm: 2000, price: 1500 },
  { upToKm: 3000, price: 1900 },
  { upToKm: Infinity, price: 2300 },
];
/** Added for a remote (MMM 6) or very remote (MMM 7) destination region: fewer carriers go there. */
export const REMOTE_SURCHARGE: Readonly<Record<number, number>> = { 6: 300, 7: 600 };
/** Added when the car crosses Bass Strait (Tasmania to the mainland or back): the ferry. */
export const BASS_STRAIT_SURCHARGE = 450;

/**
 * The delivery price from the car's region to another: the local price within the same region;
 * else the distance band between the regions' centres, plus the remote-area and Bass Strait
 * surcharges. Whole dollars.
 */
export function deliveryPrice(from: DeliveryRegion, to: DeliveryRegion): number {
  if (from.name === to.name && from.state === to.state) return LOCAL_DELIVERY_PRICE;
  const km = distanceKm(from, to);
  const band = DELIVERY_BANDS.find((b) => km <= b.upToKm) ?? DELIVERY_BANDS[DELIVERY_BANDS.length - 1];
  const remote = REMOTE_SURCHARGE[to.mmm] ?? 0;
  const ferry = (from.state === "TAS") !== (to.state === "TAS") ? BASS_STRAIT_SURCHARGE : 0;
  return band.price + remote + ferry;
}

const STATE_NAMES: Record<string, string> = {
  QLD: "Queensland",
  NSW: "New South Wales",
  VIC: "Victoria",
  SA: "South Australia",
  WA: "Western Australia",
  TAS: "Tasmania",
  ACT: "Australian Capital Territory",
  NT: "Northern Territory",
};

/** "Cairns, QLD"; a region already named after its state ("Queensland - Outback") stays as it is. */
export function regionLabel(region: Pick<DeliveryRegion, "name" | "state">): string {
  const stateName = STATE_NAMES[region.state];
  return stateName && region.name.includes(stateName) ? region.name : `${region.name}, ${region.state}`;
}

/** Where a site's cars leave from when the car's own location has no postcode: its state's capital. */
export const CAPITAL_POSTCODES: Readonly<Record<string, string>> = {
  QLD: "4000",
  NSW: "2000",
  VIC: "3000",
  SA: "5000",
  WA: "6000",
  TAS: "7000",
  ACT: "2600",
  NT: "0800",
};
