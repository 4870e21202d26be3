import { asc, gt, inArray } from "drizzle-orm";
import { amortisedRepayment, carLoan, FINANCE_MIN_PRICE, loanWeekly, roundRepayment } from "../../domain/finance";
import { getDb, type Db } from "../db";
import { vehicles } from "../db/schema";
import { LISTED_FOREVER, type SearchRecord } from "../../domain/search-record";
import { normaliseBody } from "../../domain/media";
import { basicColour } from "../../domain/colours";
import type { Finance, Location } from "../../schemas/generated/tenant";
import tenantSchema from "../../schemas/generated/tenant.schema.json" with { type: "json" };
import { dealershipDirectory, vehicleLocation, type DealershipEntry } from "./directory";
import { heldVehicleIds, withHold } from "./holds";
import type { StoredVehicle } from "./vehicle";

// ---------------------------------------------------------------------------------------------
// Buckets and normalised values

export interface Bucket {
  label: string;
  min: number;
  /** Exclusive; null for the open top bucket. */
  max: number | null;
}

const dollars = (n: number) => `$${n.toLocaleString("en-AU")}`;
function buckets(edges: number[], under: boolean): Bucket[] {
  const out: Bucket[] = [];
  if (under) out.push({ label: `Under ${dollars(edges[0])}`, min: 0, max: edges[0] });
  for (let i = 0; i < edges.length - 1; i++) out.push({ label: `${dollars(edges[i])} - ${dollars(edges[i + 1])}`, min: edges[i], max: edges[i + 1] });
  out.push({ label: `${dollars(edges[edges.length - 1])}+`, min: edges[edges.length - 1], max: null });
  return out;
}

/** The price_range facet's buckets, lowest first (a priced vehicle falls in exactly one). */
export const PRICE_RANGES: Bucket[] = buckets([5000, 10000, 15000, 20000, 30000, 40000, 50000, 60000, 80000, 100000, 150000], true);
/** price_range of a vehicle without a price. */
export const NO_PRICE_RANGE = "No price listed";
/** The weekly_price_range facet's buckets, lowest first. */
export const WEEKLY_PRICE_RANGES: Bucket[] = buckets([100, 150, 200, 250, 300, 400, 500], true);

const bucketOf = (list: Bucket[], value: number) => list.find((b) => value >= b.min && (b.max === null || value < b.max))!.label;
export const priceRange = (price: number) => (price > 0 ? bucketOf(PRICE_RANGES, price) : NO_PRICE_RANGE);
export const weeklyPriceRange = (weekly: number | null) => (weekly !== null && weekly > 0 ? bucketOf(WEEKLY_PRICE_RANGES, weekly) : null);

const DEFAULT_RATE = 10;
const DEFAULT_TERM_YEARS = 5;

/**
 * The weekly price the search's Weekly price filter and its ranges use: on a site with finance
 * settings, the weekly repayment of the car's loan — carLoan, the loan its car page's finance card,
 * sticky header and calculator state, so the filter and the page give one figure. Without the
 * site's calculator settings (a record made without its site): the lender's weekly payment (the
 * site's provider first), else its monthly payment spread over weeks, else the price amortised
 * over 5 years at 10%, rounded up. Null without a price above 500.
 */
export function weeklyPrice(v: Pick<StoredVehicle, "price" | "finance">, finance?: Partial<Finance> | null): number | null {
  if (finance?.calculator) {
    if (!(v.price > FINANCE_MIN_PRICE)) return null;
    const calculator = calculatorWithDefaults(finance.calculator);
    return loanWeekly(carLoan({ provider: finance.provider, calculator }, v), calculator);
  }
  const lenders = Object.entries(v.finance ?? {});
  const provider = finance?.provider;
  lenders.sort(([a], [b]) => Number(b === provider) - Number(a === provider));
  for (const [, lender] of lenders) {
    if (lender?.paymentWeek && lender.paymentWeek > 0) return Math.round(lender.paymentWeek);
  }
  for (const [, lender] of lenders) {
    if (lender?.paymentMonth && lender.paymentMonth > 0) return Math.round((lender.paymentMonth * 12) / 52);
  }
  if (!(v.price > FINANCE_MIN_PRICE)) return null;
  return roundRepayment(amortisedRepayment(v.price, DEFAULT_RATE, DEFAULT_TERM_YEARS, 52));
}

const CALCULATOR_SCHEMA = (tenantSchema as unknown as { definitions: { finance: { properties: { calculator: { properties: Record<string, { default?: unknown }> } } } } }).definitions.finance.properties.calculator;

/** A site's calculator settings as written (the directory reads them without defaults), each missing one the schema's default. */
export function calculatorWithDefaults(written: Partial<Finance["calculator"]>): Finance["calculator"] {
  const out: Record<string, unknown> = {};
  for (const [key, def] of Object.entries(CALCULATOR_SCHEMA.properties)) if (def.default !== undefined) out[key] = structuredClone(def.default);
  return { ...out, ...written } as Finance["calculator"];
}

export function simpleFuel(raw: string | undefined): string | null {
  const s = (raw ?? "").toLowerCase();
  if (!s.trim()) return null;
  if (/plug.?in|phev/.test(s)) return "Plug-in Hybrid";
  if (/hybrid|e-power/.test(s)) return "Hybrid";
  if (/electric|\bev\b|\bbev\b/.test(s)) return "Electric";
  if (/diesel/.test(s)) return "Diesel";
  if (/lpg/.test(s)) return "LPG";
  if (/petrol|unleaded|\bulp\b|premium|gasoline|\be10\b/.test(s)) return "Petrol";
  return raw!.trim();
}

export function simpleTransmission(raw: string | undefined): string | null {
  const s = (raw ?? "").toLowerCase();
  if (!s.trim()) return null;
  if (/manual/.test(s)) return "Manual";
  if (/auto|cvt|constantly|dct|dsg|clutch|sequential|tiptronic|reduction/.test(s)) return "Automatic";
  return raw!.trim();
}

export function simpleDrive(raw: string | undefined): string | null {
  const s = (raw ?? "").toLowerCase();
  if (!s.trim()) return null;
  if (/4x4|4wd|four/.test(s)) return "4x4";
  if (/awd|all/.test(s)) return "AWD";
  if (/4x2|2wd/.test(s)) return "4x2";
  if (/fwd|front/.test(s)) return "FWD";
  if (/rwd|rear/.test(s)) return "RWD";
  return raw!.trim();
}

/** "2021 Toyota Corolla Ascent Sport ZWE211R": year, make, model, badge, series. */
export const vehicleTitle = (v: Pick<StoredVehicle, "year" | "make" | "model" | "badge" | "series">) =>
  [v.year, v.make, v.model, v.badge, v.series].filter((x) => x !== undefined && x !== "").join(" ");

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/**
 * The default ranking: available before coming soon before sold; then vehicles with pictures;
 * then the most recently listed.
 */
export function customRank(v: Pick<StoredVehicle, "status" | "images" | "created_at">): number {
  const status = v.status === "in_stock" ? 2 : v.status === "coming_soon" ? 1 : 0;
  return status * 100_000 + (v.images.length ? 50_000 : 0) + Math.floor(seconds(v.created_at) / 86400);
}

// ---------------------------------------------------------------------------------------------
// Records

export interface RecordContext {
  dealership: { id: number; slug: string; name: string };
  location?: Pick<Location, "id" | "name" | "address"> | null;
  /** The site the dealership is shown on, for the weekly estimate's rate and term. */
  tenant?: { finance?: Partial<Finance> | null } | null;
}

/** One vehicle as the search engine indexes it (domain/search-record.ts). */
export function toSearchRecord(v: StoredVehicle, ctx: RecordContext): SearchRecord {
  const weekly = weeklyPrice(v, ctx.tenant?.finance);
  const soldAt = v.status === "sold" && v.sold_at ? seconds(v.sold_at) : null;
  const { lat, long } = ctx.location?.address ?? {};
  return {
    objectID: v.id,
    slug: v.slug,
    path: `/cars/${v.slug}`,
    title: vehicleTitle(v),
    year: v.year,
    make: v.make,
    model: v.model,
    make_model: `${v.make} > ${v.model}`,
    badge: v.badge || null,
    series: v.series || null,
    colour: basicColour(v.colour) ?? (v.colour?.trim() || null),
    body: normaliseBody(v.body, v.item_type),
    fuel: simpleFuel(v.fuel),
    transmission: simpleTransmission(v.transmission),
    drive: simpleDrive(v.drive),
    seats: v.seats ?? null,
    car_type: v.car_type,
    item_type: v.item_type,
    status: v.status,
    sold_at: soldAt,
    listing_ts: v.status === "sold" ? (soldAt ?? 0) : LISTED_FOREVER,
    created_at: seconds(v.created_at),
    price: v.price,
    price_type: v.price_type || null,
    price_range: priceRange(v.price),
    weekly_price: weekly,
    weekly_price_range: weeklyPriceRange(weekly),
    km: v.km,
    tag: v.tag || null,
    reserved: v.reserved,
    certified: v.certified,
    preorder: v.preorder,
    show_on_dealer_website: v.show_on_dealer_website,
    dealership_id: ctx.dealership.id,
    dealership_slug: ctx.dealership.slug,
    dealership_name: ctx.dealership.name,
    location_id: ctx.location?.id ?? v.location_id ?? null,
    location_name: ctx.location?.name ?? null,
    city: ctx.location?.address.city ?? null,
    state: ctx.location?.address.state ?? null,
    // Where the car stands, for "near 2148" (geo search in the engine and in Algolia alike).
    ...(typeof lat === "number" && typeof long === "number" ? { _geoloc: { lat, lng: long } } : {}),
    stocknum: v.stocknum,
    views: v.views,
    custom_rank: customRank(v),
    primary_image_url: v.images[0]?.url ?? null,
    photos_count: v.images.length,
  };
}

function recordFor(v: StoredVehicle, directory: Map<number, DealershipEntry>): SearchRecord | null {
  const entry = directory.get(v.dealership_id);
  // A vehicle of a dealership no site lists cannot be shown anywhere; it is indexed once a site lists it (next build).
  if (!entry) return null;
  return toSearchRecord(v, { dealership: entry.dealership, location: vehicleLocation(entry, v.location_id), tenant: { finance: entry.finance } });
}

/**
 * Every vehicle as a search record, read from the database in id order, `batchSize` at a time
 * (for an index build or an Algolia push). Vehicles of dealerships that no site lists are left out.
 */
export async function* streamSearchRecords(db: Db, opts: { batchSize?: number } = {}): AsyncGenerator<SearchRecord> {
  const batchSize = opts.batchSize ?? 2000;
  const directory = await dealershipDirectory(db);
  // Cars a paid deposit holds are reserved in search too (server/reservations).
  const held = await heldVehicleIds(db, new Date());
  let after: string | null = null;
  for (;;) {
    const rows: { id: string; data: StoredVehicle }[] = await db
      .select({ id: vehicles.id, data: vehicles.data })
      .from(vehicles)
      .where(after === null ? undefined : gt(vehicles.id, after))
      .orderBy(asc(vehicles.id))
      .limit(batchSize) as { id: string; data: StoredVehicle }[];
    for (const row of rows) {
      const record = recordFor(withHold(row.data, held), directory);
      if (record) yield record;
    }
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1].id;
  }
}

/** All records at once (the embedded engine's build); the process's database unless one is given. */
export async function loadSearchRecords(db?: Db): Promise<SearchRecord[]> {
  const out: SearchRecord[] = [];
  for await (const r of streamSearchRecords(db ?? (await getDb()).db)) out.push(r);
  return out;
}

/**
 * Records of the given vehicles, for an incremental index update after onVehiclesChanged:
 * `records` to add or replace, `removed` ids to drop (deleted, or of a dealership no site lists).
 */
export async function searchRecordsFor(db: Db, ids: string[]): Promise<{ records: SearchRecord[]; removed: string[] }> {
  const directory = await dealershipDirectory(db);
  const held = await heldVehicleIds(db, new Date(), ids);
  const records: SearchRecord[] = [];
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db.select({ id: vehicles.id, data: vehicles.data }).from(vehicles).where(inArray(vehicles.id, ids.slice(i, i + 1000)));
    for (const row of rows) {
      const record = recordFor(withHold(row.data as StoredVehicle, held), directory);
      if (record) {
        records.push(record);
        found.add(row.id);
      }
    }
  }
  return { records, removed: ids.filter((id) => !found.has(id)) };
}
