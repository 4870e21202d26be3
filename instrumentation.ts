/**
 * Runs once when a Next server starts (not during `next build`). It starts the lead outbox worker. With ALGOLIA_APP_ID and
 * ALGOLIA_ADMIN_KEY set, it starts the Algolia sync (server/search/algolia.ts): feed writes to this
 * server, and imports announced with NOTIFY on its PostgreSQL database, reach Algolia within about a second.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // The lead outbox (server/leads/outbox.ts): resumes deliveries an earlier process left pending.
  const { startLeadsOutbox } = await import("./server/leads/outbox");
  startLeadsOutbox().catch((e) => console.warn(`[leads] the outbox worker could not start: ${(e as Error).message}`));
  if (!process.env.ALGOLIA_APP_ID?.trim() || !process.env.ALGOLIA_ADMIN_KEY?.trim()) return;
  const { startAlgoliaSync } = await import("./server/search/algolia");
  await startAlgoliaSync();
}
