/**
 * One vehicle as the search engine (embedded or Algolia) stores it: flat, facetable values.
 * Built from a vehicle row by server/inventory; read by the search UI as a hit.
 */
export interface SearchRecord {
  objectID: string; // the vehicle id
  slug: string;
  path: string; // "/cars/{slug}"
  title: string; // "2021 Toyota Corolla Ascent Sport"
  year: number;
  make: string;
  model: string;
  make_model: string; // "Toyota > Corolla", for hierarchical make/model menus
  badge: string | null;
  series: string | null;
  colour: string | null;
  body: string | null; // normalised body type, e.g. "suv", "ute", "hatch", "cabChassis"
  fuel: string | null; // "Petrol", "Diesel", "Electric", "Hybrid", "Plug-in Hybrid"
  transmission: string | null; // "Automatic", "Manual"
  drive: string | null;
  seats: number | null;
  car_type: "new" | "demo" | "used";
  item_type: "car" | "motorcycle" | "truck" | "caravan";
  status: "in_stock" | "coming_soon" | "sold";
  sold_at: number | null; // unix seconds, when status is sold
  // sold_at for sold cars, LISTED_FOREVER otherwise: "in stock, or sold within N days" becomes one
  // numeric condition (listing_ts >= now - N days), which Algolia's filter grammar can express.
  listing_ts: number;
  created_at: number; // unix seconds
  price: number; // 0 when not priced
  price_type: string | null; // e.g. "Drive Away", "Excl. Gov. Charges"
  price_range: string; // bucket label, e.g. "$20,000 - $30,000"
  weekly_price: number | null;
  weekly_price_range: string | null;
  km: number;
  tag: string | null; // custom tag, e.g. "Test Drive Only"
  reserved: boolean;
  certified: boolean;
  preorder: boolean;
  show_on_dealer_website: boolean;
  dealership_id: number;
  dealership_slug: string;
  dealership_name: string;
  location_id: number | null;
  location_name: string | null;
  city: string | null;
  state: string | null;
  /** The location's point, for geo search (Algolia's own attribute name); absent when the location has none. */
  _geoloc?: { lat: number; lng: number };
  stocknum: string;
  views: number;
  custom_rank: number; // higher first in the default ranking
  primary_image_url: string | null;
  photos_count: number;
}

/** listing_ts of a car that has not left stock (2100-01-01). */
export const LISTED_FOREVER = 4102444800;

/** Searchable attributes in ranking order (a match in an earlier one ranks higher). */
export const SEARCHABLE_ATTRIBUTES = ["title", "make", "model", "badge", "series", "colour", "body"] as const;

/** Attributes that can be faceted and filtered by value. */
export const FACET_ATTRIBUTES = [
  "make", "model", "make_model", "badge", "body", "colour", "fuel", "transmission", "drive", "car_type", "item_type",
  "status", "price_range", "weekly_price_range", "tag", "reserved", "certified", "show_on_dealer_website",
  "dealership_id", "dealership_slug", "dealership_name", "location_name", "city", "state", "seats", "year",
] as const;

/** Attributes that take numeric filters, ranges and facet stats. */
export const NUMERIC_ATTRIBUTES = ["price", "km", "year", "weekly_price", "created_at", "sold_at", "listing_ts", "seats", "views", "custom_rank", "dealership_id", "location_id"] as const;
