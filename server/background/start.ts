/**
 * Starts the process's background work once (instrumentation.ts calls it when a Next server starts,
 * not during `next build`): the lead outbox worker, the reservation sweep, the unaccepted trade-in
 * offer sweep, the stale trade-in picture sweep and the scheduled-publish sweep; with
 * ALGOLIA_APP_ID and ALGOLIA_ADMIN_KEY set, the Algolia sync (server/search/algolia.ts): feed writes
 * to this server, and imports announced with NOTIFY on its PostgreSQL database, reach Algolia within
 * about a second. Each is kept by the process's services (server/root/services.ts); a second call
 * in the same process starts nothing.
 */
import { startScheduledPublishing } from "../admin/schedule";
import { startLeadsOutbox } from "../leads/outbox";
import { startReservationSweep } from "../reservations/sweep";
import { startSavedSearchAlerts } from "../saved-searches/service";
import { startAlgoliaSync } from "../search/algolia";
import { startStalePictureSweep } from "../trade-in/stale-pictures";
import { startUnacceptedOfferSweep } from "../trade-in/unaccepted";
import { services } from "../root/services";

export async function start(): Promise<void> {
  if (!services().claimStart()) return;
  console.log(`[app] starting the background work of process ${process.pid}: lead outbox, reservation sweep, trade-in sweeps, scheduled publishing`);
  // The lead outbox (server/leads/outbox-worker.ts): resumes deliveries an earlier process left pending.
  startLeadsOutbox().catch((e) => console.warn(`[leads] the outbox worker could not start: ${(e as Error).message}`));
  // Reserve online (server/reservations/sweep.ts): releases holds that lapsed, every minute.
  startReservationSweep().catch((e) => console.warn(`[reservations] the sweep could not start: ${(e as Error).message}`));
  // Trade-in offers not accepted (server/trade-in/unaccepted.ts): sent to the dealer after the site's delay, every minute.
  startUnacceptedOfferSweep().catch((e) => console.warn(`[trade-in] the unaccepted-offer sweep could not start: ${(e as Error).message}`));
  // Trade-in pictures of evaluations that never became a lead (server/trade-in/stale-pictures.ts): deleted after 7 days, every hour.
  startStalePictureSweep().catch((e) => console.warn(`[trade-in] the stale-picture sweep could not start: ${(e as Error).message}`));
  // Scheduled publishing (server/admin/schedule.ts): publishes the drafts whose time has come, every 30 seconds.
  startScheduledPublishing().catch((e) => console.warn(`[publish] the scheduled-publish sweep could not start: ${(e as Error).message}`));
  // Saved-search alerts (server/saved-searches): changed cars matched, at most one e-mail per search and day.
  startSavedSearchAlerts().catch((e) => console.warn(`[saved-searches] the alerts could not start: ${(e as Error).message}`));
  if (!process.env.ALGOLIA_APP_ID?.trim() || !process.env.ALGOLIA_ADMIN_KEY?.trim()) return;
  await startAlgoliaSync();
}
