/**
 * GET /api/cars?ids={id},{id}… : the current state of the cars a visitor keeps in the favourites or
 * compare list of the Host's site (lists live in the browser; the car may since be sold, reserved
 * — by the feed or a paid deposit's hold, as search and the vehicle page say — or gone). Answers { cars: [{ id, state, car }] } in the order asked: `state` is available,
 * reserved, sold or gone (not a car of this site's dealerships, hidden from dealer websites, or
 * deleted), and `car` is null when gone. 400 { message } for a missing, malformed or too long list.
 */
import { inArray } from "drizzle-orm";
import { FAVOURITES_MAX, listCarState, weeklyEstimate, type ListCar, type ListLookupItem } from "../../domain/car-lists";
import type { TenantDocument } from "../../schemas/generated/tenant";
import type { Db } from "../db";
import { vehicles } from "../db/schema";
import { BadRequest } from "../http/errors";
import { json } from "../http/json";
import { siteRoute, type SiteContext } from "../http/site-route";
import { toSearchRecord } from "../inventory/records";
import { heldVehicleIds, withHold } from "../reservations/active";
import type { StoredVehicle } from "../inventory/vehicle";

const CAR_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,79}$/;

/** The ids of `?ids=`: comma-separated vehicle ids, at most FAVOURITES_MAX, duplicates once. */
export function parseIds(url: URL): string[] {
  const all = url.searchParams.getAll("ids");
  if (all.length !== 1) throw new BadRequest("Give the cars as one ids parameter: ids=id1,id2.");
  const raw = all[0];
  if (raw.length > FAVOURITES_MAX * 81) throw new BadRequest(`At most ${FAVOURITES_MAX} cars at a time.`);
  const ids = [...new Set(raw.split(",").map((s) => s.trim()).filter(Boolean))];
  if (!ids.length) throw new BadRequest("Give at least one car id.");
  if (ids.length > FAVOURITES_MAX) throw new BadRequest(`At most ${FAVOURITES_MAX} cars at a time.`);
  const bad = ids.find((id) => !CAR_ID.test(id));
  if (bad !== undefined) throw new BadRequest("A car id has letters, digits, dot, underscore, colon and hyphen only (at most 80).");
  return ids;
}

const text = (s: string | undefined) => s?.trim() || null;

/** One stored car as the lists show it, for `tenant`; null when it is not one of the site's shown cars. */
export function listCar(v: StoredVehicle | undefined, tenant: TenantDocument): ListCar | null {
  if (!v || v.show_on_dealer_website === false) return null;
  const dealership = tenant.dealerships.find((d) => d.id === v.dealership_id);
  if (!dealership) return null;
  const location = tenant.locations.find((l) => l.id === v.location_id) ?? null;
  return {
    card: toSearchRecord(v, { dealership, location, tenant: { finance: tenant.finance } }),
    specs: {
      body: text(v.body),
      fuel: text(v.fuel),
      transmission: text(v.transmission),
      drive: text(v.drive),
      engine_litres: v.engine_size_litres ?? null,
      engine_cc: v.engine_size ?? null,
      seats: v.seats ?? null,
      doors: v.doors ?? null,
      colour: text(v.colour),
      location: location?.name ?? null,
    },
    weekly: weeklyEstimate(v, tenant.finance),
  };
}

/** The cars of `ids` as the lists show them; a car a paid deposit holds is reserved, as on search and its page (server/reservations/active.ts). */
export async function lookupListCars(db: Db, tenant: TenantDocument, ids: string[], now = new Date()): Promise<ListLookupItem[]> {
  const rows = await db.select({ data: vehicles.data }).from(vehicles).where(inArray(vehicles.id, ids));
  const held = await heldVehicleIds(db, now, ids);
  const byId = new Map(rows.map((r) => [(r.data as StoredVehicle).id, withHold(r.data as StoredVehicle, held)]));
  return ids.map((id) => {
    const car = listCar(byId.get(id), tenant);
    return { id, state: car ? listCarState(byId.get(id)!) : "gone", car };
  });
}

export async function handleListLookup(request: Request, ctx: SiteContext): Promise<Response> {
  const ids = parseIds(new URL(request.url));
  return json(200, { cars: await lookupListCars(ctx.db, ctx.tenant, ids) });
}

export const listLookupRoute = siteRoute(handleListLookup);
