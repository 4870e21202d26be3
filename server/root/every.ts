import { services } from "./services";

/**
 * A background job of the server process (started by server/background/start.ts): `tick` runs now and then
 * every `intervalMs`, once per process however often it is started (Next may load a module twice:
 * the timers are kept by the process's services, server/root/services.ts), and a tick still running
 * when the next is due is not run twice. Answers a function that stops it.
 */
export async function every(name: string, intervalMs: number, tick: () => Promise<void>): Promise<() => void> {
  const timers = services().timers;
  const stop = () => {
    clearInterval(timers.get(name));
    timers.delete(name);
  };
  if (timers.has(name)) return stop;
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
  const timer = setInterval(run, intervalMs);
  timer.unref?.();
  timers.set(name, timer);
  await run();
  return stop;
}
