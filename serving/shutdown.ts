/**
 * How the serving process stops on SIGTERM or SIGINT (a rolling restart of `npm run cluster`, a
 * container's stop, Ctrl-C), so that a load balancer in front loses no request:
 *   1. drain, for DRAIN_MS (default 0; the cluster sets it above Caddy's health-check interval):
 *      requests are still answered, each closing its connection, and /api/health answers 503
 *      (serving/node-server.ts), so the balancer stops sending anything here;
 *   2. the listener closes (a new connection is refused: Caddy retries it on another instance) and
 *      idle connections close; requests in flight get SHUTDOWN_GRACE_MS (10 s) to finish, then their
 *      connections are closed;
 *   3. `close`: the outbox worker stops and hands back the leases of deliveries still in flight
 *      (server/leads/outbox-worker.ts), the background work and the database pool close.
 * A second signal while stopping changes nothing (a terminal's Ctrl-C reaches every process of the group).
 */
import type { Server } from "node:http";

export interface ShutdownOptions {
  drainMs: number;
  graceMs: number;
  /** Closes what the process holds besides the server (workers, pools). */
  close: () => Promise<void>;
  log?: (message: string) => void;
}

export const SHUTDOWN_GRACE_MS = 10_000;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The shutdown options from the environment (DRAIN_MS, SHUTDOWN_GRACE_MS), with `close`. */
export function shutdownOptions(env: Record<string, string | undefined>, close: () => Promise<void>): ShutdownOptions {
  const ms = (v: string | undefined, fallback: number) => (v && /^\d+$/.test(v.trim()) ? Number(v) : fallback);
  return { drainMs: ms(env.DRAIN_MS, 0), graceMs: ms(env.SHUTDOWN_GRACE_MS, SHUTDOWN_GRACE_MS), close };
}

export class Shutdown {
  private stopping: Promise<void> | undefined;
  private drainingNow = false;

  constructor(private readonly opts: ShutdownOptions) {}

  /** True from the signal on: answers close their connections and the health check answers 503. */
  readonly draining = (): boolean => this.drainingNow;

  /** Drains, closes the server (waiting for requests in flight, at most graceMs), then `close`; once. */
  stop(server: Server): Promise<void> {
    return (this.stopping ??= this.run(server));
  }

  private async run(server: Server): Promise<void> {
    const log = this.opts.log ?? ((m: string) => console.log(`[serving] ${m}`));
    const started = Date.now();
    this.drainingNow = true;
    if (this.opts.drainMs > 0) {
      log(`stopping: draining for ${this.opts.drainMs} ms (health answers 503)`);
      await sleep(this.opts.drainMs);
    }
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    let timer: NodeJS.Timeout | undefined;
    const inTime = await Promise.race([closed.then(() => true), new Promise<boolean>((r) => (timer = setTimeout(() => r(false), this.opts.graceMs)))]);
    clearTimeout(timer);
    if (!inTime) {
      log(`requests still in flight after ${this.opts.graceMs} ms: their connections are closed`);
      server.closeAllConnections();
    }
    await this.opts.close();
    log(`stopped in ${Date.now() - started} ms`);
  }
}
