/**
 * Locations (spec leads §2 routes and screen 6, §3 location and dealership, §4 "Locations", §9
 * "Locations and reviews"): which locations are shown, the great-circle distance and the nearest
 * locations to a point (the dealer locator), the rating rule, the /contact-us/{slug} suffix rule,
 * /locations/{slug} resolution, and the Our Locations carousel's order, filters and layout. Pure.
 */
import type { Dealership, Location, Reviews } from "../schemas/generated/tenant";
import { locationDepartments, type Department } from "./opening-hours";
import { distanceKm as greatCircleKm, EARTH_RADIUS_KM } from "./delivery";
import { slugify } from "./search-paths";

export { EARTH_RADIUS_KM };

// ---------------------------------------------------------------------------------------------
// Constants (§9)

export const DEFAULT_MINIMUM_RATING = 4;
export const GOOGLE_REVIEW_FULL_QUANTITY = 12;
export const OUR_LOCATIONS_TITLE = "Our Locations";
export const VIEW_LOCATION = "View Location";
export const GET_DIRECTIONS = "Get Directions";

// ---------------------------------------------------------------------------------------------
// Which locations show (§4): no name, or hidden, and a location is not rendered.

export function isShown(location: Pick<Location, "name" | "visible">): boolean {
  return location.name.trim() !== "" && location.visible !== false;
}

export function shownLocations<L extends Pick<Location, "name" | "visible">>(locations: readonly L[]): L[] {
  return locations.filter(isShown);
}

/** Whether a location serves a department: service-and-parts serves both service and parts. */
export function servesDepartment(location: Pick<Location, "location_type">, department: Department): boolean {
  return locationDepartments(location).includes(department);
}

/** The location list grid filtered to sales, service or parts (shown locations only). */
export function locationsOfType<L extends Pick<Location, "name" | "visible" | "location_type">>(locations: readonly L[], department: Department): L[] {
  return shownLocations(locations).filter((l) => servesDepartment(l, department));
}

// ---------------------------------------------------------------------------------------------
// Distance (§9: earth radius 6371 km)

export interface LatLong {
  lat: number;
  long: number;
}

/** Great-circle distance in km (haversine on the 6371 km earth of domain/delivery.ts), for a location's lat/long. */
export function distanceKm(a: LatLong, b: LatLong): number {
  return greatCircleKm({ lat: a.lat, lng: a.long }, { lat: b.lat, lng: b.long });
}

export interface NearbyLocation<L> {
  location: L;
  distanceKm: number;
}

/**
 * Shown locations with coordinates, nearest first (ties by name), optionally only those serving a
 * department, at most `limit`.
 */
export function nearestLocations<L extends Pick<Location, "name" | "visible" | "location_type" | "address">>(
  locations: readonly L[],
  point: LatLong,
  options: { limit?: number; department?: Department } = {},
): NearbyLocation<L>[] {
  const { department, limit } = options;
  const found = shownLocations(locations)
    .filter((l) => typeof l.address.lat === "number" && typeof l.address.long === "number")
    .filter((l) => !department || servesDepartment(l, department))
    .map((location) => ({ location, distanceKm: distanceKm(point, { lat: location.address.lat!, long: location.address.long! }) }))
    .sort((a, b) => a.distanceKm - b.distanceKm || a.location.name.localeCompare(b.location.name, "en"));
  return limit === undefined ? found : found.slice(0, Math.max(0, limit));
}

// ---------------------------------------------------------------------------------------------
// Ratings (§9): shown with 1 decimal plus the review count, only when the average rating exceeds the
// site's minimum and reviews are not hidden.

export interface RatingDisplay {
  /** The average, e.g. 4.7. */
  value: number;
  /** With 1 decimal: "4.7", "5.0". */
  rating: string;
  /** The review count, when known. */
  count: number | null;
  /** The count with thousands separators: "1,136". */
  countText: string | null;
}

export function ratingDisplay(
  reviews: { average_rating?: number; count?: number } | undefined,
  settings: Partial<Pick<Reviews, "minimumRating" | "hidden">> = {},
  locale = "en-AU",
): RatingDisplay | null {
  const value = reviews?.average_rating;
  if (settings.hidden || typeof value !== "number") return null;
  if (!(value > (settings.minimumRating ?? DEFAULT_MINIMUM_RATING))) return null;
  // An average of no reviews is not a rating.
  if (reviews?.count === 0) return null;
  const count = reviews?.count ?? null;
  return { value, rating: value.toFixed(1), count, countText: count === null ? null : count.toLocaleString(locale) };
}

/** A location's rating, or its dealership's (average_rating, review_count) when it has none. */
export function locationRating(
  location: Pick<Location, "reviews" | "dealership_id">,
  dealerships: readonly Pick<Dealership, "id" | "average_rating" | "review_count">[],
  settings: Partial<Pick<Reviews, "minimumRating" | "hidden">> = {},
  locale = "en-AU",
): RatingDisplay | null {
  if (typeof location.reviews?.average_rating === "number") return ratingDisplay(location.reviews, settings, locale);
  const d = dealerships.find((x) => x.id === location.dealership_id);
  return d ? ratingDisplay({ average_rating: d.average_rating, count: d.review_count }, settings, locale) : null;
}

// ---------------------------------------------------------------------------------------------
// Slugs (§2 routes)

const DEPARTMENT_SUFFIX = /\s+(sales|service|parts)\s*$/i;

/** /contact-us/{slug}: the location name with a trailing Sales, Service or Parts removed, slugified. */
export function contactSlug(name: string): string {
  return slugify(name.replace(DEPARTMENT_SUFFIX, ""));
}

/** The shown locations a /contact-us/{slug} page covers (a site's sales, service and parts share one). */
export function contactLocations<L extends Pick<Location, "name" | "visible">>(locations: readonly L[], slug: string): L[] {
  return shownLocations(locations).filter((l) => contactSlug(l.name) === slug);
}

/**
 * /locations/{slug}: the shown location with that slug; otherwise, for a dealership's slug, that
 * dealership's primary shown location, or its first.
 */
export function locationForSlug<L extends Pick<Location, "name" | "visible" | "slug" | "dealership_id" | "primary">>(
  locations: readonly L[],
  dealerships: readonly Pick<Dealership, "id" | "slug">[],
  slug: string,
): L | undefined {
  const shown = shownLocations(locations);
  const own = shown.find((l) => l.slug === slug);
  if (own) return own;
  const dealership = dealerships.find((d) => d.slug === slug);
  if (!dealership) return undefined;
  const theirs = shown.filter((l) => l.dealership_id === dealership.id);
  return theirs.find((l) => l.primary) ?? theirs[0];
}

// ---------------------------------------------------------------------------------------------
// Our Locations carousel (§4, §9)

export interface CarouselOptions {
  /** Only locations serving this department. */
  type?: Department;
  /** Only these locations (by slug). */
  slugs?: readonly string[];
  /** A custom order (slugs); locations it does not name follow, by name. Without it, by name. */
  order?: readonly string[];
}

export function carouselLocations<L extends Pick<Location, "name" | "visible" | "slug" | "location_type">>(
  locations: readonly L[],
  options: CarouselOptions = {},
): L[] {
  const { type, slugs, order } = options;
  const rank = (l: L) => {
    const i = order ? order.indexOf(l.slug) : -1;
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  return shownLocations(locations)
    .filter((l) => !type || servesDepartment(l, type))
    .filter((l) => !slugs || slugs.includes(l.slug))
    .sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name, "en"));
}

export interface CarouselLayout {
  /** The swipe hint on large screens: hidden when there are more than 3 locations (§9). */
  swipeHintOnLarge: boolean;
  /** More than 4 locations changes the card width (§9): the narrower cards. */
  narrowCards: boolean;
}

export function carouselLayout(count: number): CarouselLayout {
  return { swipeHintOnLarge: count <= 3, narrowCards: count > 4 };
}

// ---------------------------------------------------------------------------------------------
// Get Directions (§2 screen 6)

/** One line: "142 Shore Street West, Cleveland QLD 4163". */
/** "12 Kenny Street, Portsmith QLD 4870": the parts a location or dealership has, trimmed; "" when none. */
export function addressLine(address: { street?: string; city?: string; state?: string; postcode?: string } | undefined): string {
  if (!address) return "";
  const place = [address.city, address.state, address.postcode].map((s) => s?.trim()).filter(Boolean).join(" ");
  return [address.street?.trim(), place].filter(Boolean).join(", ");
}

/** Where Get Directions goes: the location's place URL, else a maps search for its name and address. */
export function directionsUrl(location: Pick<Location, "name" | "address">): string {
  // The schema allows only https place URLs; a document that slipped past it still never links elsewhere.
  const { place_url } = location.address;
  if (place_url && /^https:\/\//i.test(place_url)) return place_url;
  const query = `${location.name} ${addressLine(location.address)}`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query).replace(/%20/g, "+")}`;
}
