/**
 * Vehicle page views (spec §7 "View data"): a counter per vehicle in `vehicle_views`, bumped by
 * GET /api/cars/{slug}/view.json. The count shown is the vehicle document's `views` (what its feed
 * or a previous platform reported, which the search cards also show) plus the views counted here.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db";
import { vehicleViews, vehicles } from "../db/schema";

/** Adds one view of a vehicle; answers the views counted here so far (this one included). One atomic statement. */
export async function recordView(db: Db, vehicleId: string, now = new Date()): Promise<number> {
  const [row] = await db
    .insert(vehicleViews)
    .values({ vehicleId, views: 1, updatedAt: now })
    .onConflictDoUpdate({ target: vehicleViews.vehicleId, set: { views: sql`${vehicleViews.views} + 1`, updatedAt: now } })
    .returning({ views: vehicleViews.views });
  return row.views;
}

/** The views counted here (0 when none) and when the vehicle itself last changed; null for an unknown vehicle. */
export async function vehicleViewState(db: Db, vehicleId: string): Promise<{ counted: number; updatedAt: Date } | null> {
  const [row] = await db
    .select({ counted: sql<number>`coalesce(${vehicleViews.views}, 0)::int`, updatedAt: vehicles.updatedAt })
    .from(vehicles)
    .leftJoin(vehicleViews, eq(vehicleViews.vehicleId, vehicles.id))
    .where(eq(vehicles.id, vehicleId));
  return row ? { counted: Number(row.counted), updatedAt: row.updatedAt } : null;
}
