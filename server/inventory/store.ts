import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db";
import { vehicles } from "../db/schema";
import { HttpError, ValidationError } from "../errors";
import { announceVehiclesChanged, notifyVehiclesChanged } from "./changes";
import { dealershipDirectory } from "./directory";
import { validateVehicle, vehicleSlug, type StoredVehicle, type Vehicle, type VehicleError } from "./vehicle";

export { onVehiclesChanged, listenForVehicleChanges, VEHICLES_CHANNEL } from "./changes";
export type { StoredVehicle } from "./vehicle";

/** Another writer took the vehicle's stock number or slug between our check and our write. */
export class VehicleConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

export interface UpsertOptions {
  /** Names of the inputs for messages ("line 4"); default "item {index}". */
  labels?: string[];
  /** A feed key's dealership: inputs without dealership_id get it, inputs naming another are refused. */
  dealershipId?: number;
  now?: Date;
}

export interface UpsertResult {
  /** The vehicles written, in input order. */
  written: StoredVehicle[];
  /** Ids among them that did not exist before. */
  created: string[];
  /** Inputs refused, by index, with every reason; nothing of theirs was written. */
  rejected: { index: number; errors: VehicleError[] }[];
}

const CHUNK = 500;
const chunks = <T>(items: T[], size = CHUNK) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * Validates and writes vehicles. Each input is checked on its own (schema, known dealership and
 * location, stock number and slug not taken by another vehicle, no id twice in one call); the ones
 * that pass are written together in one transaction — all of them or, if the database fails,
 * none — and announced to onVehiclesChanged listeners and other processes.
 */
export async function upsertVehicles(db: Db, inputs: unknown[], opts: UpsertOptions = {}): Promise<UpsertResult> {
  const now = opts.now ?? new Date();
  const label = (i: number) => opts.labels?.[i] ?? `item ${i}`;
  const rejected = new Map<number, VehicleError[]>();
  const reject = (i: number, errors: VehicleError[]) => rejected.set(i, [...(rejected.get(i) ?? []), ...errors]);

  const valid: { index: number; vehicle: Vehicle }[] = [];
  inputs.forEach((input, index) => {
    let candidate = input;
    if (opts.dealershipId !== undefined && candidate && typeof candidate === "object" && !Array.isArray(candidate)) {
      const named = (candidate as { dealership_id?: unknown }).dealership_id;
      if (named === undefined || named === null) candidate = { ...candidate, dealership_id: opts.dealershipId };
      else if (named !== opts.dealershipId) {
        return reject(index, [{ pointer: "/dealership_id", message: `must be ${opts.dealershipId}, the dealership this feed belongs to` }]);
      }
    }
    const result = validateVehicle(candidate, { now });
    if (result.ok) valid.push({ index, vehicle: result.vehicle });
    else reject(index, result.errors);
  });

  const directory = valid.length ? await dealershipDirectory(db) : new Map();
  const firstId = new Map<string, number>();
  const firstStock = new Map<string, number>();
  const firstSlug = new Map<string, number>();
  const checked = valid.filter(({ index, vehicle: v }) => {
    const errors: VehicleError[] = [];
    const entry = directory.get(v.dealership_id);
    if (!entry) errors.push({ pointer: "/dealership_id", message: `dealership ${v.dealership_id} is not listed by any site` });
    else if (v.location_id !== undefined && !entry.locations.some((l: { id: number }) => l.id === v.location_id)) {
      errors.push({ pointer: "/location_id", message: `location ${v.location_id} is not a location of dealership ${v.dealership_id}` });
    }
    const dup = (map: Map<string, number>, key: string, pointer: string, what: string) => {
      const first = map.get(key);
      if (first !== undefined) errors.push({ pointer, message: `${what} is also used by ${label(first)}` });
      else map.set(key, index);
    };
    dup(firstId, v.id, "/id", `id "${v.id}"`);
    dup(firstStock, `${v.dealership_id}\u0000${v.stocknum}`, "/stocknum", `stock number "${v.stocknum}"`);
    if (v.slug) dup(firstSlug, v.slug, "/slug", `slug "${v.slug}"`);
    if (errors.length) reject(index, errors);
    return !errors.length;
  });

  let written: StoredVehicle[] = [];
  let created: string[] = [];
  if (checked.length) {
    try {
      ({ written, created } = await db.transaction(async (tx) => {
        const ids = checked.map((c) => c.vehicle.id);
        const existing = new Map<string, StoredVehicle>();
        for (const part of chunks(ids)) {
          for (const row of await tx.select({ id: vehicles.id, data: vehicles.data }).from(vehicles).where(inArray(vehicles.id, part))) {
            existing.set(row.id, row.data as StoredVehicle);
          }
        }
        let prepared = checked.map(({ index, vehicle }) => ({ index, vehicle: prepare(vehicle, existing.get(vehicle.id), now) }));
        prepared = await dropConflicts(tx, prepared, (i, errors) => reject(i, errors));
        for (const part of chunks(prepared)) {
          await tx
            .insert(vehicles)
            .values(part.map((p) => toRow(p.vehicle, now)))
            .onConflictDoUpdate({ target: vehicles.id, set: UPDATE_ALL });
        }
        const writtenIds = prepared.map((p) => p.vehicle.id);
        await notifyVehiclesChanged(tx, writtenIds, "upsert");
        return { written: prepared.map((p) => p.vehicle), created: writtenIds.filter((id) => !existing.has(id)) };
      }));
    } catch (e) {
      // Drizzle wraps the driver's error with the whole statement and its parameters; keep the cause.
      const cause = ((e as { cause?: unknown }).cause ?? e) as { code?: string; message?: string };
      if (cause.code === "23505") {
        throw new VehicleConflictError(`Another write took a stock number or slug at the same time; nothing was written. Try again. (${cause.message})`);
      }
      throw new Error(`The database refused the write, so none of it was saved: ${cause.message ?? String(cause)}`, { cause: e });
    }
    announceVehiclesChanged(written.map((v) => v.id), "upsert");
  }
  return {
    written,
    created,
    rejected: [...rejected.entries()].sort(([a], [b]) => a - b).map(([index, errors]) => ({ index, errors })),
  };
}

/** Writes one vehicle; a refused one throws ValidationError (422) with every reason. */
export async function upsertVehicle(db: Db, input: unknown, opts: Omit<UpsertOptions, "labels"> = {}): Promise<{ vehicle: StoredVehicle; created: boolean }> {
  const result = await upsertVehicles(db, [input], opts);
  if (result.rejected.length) throw new ValidationError("The vehicle was not saved:", result.rejected[0].errors);
  const vehicle = result.written[0];
  return { vehicle, created: result.created.includes(vehicle.id) };
}

/** The fields the platform owns: a first-listed date, views and the slug stay from the first upload. */
function prepare(v: Vehicle, before: StoredVehicle | undefined, now: Date): StoredVehicle {
  const out: StoredVehicle = {
    ...v,
    slug: v.slug ?? before?.slug ?? vehicleSlug(v),
    created_at: v.created_at ?? before?.created_at ?? now.toISOString(),
    views: v.views ?? before?.views ?? 0,
  };
  if (out.status === "sold") out.sold_at = v.sold_at ?? (before?.status === "sold" ? before.sold_at : undefined) ?? now.toISOString();
  else delete out.sold_at;
  return out;
}

/** Refuses inputs whose stock number or slug another (not rewritten) vehicle holds. */
async function dropConflicts<T extends { index: number; vehicle: StoredVehicle }>(
  tx: Db,
  items: T[],
  reject: (index: number, errors: VehicleError[]) => void,
): Promise<T[]> {
  const ids = new Set(items.map((p) => p.vehicle.id));
  const stockHolder = new Map<string, string>();
  const slugHolder = new Map<string, string>();
  for (const part of chunks(items)) {
    const rows = await tx
      .select({ id: vehicles.id, dealershipId: vehicles.dealershipId, stocknum: vehicles.stocknum })
      .from(vehicles)
      .where(inArray(vehicles.stocknum, [...new Set(part.map((p) => p.vehicle.stocknum))]));
    for (const r of rows) if (!ids.has(r.id)) stockHolder.set(`${r.dealershipId}\u0000${r.stocknum}`, r.id);
    const slugs = await tx.select({ id: vehicles.id, slug: vehicles.slug }).from(vehicles).where(inArray(vehicles.slug, part.map((p) => p.vehicle.slug)));
    for (const r of slugs) if (!ids.has(r.id)) slugHolder.set(r.slug, r.id);
  }
  // A slug made here may meet a slug of this very batch that a feed chose; the later one gives way.
  const batchSlugs = new Map<string, string>();
  return items.filter(({ index, vehicle: v }) => {
    const errors: VehicleError[] = [];
    const stock = stockHolder.get(`${v.dealership_id}\u0000${v.stocknum}`);
    if (stock) errors.push({ pointer: "/stocknum", message: `stock number "${v.stocknum}" already belongs to vehicle "${stock}" of dealership ${v.dealership_id}` });
    const slug = slugHolder.get(v.slug) ?? (batchSlugs.has(v.slug) && batchSlugs.get(v.slug) !== v.id ? batchSlugs.get(v.slug) : undefined);
    if (slug) errors.push({ pointer: "/slug", message: `slug "${v.slug}" already belongs to vehicle "${slug}"` });
    if (errors.length) {
      reject(index, errors);
      return false;
    }
    batchSlugs.set(v.slug, v.id);
    return true;
  });
}

function toRow(v: StoredVehicle, now: Date): typeof vehicles.$inferInsert {
  return {
    id: v.id,
    dealershipId: v.dealership_id,
    locationId: v.location_id ?? null,
    stocknum: v.stocknum,
    slug: v.slug,
    itemType: v.item_type,
    carType: v.car_type,
    status: v.status,
    showOnDealerWebsite: v.show_on_dealer_website,
    make: v.make,
    model: v.model,
    year: v.year,
    price: v.price,
    km: v.km,
    data: v,
    createdAt: new Date(v.created_at),
    soldAt: v.sold_at ? new Date(v.sold_at) : null,
    updatedAt: now,
  };
}

const UPDATE_ALL = Object.fromEntries(
  (
    [
      ["dealershipId", "dealership_id"], ["locationId", "location_id"], ["stocknum", "stocknum"], ["slug", "slug"],
      ["itemType", "item_type"], ["carType", "car_type"], ["status", "status"], ["showOnDealerWebsite", "show_on_dealer_website"],
      ["make", "make"], ["model", "model"], ["year", "year"], ["price", "price"], ["km", "km"], ["data", "data"],
      ["createdAt", "created_at"], ["soldAt", "sold_at"], ["updatedAt", "updated_at"],
    ] as const
  ).map(([key, column]) => [key, sql.raw(`excluded."${column}"`)]),
);

/** Deletes vehicles; returns the ids that existed. */
export async function deleteVehicles(db: Db, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const deleted = await db.transaction(async (tx) => {
    const gone: string[] = [];
    for (const part of chunks(ids)) {
      gone.push(...(await tx.delete(vehicles).where(inArray(vehicles.id, part)).returning({ id: vehicles.id })).map((r) => r.id));
    }
    await notifyVehiclesChanged(tx, gone, "delete");
    return gone;
  });
  announceVehiclesChanged(deleted, "delete");
  return deleted;
}

export async function deleteVehicle(db: Db, id: string): Promise<boolean> {
  return (await deleteVehicles(db, [id])).length === 1;
}

export async function getVehicle(db: Db, id: string): Promise<StoredVehicle | null> {
  const [row] = await db.select({ data: vehicles.data }).from(vehicles).where(eq(vehicles.id, id));
  return (row?.data as StoredVehicle | undefined) ?? null;
}

export async function getVehicleBySlug(db: Db, slug: string): Promise<StoredVehicle | null> {
  const [row] = await db.select({ data: vehicles.data }).from(vehicles).where(eq(vehicles.slug, slug));
  return (row?.data as StoredVehicle | undefined) ?? null;
}

/** A dealership's vehicles, newest listing first; optionally of some statuses only. */
export async function listVehicles(db: Db, dealershipId: number, opts: { statuses?: StoredVehicle["status"][] } = {}): Promise<StoredVehicle[]> {
  const where = opts.statuses?.length
    ? and(eq(vehicles.dealershipId, dealershipId), inArray(vehicles.status, opts.statuses))
    : eq(vehicles.dealershipId, dealershipId);
  const rows = await db.select({ data: vehicles.data }).from(vehicles).where(where).orderBy(desc(vehicles.createdAt), vehicles.id);
  return rows.map((r) => r.data as StoredVehicle);
}

export async function countVehicles(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(vehicles);
  return Number(row.n);
}

/** Slugs of the cars a site lists (available — in stock or coming soon — and shown on dealer websites), for its sitemap. */
export async function listListedSlugs(db: Db, dealershipIds: number[], opts: { limit: number; offset?: number }): Promise<{ slug: string; updatedAt: Date }[]> {
  if (!dealershipIds.length) return [];
  const rows = await db
    .select({ slug: vehicles.slug, updatedAt: vehicles.updatedAt })
    .from(vehicles)
    .where(and(inArray(vehicles.dealershipId, dealershipIds), eq(vehicles.showOnDealerWebsite, true), inArray(vehicles.status, ["in_stock", "coming_soon"])))
    .orderBy(vehicles.slug)
    .limit(opts.limit)
    .offset(opts.offset ?? 0);
  return rows.map((r) => ({ slug: r.slug, updatedAt: new Date(r.updatedAt) }));
}

/** How many cars listListedSlugs would give in all. */
export async function countListedSlugs(db: Db, dealershipIds: number[]): Promise<number> {
  return (await countListed(db, dealershipIds)).all;
}

/** The listed cars of these dealerships (in stock or coming soon, shown on dealer websites), and of them the used and demo ones. */
export async function countListed(db: Db, dealershipIds: number[]): Promise<{ all: number; used: number }> {
  if (!dealershipIds.length) return { all: 0, used: 0 };
  const [row] = await db
    .select({ all: sql<number>`count(*)::int`, used: sql<number>`count(*) filter (where ${vehicles.carType} in ('used', 'demo'))::int` })
    .from(vehicles)
    .where(and(inArray(vehicles.dealershipId, dealershipIds), eq(vehicles.showOnDealerWebsite, true), inArray(vehicles.status, ["in_stock", "coming_soon"])));
  return { all: Number(row.all), used: Number(row.used) };
}
