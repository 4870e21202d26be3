/**
 * Runs once when a Next server starts (not during `next build`): starts the process's background
 * work (server/root/start.ts says what).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { start } = await import("./server/root/start");
  await start();
}
