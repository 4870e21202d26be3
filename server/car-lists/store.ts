import { inArray } from "drizzle-orm";
import type { Db } from "../db";
import { vehicles } from "../db/schema";
import type { StoredVehicle } from "../inventory/store";

/** The stored cars of `ids` that exist, in no particular order. */
export async function vehiclesById(db: Db, ids: string[]): Promise<StoredVehicle[]> {
  const rows = await db.select({ data: vehicles.data }).from(vehicles).where(inArray(vehicles.id, ids));
  return rows.map((r) => r.data as StoredVehicle);
}
