/**
 * Vehicle ads feeds (issue 35): a site's live stock as Google's vehicle ads feed (Merchant Center
 * vehicle listings, RSS 2.0 with the g: namespace) and as Meta's automotive inventory catalogue (CSV).
 * Each car either becomes an item with every field its feed requires, or is left out with the
 * reasons, which the admin lists. Pure: the server gathers the cars and caches the files.
 */
import type { TenantDocument } from "../schemas/generated/tenant";
import { googleBodyStyle, googleEngine, googlePriceType, metaBodyStyle, metaFuelType, metaTransmission } from "./ad-vocab";
import { carLocation } from "./vehicle-links";
import { escapeHtml } from "./escape-html";
import { carRuleProblems } from "./listing-rules";
import { VEHICLE_TERMS, vehicleTerms, type TermKind } from "./vehicle-terms";

export type AdsFeed = "google" | "meta";

/** A car as the feeds read it (a stored vehicle document). */
export interface FeedCar {
  id: string;
  slug: string;
  stocknum: string;
  item_type?: string | null;
  car_type: string;
  year: number;
  make: string;
  model: string;
  badge?: string | null;
  series?: string | null;
  body?: string | null;
  colour?: string | null;
  fuel?: string | null;
  transmission?: string | null;
  km?: number | null;
  price?: number | null;
  /** "Drive Away", "Excl. Gov. Charges" … */
  price_type?: string | null;
  vin?: string | null;
  regplate?: string | null;
  certified?: boolean | null;
  dealercomments?: string | null;
  images?: { url: string }[];
}

/** Where the car is sold: its location as the feeds name it. */
export interface FeedStore {
  /** The store code of the location in Google Business Profile (and Meta's dealer id). */
  code: string | null;
  dealerName: string;
  street: string;
  city: string;
  region: string;
  postcode: string;
  country: "AU" | "NZ";
  /** Where the location is, when its record says. */
  lat?: number;
  long?: number;
}

/** The car's location (domain/vehicle-links carLocation, as its page and sheet name it) as the feeds name its store. */
export function feedStore(doc: Pick<TenantDocument, "identity" | "locations">, car: { location_id?: number; dealership_id: number }): FeedStore | null {
  const l = carLocation(doc, car);
  if (!l) return null;
  const a = l.address;
  return { code: l.store_code?.trim() || null, dealerName: l.name, street: a.street ?? "", city: a.city ?? "", region: a.state, postcode: a.postcode ?? "", country: doc.identity.locale === "en-NZ" ? "NZ" : "AU", lat: a.lat, long: a.long };
}

export interface FeedSite {
  origin: string;
  currency: string;
  /** The site's stock kinds each feed takes (Google's vehicle ads in Australia: passenger cars and utes only). */
  kinds: Record<AdsFeed, readonly string[]>;
}

/** A field's value; a list for an attribute the feed repeats (Google's additional_image_link). */
export type FeedItem = Record<string, string | string[]>;
/** An item, or why the car is left out (`kind`: because the feed does not take its kind, which no fix of its record changes). */
export type FeedEntry = { ok: true; item: FeedItem } | { ok: false; car: string; reasons: string[]; kind?: true };

const TRACKING: Record<AdsFeed, string> = {
  google: "utm_source=google&utm_medium=vehicle_ads&utm_campaign=vehicle_listings",
  meta: "utm_source=facebook&utm_medium=paid_social&utm_campaign=automotive_inventory",
};
/** A VIN: 17 characters, no I, O or Q (ISO 3779). Older and imported cars may carry a shorter chassis number. */
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;
const text = (s: string | null | undefined) => s?.replace(/\s+/g, " ").trim() ?? "";
const optional = (field: string, value: string | null) => (value ? { [field]: value } : {});
/** Google's product category of vehicle ads: Vehicles & Parts > Vehicles > Motor Vehicles > Cars, Trucks & Vans. */
export const GOOGLE_CATEGORY = "916";

/** Why a car cannot be in the feed (none: it can). A kind the feed does not take is the one reason worth giving. */
function reasonsOf(feed: AdsFeed, car: FeedCar, store: FeedStore | null, site: FeedSite): string[] {
  const terms = vehicleTerms(car);
  const kinds = site.kinds[feed];
  if (!kinds.includes(car.item_type ?? "car")) {
    return [`${terms.plural[0].toUpperCase()}${terms.plural.slice(1)} are not in this feed: it takes ${kinds.map((k) => VEHICLE_TERMS[k as TermKind]?.plural ?? k).join(" and ") || "no vehicles"}`];
  }
  return [
    (car.price ?? 0) > 10 ? "" : "No price",
    car.images?.length ? "" : "No picture",
    VIN.test(text(car.vin).toUpperCase()) ? "" : "No 17-character VIN",
    car.km != null && car.km >= 0 ? "" : "No odometer reading",
    store ? "" : "No location",
    !store || store.code ? "" : `No store code for ${store.dealerName}`,
    ...(store ? carRuleProblems(car, store.country === "NZ" ? "NZ" : store.region) : []),
    feed === "google" && store?.country === "AU" && (car.price ?? 0) > 10 ? auPriceTypeProblem(car, terms.noun) : "",
  ].filter(Boolean);
}

/** Google's vehicle ads in Australia take a new car at its drive-away price, a used one at drive away or excluding government charges. */
function auPriceTypeProblem(car: FeedCar, noun: string): string {
  const type = googlePriceType(car.price_type);
  if (!type) return `No price type: Google's vehicle ads in Australia need a drive-away or excluding-government-charges price`;
  return car.car_type === "new" && type === "excluding_government_charges_price" ? `No drive-away price: Google's vehicle ads in Australia take a new ${noun} at its drive-away price` : "";
}

/** One car as an item of `feed`, or why it is left out. */
export function feedEntry(feed: AdsFeed, car: FeedCar, store: FeedStore | null, site: FeedSite): FeedEntry {
  const reasons = reasonsOf(feed, car, store, site);
  if (reasons.length) return { ok: false, car: car.id, reasons, ...(site.kinds[feed].includes(car.item_type ?? "car") ? {} : { kind: true as const }) };
  const s = store!;
  const title = text([car.year, car.make, car.model, car.badge].filter(Boolean).join(" "));
  const link = `${site.origin}/cars/${car.slug}?${TRACKING[feed]}`;
  const description = text(car.dealercomments).slice(0, 5000) || title;
  const images = car.images!.map((i) => (/^https?:\/\//.test(i.url) ? i.url : `${site.origin}${i.url}`));
  const used = car.car_type !== "new";
  if (feed === "google") {
    return {
      ok: true,
      item: {
        "g:id": car.id,
        "g:google_product_category": GOOGLE_CATEGORY,
        "g:title": title.slice(0, 150),
        "g:description": description,
        "g:link": link,
        "g:image_link": images[0],
        ...(images.length > 1 ? { "g:additional_image_link": images.slice(1, 11) } : {}),
        "g:price": `${(car.price ?? 0).toFixed(2)} ${site.currency}`,
        ...(s.country === "AU" ? optional("g:vehicle_price_type", googlePriceType(car.price_type)) : {}),
        "g:condition": used ? "used" : "new",
        ...(used && car.certified ? { "g:certified_pre-owned": "yes" } : {}),
        "g:vin": text(car.vin).toUpperCase(),
        "g:brand": car.make,
        "g:model": car.model,
        "g:year": String(car.year),
        ...(car.badge ? { "g:trim": text(car.badge) } : {}),
        "g:mileage": `${Math.round(car.km!)} km`,
        "g:store_code": s.code!,
        "g:vehicle_fulfillment": `in_store:${s.code}`,
        ...(car.colour ? { "g:color": text(car.colour) } : {}),
        ...optional("g:body_style", googleBodyStyle(car.body)),
        ...optional("g:engine", googleEngine(car.fuel)),
      },
    };
  }
  return {
    ok: true,
    item: {
      vehicle_id: car.id,
      title,
      description,
      url: link,
      make: car.make,
      model: car.model,
      year: String(car.year),
      ...(car.badge ? { trim: text(car.badge) } : {}),
      "mileage.value": String(Math.round(car.km!)),
      "mileage.unit": "KM",
      "image[0].url": images[0],
      ...(images[1] ? { "image[1].url": images[1] } : {}),
      price: `${Math.round(car.price ?? 0)} ${site.currency}`,
      state_of_vehicle: !used ? "NEW" : car.certified ? "CPO" : "USED",
      vin: text(car.vin).toUpperCase(),
      body_style: metaBodyStyle(car.body),
      ...(car.colour ? { exterior_color: text(car.colour) } : {}),
      ...optional("fuel_type", metaFuelType(car.fuel)),
      ...optional("transmission", metaTransmission(car.transmission)),
      dealer_id: s.code!,
      dealer_name: s.dealerName,
      "address.addr1": s.street,
      "address.city": s.city,
      "address.region": s.region,
      "address.postal_code": s.postcode,
      "address.country": s.country,
      ...(typeof s.lat === "number" && typeof s.long === "number" ? { latitude: String(s.lat), longitude: String(s.long) } : {}),
    },
  };
}

/** Each feed's fields that every item must carry, and their forms: the tests hold the built feeds to them. */
export const REQUIRED_FIELDS: Record<AdsFeed, Record<string, RegExp>> = {
  google: {
    "g:id": /^\S{1,50}$/,
    "g:google_product_category": /^916$/,
    "g:title": /^.{1,150}$/,
    "g:link": /^https?:\/\/\S+\/cars\/\S+\?utm_source=google&/,
    "g:image_link": /^https?:\/\/\S+$/,
    "g:price": /^\d+\.\d{2} [A-Z]{3}$/,
    "g:condition": /^(new|used)$/,
    "g:vin": /^[A-HJ-NPR-Z0-9]{17}$/,
    "g:brand": /\S/,
    "g:model": /\S/,
    "g:year": /^(19|20)\d\d$/,
    "g:mileage": /^\d+ km$/,
    "g:store_code": /\S/,
    "g:vehicle_fulfillment": /^in_store:\S+$/,
  },
  meta: {
    vehicle_id: /^\S{1,100}$/,
    title: /\S/,
    description: /\S/,
    url: /^https?:\/\/\S+\/cars\/\S+\?utm_source=facebook&/,
    make: /\S/,
    model: /\S/,
    year: /^(19|20)\d\d$/,
    "mileage.value": /^\d+$/,
    "mileage.unit": /^KM$/,
    "image[0].url": /^https?:\/\/\S+$/,
    price: /^\d+ [A-Z]{3}$/,
    state_of_vehicle: /^(NEW|USED|CPO)$/,
    body_style: /^(CONVERTIBLE|COUPE|CROSSOVER|HATCHBACK|MINIVAN|SEDAN|SUV|TRUCK|VAN|WAGON|OTHER)$/,
    dealer_name: /\S/,
    "address.city": /\S/,
    "address.country": /^(AU|NZ)$/,
  },
};

/** An attribute in XML: a list repeats it; vehicle_fulfillment ("in_store:CODE", its text form) is a group of option and store codes. */
function xmlAttribute(name: string, value: string | string[]): string {
  if (Array.isArray(value)) return value.map((v) => xmlAttribute(name, v)).join("");
  if (name === "g:vehicle_fulfillment") {
    const [option, ...codes] = value.split(":");
    return `<${name}><g:option>${escapeHtml(option!)}</g:option>${codes.map((c) => `<g:store_code>${escapeHtml(c)}</g:store_code>`).join("")}</${name}>`;
  }
  return `<${name}>${escapeHtml(value)}</${name}>`;
}

/** Google's feed: RSS 2.0 with the g: namespace, one <item> per car (support.google.com/merchants/answer/11192663). */
export function googleFeedXml(site: { name: string; origin: string }, items: FeedItem[]): string {
  const body = items.map((item) => `<item>${Object.entries(item).map(([k, v]) => xmlAttribute(k, v)).join("")}</item>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><title>${escapeHtml(site.name)}</title><link>${escapeHtml(site.origin)}</link><description>Vehicles for sale</description>\n${body}\n</channel></rss>\n`;
}

/** Meta's catalogue: CSV, a column per field any item has, RFC 4180 quoting (a list JSON-encoded, as Meta reads multi-value fields). */
export function metaFeedCsv(items: FeedItem[]): string {
  const columns = [...new Set(items.flatMap((i) => Object.keys(i)))];
  const cell = (value: string | string[] | undefined) => {
    const v = Array.isArray(value) ? JSON.stringify(value) : value;
    return v === undefined ? "" : /[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
  };
  return [columns.join(","), ...items.map((i) => columns.map((c) => cell(i[c])).join(","))].join("\r\n") + "\r\n";
}
