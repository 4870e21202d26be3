/**
 * A background job of the server process (started by instrumentation.ts): `tick` runs now and then
 * every `intervalMs`, once per process however often it is started (Next may load a module twice),
 * and a tick still running when the next is due is not run twice. Answers a function that stops it.
 */
export async function every(name: string, intervalMs: number, tick: () => Promise<void>): Promise<() => void> {
  const key = Symbol.for(`forecourt.every.${name}`);
  const g = globalThis as typeof globalThis & Record<symbol, ReturnType<typeof setInterval> | undefined>;
  const stop = () => {
    if (g[key]) clearInterval(g[key]);
    delete g[key];
  };
  if (g[key]) return stop;
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await tick();
    } finally {
      running = false;
    }
  };
  g[key] = setInterval(run, intervalMs);
  g[key].unref?.();
  await run();
  return stop;
}
