/** The cars of a visitor's favourites or compare list as the lists show them (GET /api/cars, ./http.ts). */
import { listCarState, weeklyEstimate, type ListCar, type ListLookupItem } from "../../domain/car-lists";
import type { TenantDocument } from "../../schemas/generated/tenant";
import type { Db } from "../db";
import { toSearchRecord } from "../inventory/records";
import { heldVehicleIds, withHold } from "../inventory/holds";
import type { StoredVehicle } from "../inventory/vehicle";
import { vehiclesById } from "./store";

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

/** The cars of `ids` as the lists show them; a car a paid deposit holds is reserved, as on search and its page (server/inventory/holds.ts). */
export async function lookupListCars(db: Db, tenant: TenantDocument, ids: string[], now = new Date()): Promise<ListLookupItem[]> {
  const rows = await vehiclesById(db, ids);
  const held = await heldVehicleIds(db, now, ids);
  const byId = new Map(rows.map((v) => [v.id, withHold(v, held)]));
  return ids.map((id) => {
    const car = listCar(byId.get(id), tenant);
    return { id, state: car ? listCarState(byId.get(id)!) : "gone", car };
  });
}

