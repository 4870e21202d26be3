/**
 * Runs once when a Next server starts (not during `next build`). It starts the lead outbox worker, the reservation sweep, the unaccepted trade-in offer sweep, the stale trade-in picture sweep and the scheduled-publish sweep. With ALGOLIA_APP_ID and
 * ALGOLIA_ADMIN_KEY set, it starts the Algolia sync (server/search/algolia.ts): feed writes to this
 * server, and imports announced with NOTIFY on its PostgreSQL database, reach Algolia within about a second.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // The lead outbox (server/leads/outbox.ts): resumes deliveries an earlier process left pending.
  const { startLeadsOutbox } = await import("./server/leads/outbox");
  startLeadsOutbox().catch((e) => console.warn(`[leads] the outbox worker could not start: ${(e as Error).message}`));
  // Reserve online (server/reservations/sweep.ts): releases holds that lapsed, every minute.
  const { startReservationSweep } = await import("./server/reservations/sweep");
  startReservationSweep().catch((e) => console.warn(`[reservations] the sweep could not start: ${(e as Error).message}`));
  // Trade-in offers not accepted (server/trade-in/unaccepted.ts): sent to the dealer after the site's delay, every minute.
  const { startUnacceptedOfferSweep } = await import("./server/trade-in/unaccepted");
  startUnacceptedOfferSweep().catch((e) => console.warn(`[trade-in] the unaccepted-offer sweep could not start: ${(e as Error).message}`));
  // Trade-in pictures of evaluations that never became a lead (server/trade-in/stale-pictures.ts): deleted after 7 days, every hour.
  const { startStalePictureSweep } = await import("./server/trade-in/stale-pictures");
  startStalePictureSweep().catch((e) => console.warn(`[trade-in] the stale-picture sweep could not start: ${(e as Error).message}`));
  // Scheduled publishing (server/admin/schedule.ts): publishes the drafts whose time has come, every 30 seconds.
  const { startScheduledPublishing } = await import("./server/admin/schedule");
  startScheduledPublishing().catch((e) => console.warn(`[publish] the scheduled-publish sweep could not start: ${(e as Error).message}`));
  if (!process.env.ALGOLIA_APP_ID?.trim() || !process.env.ALGOLIA_ADMIN_KEY?.trim()) return;
  const { startAlgoliaSync } = await import("./server/search/algolia");
  await startAlgoliaSync();
}
