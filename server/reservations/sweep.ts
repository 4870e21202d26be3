/**
 * The reservation sweep: every minute, the holds that lapsed are released (their cars lose the
 * RESERVED tag in search and on the vehicle page) and payments left unfinished for an hour are
 * closed, and a paid reservation whose lead was never stored (a crash between the two) gets it.
 * Started by instrumentation.ts in the server process; reads also release lapsed holds
 * lazily (server/reservations/service.ts), so a car is never shown held past its time for long.
 */
import { getDb, type DbHandle } from "../db";
import { every } from "../root/every";
import { releaseLapsed } from "./service";
import { sendMissingLeads } from "./lead";

export const SWEEP_INTERVAL_MS = 60_000;

/** Starts the sweep once per process; returns a function that stops it. */
export async function startReservationSweep(handle?: Promise<DbHandle>, intervalMs = SWEEP_INTERVAL_MS): Promise<() => void> {
  const { db } = await (handle ?? getDb());
  return every("reservations.sweep", intervalMs, async () => {
    try {
      const released = await releaseLapsed(db, new Date());
      if (released.length) console.log(`[reservations] released ${released.length} lapsed hold(s)`);
      const leads = await sendMissingLeads(db, new Date());
      if (leads) console.log(`[reservations] sent ${leads} reservation lead(s) left unsent`);
    } catch (e) {
      console.error("[reservations] the sweep failed:", (e as Error).message);
    }
  });
}
