/**
 * The process's vehicle change notifications (server/inventory/vehicle-changes.ts says how they
 * work), kept by the process's services (server/root/services.ts).
 */
import { sql } from "drizzle-orm";
import type { Db, DbHandle } from "../db";
import { defineService, services } from "../root/services";
import { recordDeletions, VehicleChanges, VEHICLES_CHANNEL, type VehicleChangeKind, type VehicleChangeListener } from "./vehicle-changes";

export { VEHICLES_CHANNEL, type VehicleChangeKind, type VehicleChangeListener };

/** This process's listeners and the NOTIFY bridge between processes. */
export const vehicleChanges = defineService("vehicle-changes", () => new VehicleChanges());

/**
 * Calls `fn(ids, kind)` after every committed vehicle write in this process, and — once
 * listenForVehicleChanges has been called (or `opts.handle` is given) — in any other process.
 * Returns a function that unsubscribes.
 */
export function onVehiclesChanged(fn: VehicleChangeListener, opts: { handle?: DbHandle } = {}): () => void {
  return services().get(vehicleChanges).on(fn, opts);
}

/** Relays other processes' vehicle NOTIFYs on this database to this process's listeners (once per handle). */
export function listenForVehicleChanges(handle: DbHandle): Promise<void> {
  return services().get(vehicleChanges).listen(handle);
}

/** Announces the vehicles written (as upserts) and deleted (as deletes) since shortly before `lostAt`. */
export function resync(db: Db, lostAt: Date): Promise<{ upserted: string[]; deleted: string[] }> {
  return services().get(vehicleChanges).resync(db, lostAt);
}

export function notifyPayloads(ids: string[], kind: VehicleChangeKind): string[] {
  return services().get(vehicleChanges).notifyPayloads(ids, kind);
}

/**
 * Sends the NOTIFYs for a write; call inside its transaction. A deletion also leaves its ids in
 * vehicle_deletions (for a day), which a process that missed the NOTIFY reads when it re-syncs.
 */
export async function notifyVehiclesChanged(tx: Db, ids: string[], kind: VehicleChangeKind): Promise<void> {
  if (kind === "delete") await recordDeletions(tx, ids);
  for (const payload of notifyPayloads(ids, kind)) await tx.execute(sql`select pg_notify(${VEHICLES_CHANNEL}, ${payload})`);
}

/** Tells this process's listeners; call after the transaction committed. */
export function announceVehiclesChanged(ids: string[], kind: VehicleChangeKind): void {
  services().get(vehicleChanges).deliver(ids, kind);
}
