/**
 * Which cars a paid deposit holds right now: a held reservation whose hold has not lapsed. The
 * search records (server/inventory/records.ts) and the vehicle page (server/inventory/vdp.ts) mark
 * these cars reserved (the RESERVED tag, no Reserve buttons) on top of the feed's own `reserved`.
 * It reads the reservations table (server/reservations/ writes it) and imports only the database,
 * so the reservations can import the inventory and not the other way round.
 */
import { and, eq, gt, inArray } from "drizzle-orm";
import type { Db } from "../db";
import { reservations } from "../db/schema";

/** The ids (of `vehicleIds`, or of all cars) held by a reservation at `now`. */
export async function heldVehicleIds(db: Db, now: Date, vehicleIds?: string[]): Promise<Set<string>> {
  if (vehicleIds && !vehicleIds.length) return new Set();
  const held = and(eq(reservations.status, "held"), gt(reservations.holdUntil, now));
  const out = new Set<string>();
  const parts = vehicleIds ? Array.from({ length: Math.ceil(vehicleIds.length / 1000) }, (_, i) => vehicleIds.slice(i * 1000, (i + 1) * 1000)) : [null];
  for (const part of parts) {
    const rows = await db
      .select({ id: reservations.vehicleId })
      .from(reservations)
      .where(part ? and(held, inArray(reservations.vehicleId, part)) : held);
    for (const r of rows) out.add(r.id);
  }
  return out;
}

/** A car as the site shows it: reserved when the feed says so or a deposit holds it. */
export function withHold<T extends { id: string; reserved?: boolean }>(car: T, held: Set<string>): T {
  return held.has(car.id) && !car.reserved ? { ...car, reserved: true } : car;
}
