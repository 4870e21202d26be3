/**
 * The composition root: the process's services, held in one slot. One Node process runs several
 * copies of the server's modules — Next bundles the route handlers, the pages, the server-rendered
 * client components and instrumentation.ts into separate module graphs, and `npm start`'s own
 * server (serving/index.ts, under tsx) is another — so a module-level singleton would exist once
 * per copy: several database pools, several outbox workers, listeners a write in another bundle
 * never reaches. Every copy of this module finds the same Services in the slot instead; this is the
 * only module of server/ that touches globalThis (eslint.config.mjs, tests/lint-globals.test.ts).
 *
 * Each feature declares its service where it lives (`defineService` in server/db, server/http,
 * server/leads, server/inventory, server/search), so this folder imports none of them and they all
 * import it: the order is one way (tests/server-layers.test.ts). A service is made on first use (a
 * CLI script or a test uses the database without starting the workers) and once, keyed by its name
 * (each module copy has its own definition object, all with one name); one that could not be made
 * (the database was down) is made again at the next use. server/background/start.ts starts the
 * workers once per process (instrumentation.ts calls it). A test gives its own:
 * `useServices(new Services().with(database, handle))`.
 */
import { IN_PROCESS_SEARCH, type InProcessSearch } from "../../domain/search-host";

/** A process-wide service: its name, how it is made (optional: a caller may give it), how it stops. */
export interface Service<T> {
  readonly name: string;
  readonly make?: () => T;
  readonly close?: (value: Awaited<T>) => Promise<void> | void;
}

/** Declares a service; `close` runs when the services are closed or the service is forgotten. */
export function defineService<T>(name: string, make?: () => T, options: { close?: (value: Awaited<T>) => Promise<void> | void } = {}): Service<T> {
  return { name, make, close: options.close };
}

export class Services {
  /** The background jobs' timers, by job name (server/root/every.ts). */
  readonly timers = new Map<string, ReturnType<typeof setInterval>>();
  private readonly made = new Map<string, { value: unknown; close?: (value: never) => Promise<void> | void }>();
  private started = false;

  /** Gives `value` for `service` instead of making it (a test's database, limiter, key …). */
  with<T>(service: Service<T>, value: T | Awaited<T>): this {
    this.made.set(service.name, { value, close: service.close as never });
    return this;
  }

  /**
   * The service, made by `make` (default: its own) on first use and kept. A promise that rejects
   * is forgotten, so the next use tries again.
   */
  get<T>(service: Service<T>, make: (() => T) | undefined = service.make): T {
    const current = this.made.get(service.name);
    if (current) return current.value as T;
    if (!make) throw new Error(`The service "${service.name}" has not been made and has no make function.`);
    const value = make();
    const entry = { value: value as unknown, close: service.close as never };
    this.made.set(service.name, entry);
    if (value instanceof Promise) {
      value.catch(() => {
        if (this.made.get(service.name) === entry) this.made.delete(service.name);
      });
    }
    return value;
  }

  /** True once the service has been made (or given). */
  has<T>(service: Service<T>): boolean {
    return this.made.has(service.name);
  }

  /** Stops (its close) and forgets a service; the next use makes it again. */
  async forget<T>(service: Service<T>): Promise<void> {
    const entry = this.made.get(service.name);
    this.made.delete(service.name);
    await closeEntry(entry);
  }

  /** True the first time only: server/background/start.ts starts the workers once per process. */
  claimStart(): boolean {
    if (this.started) return false;
    this.started = true;
    return true;
  }

  /** Stops what runs in the background: the jobs' timers, then every service with a close (newest first; the database has none). */
  async close(): Promise<void> {
    for (const timer of this.timers.values()) clearInterval(timer);
    this.timers.clear();
    const entries = [...this.made.values()].reverse();
    this.made.clear();
    for (const entry of entries) await closeEntry(entry);
  }
}

async function closeEntry(entry: { value: unknown; close?: (value: never) => Promise<void> | void } | undefined): Promise<void> {
  if (!entry?.close) return;
  const value = await Promise.resolve(entry.value).catch(() => undefined);
  if (value !== undefined && value !== null) await entry.close(value as never);
}

const SLOT = Symbol.for("forecourt.services");
type Slot = { [SLOT]?: Services };

/** The process's services (made on first use). */
export function services(): Services {
  return ((globalThis as Slot)[SLOT] ??= new Services());
}

/** Puts `next` in the process's slot (a test's own database, limiter …); answers the services it replaced, to put back. */
export function useServices(next: Services): Services {
  const previous = services();
  (globalThis as Slot)[SLOT] = next;
  return previous;
}

/**
 * Where the client components rendered on the server (renderer/search-client.ts, a module graph of
 * its own) find the in-process search: a global of its own, named in domain/search-host.ts, since
 * that code must not import server modules.
 */
export function publishInProcessSearch(search: InProcessSearch): void {
  (globalThis as { [IN_PROCESS_SEARCH]?: InProcessSearch })[IN_PROCESS_SEARCH] ??= search;
}
