/**
 * Runs once when a Next server starts (not during `next build`): starts the process's background
 * work (server/background/start.ts says what).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { start } = await import("./server/background/start");
  await start();
}
