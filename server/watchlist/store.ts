import { and, desc, eq, inArray } from "drizzle-orm";
import type { TenantDocument } from "../../schemas/generated/tenant";
import type { Db } from "../db";
import { vehicles, watchlistItems } from "../db/schema";
import type { StoredVehicle } from "../inventory/store";

export { watchlistEnabled } from "../../domain/watchlist";

/** Whether a vehicle is one of the site's cars: listed by one of its dealerships and shown on dealer websites. */
export async function siteOwnsVehicle(db: Db, tenant: Pick<TenantDocument, "dealerships">, vehicleId: string): Promise<boolean> {
  const ids = tenant.dealerships.map((d) => d.id);
  if (!ids.length) return false;
  const [row] = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.id, vehicleId), inArray(vehicles.dealershipId, ids), eq(vehicles.showOnDealerWebsite, true)));
  return !!row;
}

/** Saves a car (saving it again changes nothing). */
export async function saveCar(db: Db, userId: number, vehicleId: string): Promise<void> {
  await db.insert(watchlistItems).values({ userId, vehicleId }).onConflictDoNothing();
}

/** Removes a car; true when it was saved. */
export async function removeCar(db: Db, userId: number, vehicleId: string): Promise<boolean> {
  const rows = await db
    .delete(watchlistItems)
    .where(and(eq(watchlistItems.userId, userId), eq(watchlistItems.vehicleId, vehicleId)))
    .returning({ id: watchlistItems.vehicleId });
  return rows.length > 0;
}

/** The ids of the user's saved cars, newest first. */
export async function savedCarIds(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ id: watchlistItems.vehicleId })
    .from(watchlistItems)
    .where(eq(watchlistItems.userId, userId))
    .orderBy(desc(watchlistItems.createdAt), watchlistItems.vehicleId);
  return rows.map((r) => r.id);
}

/** The user's saved cars that are still the site's, newest saved first. */
export async function savedVehicles(db: Db, tenant: Pick<TenantDocument, "dealerships">, userId: number): Promise<StoredVehicle[]> {
  const ids = tenant.dealerships.map((d) => d.id);
  if (!ids.length) return [];
  const rows = await db
    .select({ data: vehicles.data })
    .from(watchlistItems)
    .innerJoin(vehicles, eq(vehicles.id, watchlistItems.vehicleId))
    .where(and(eq(watchlistItems.userId, userId), inArray(vehicles.dealershipId, ids), eq(vehicles.showOnDealerWebsite, true)))
    .orderBy(desc(watchlistItems.createdAt), watchlistItems.vehicleId);
  return rows.map((r) => r.data as StoredVehicle);
}
