/**
 * The process's saved-search alerts (alerts.ts says how they work), kept by the process's services
 * (server/root/services.ts) and started with the server (server/background/start.ts): every vehicle
 * write heard — this process's, and other processes' through NOTIFY — is matched, and a sweep every
 * 10 minutes sends what waited for the next day.
 */
import { getDb } from "../db";
import { onVehiclesChanged } from "../inventory/changes";
import { kickLeadsOutbox } from "../leads/outbox";
import { every } from "../root/every";
import { defineService, services } from "../root/services";
import { liveTenant } from "../tenants/live";
import { alertClock, SavedSearchAlerts } from "./alerts";

export const SWEEP_INTERVAL_MS = 10 * 60_000;

export const savedSearchAlerts = defineService<Promise<SavedSearchAlerts>>("saved-search-alerts", async () => {
  const handle = await getDb();
  return new SavedSearchAlerts(handle.db, { tenantOf: async (slug) => (await liveTenant(slug))?.document ?? null, now: alertClock(), kick: kickLeadsOutbox });
});

export function alertsOfProcess(): Promise<SavedSearchAlerts> {
  return services().get(savedSearchAlerts);
}

/** Starts matching vehicle changes and the daily sweep, once per process. */
export async function startSavedSearchAlerts(): Promise<void> {
  const alerts = await alertsOfProcess();
  const handle = await getDb();
  if (services().timers.has("saved-searches.sweep")) return;
  onVehiclesChanged(
    (ids, kind) => {
      if (kind === "upsert") alerts.changed(ids).catch((e) => console.error("[saved-searches] matching failed:", (e as Error).message));
    },
    { handle },
  );
  await every("saved-searches.sweep", SWEEP_INTERVAL_MS, async () => {
    try {
      await alerts.flush();
    } catch (e) {
      console.error("[saved-searches] the sweep failed:", (e as Error).message);
    }
  });
}
