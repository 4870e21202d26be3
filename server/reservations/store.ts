/** The reservations' reads that other features' stores compose (My Garage: server/garage/store.ts). */
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../db";
import { reservations } from "../db/schema";
import { reservationView as view, type ReservationView } from "./reservation";

/** The reservations of a signed-in visitor on one site, newest first (for My Garage): never anyone else's. */
export async function reservationsForUser(db: Db, site: string, userId: number, now = new Date()): Promise<ReservationView[]> {
  const rows = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.site, site), eq(reservations.userId, userId), inArray(reservations.status, ["held", "expired", "cancelled"])))
    .orderBy(desc(reservations.createdAt));
  // A lapsed hold reads as expired even before the sweep has released it.
  return rows.map((r) => (r.status === "held" && r.holdUntil && new Date(r.holdUntil) <= now ? view({ ...r, status: "expired" }) : view(r)));
}
