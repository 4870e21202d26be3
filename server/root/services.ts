/**
 * The composition root: the process's services, held in one slot. One Node process runs several
 * copies of the server's modules — Next bundles the route handlers, the pages, the server-rendered
 * client components and instrumentation.ts into separate module graphs, and `npm start`'s own
 * server (serving/index.ts, under tsx) is another — so a module-level singleton would exist once
 * per copy: several database pools, several outbox workers, listeners a write in another bundle
 * never reaches. Every copy of this module finds the same Services in the slot instead; this is the
 * only module of server/ that touches globalThis (eslint.config.mjs, tests/lint-globals.test.ts).
 *
 * A service is made on first use (a CLI script or a test uses the database without starting the
 * workers) and once; one that could not be made (the database was down) is made again at the next
 * use. server/root/start.ts starts the workers once per process (instrumentation.ts calls it). The
 * modules keep their accessors (getDb, leadRateLimiter, onVehiclesChanged, kickLeadsOutbox …),
 * which ask services(); a test gives its own (`useServices(new Services({ db: handle }))`).
 */
import { IN_PROCESS_SEARCH, type InProcessSearch } from "../../domain/search-host";
import { openDb, type DbHandle } from "../db/open";
import { loadChallengeSecret } from "../http/challenge-secret";
import { VehicleChanges } from "../inventory/vehicle-changes";
import { connectRateLimiter, type MemoryRateLimiter, type RedisRateLimiter } from "../http/limiters";
import { OutboxWorker, type OutboxOptions } from "../leads/outbox-worker";
import type { AlgoliaSync } from "../search/algolia";
import type { SearchIndex } from "../search/engine";

export type ProcessRateLimiter = RedisRateLimiter | MemoryRateLimiter;

/** What a test (or a script) gives instead of what the environment names. */
export interface ServiceOptions {
  /** The database; default: openDb() (DATABASE_URL, else PGlite in DATA_DIR). */
  db?: DbHandle;
  /** The rate limiter; default: Redis at REDIS_URL, else in memory. */
  rateLimiter?: ProcessRateLimiter;
  /** The challenges' key; default: from FORECOURT_SECRET or DATA_DIR/challenge-secret. */
  challengeSecret?: Buffer;
  /** The vehicle index; default: built from the database on first search. */
  vehicleIndex?: SearchIndex;
  /** The outbox worker's options (its senders, its timings). */
  outbox?: OutboxOptions;
}

/** `make()` once; a failed one is forgotten, so the next use tries again. */
function once<T>(get: () => Promise<T> | undefined, set: (p: Promise<T> | undefined) => void, make: () => Promise<T>): Promise<T> {
  const current = get();
  if (current) return current;
  const made = make().catch((e) => {
    if (get() === made) set(undefined);
    throw e;
  });
  set(made);
  return made;
}

export class Services {
  /** Vehicle write notifications: this process's listeners and the NOTIFY bridge between processes. */
  readonly vehicleChanges = new VehicleChanges();
  /** The background jobs' timers, by job name (server/root/every.ts). */
  readonly timers = new Map<string, ReturnType<typeof setInterval>>();
  private dbHandle: Promise<DbHandle> | undefined;
  private limiter: Promise<ProcessRateLimiter> | undefined;
  private secret: Buffer | undefined;
  private worker: Promise<OutboxWorker> | undefined;
  private index: Promise<SearchIndex> | undefined;
  private sync: Promise<AlgoliaSync | null> | undefined;
  private started = false;

  constructor(private readonly given: ServiceOptions = {}) {
    if (given.db) this.dbHandle = Promise.resolve(given.db);
    if (given.rateLimiter) this.limiter = Promise.resolve(given.rateLimiter);
    if (given.vehicleIndex) this.index = Promise.resolve(given.vehicleIndex);
    this.secret = given.challengeSecret;
  }

  /** The process's database handle, opened on first use. */
  db(): Promise<DbHandle> {
    return once(() => this.dbHandle, (p) => (this.dbHandle = p), () => openDb());
  }

  /** The process's rate limiter: Redis when REDIS_URL is set (in memory while it does not answer), else in memory. */
  rateLimiter(): Promise<ProcessRateLimiter> {
    return once(() => this.limiter, (p) => (this.limiter = p), () => connectRateLimiter());
  }

  /** Closes and forgets the rate limiter (tests; the next use reads REDIS_URL again). */
  async resetRateLimiter(): Promise<void> {
    const current = this.limiter;
    this.limiter = undefined;
    await (await current)?.close?.();
  }

  /** The key challenges are signed with (server/http/challenge-secret.ts). */
  challengeSecret(): Buffer {
    return (this.secret ??= loadChallengeSecret());
  }

  /** Forgets the challenges' key (tests; the next use reads FORECOURT_SECRET or the file again). */
  forgetChallengeSecret(): void {
    this.secret = undefined;
  }

  /** The lead outbox worker, started on first use on `handle` (default: the process's database). */
  outbox(handle?: Promise<DbHandle>): Promise<OutboxWorker> {
    return once(() => this.worker, (p) => (this.worker = p), async () => {
      const worker = new OutboxWorker((await (handle ?? this.db())).db, this.given.outbox).start();
      console.log(`[leads] the outbox worker started in process ${process.pid}`);
      return worker;
    });
  }

  /** The vehicle index, built by `build` on first use (server/search/vehicle-index.ts says how). */
  vehicleIndex(build: () => Promise<SearchIndex>): Promise<SearchIndex> {
    return once(() => this.index, (p) => (this.index = p), build);
  }

  /** The Algolia sync, made by `make` on first use (server/search/algolia.ts); null when not configured. */
  algoliaSync(make: () => Promise<AlgoliaSync | null>): Promise<AlgoliaSync | null> {
    return once(() => this.sync, (p) => (this.sync = p), make);
  }

  /** Stops the Algolia sync after sending what it has queued, and forgets it. */
  async stopAlgoliaSync(): Promise<void> {
    const sync = await this.sync;
    this.sync = undefined;
    if (!sync) return;
    sync.stop();
    await sync.flush();
  }

  /** True the first time only: server/root/start.ts starts the workers once per process. */
  claimStart(): boolean {
    if (this.started) return false;
    this.started = true;
    return true;
  }

  /** Stops what runs in the background: the jobs' timers, the outbox worker, the Algolia sync, the limiter's connection (not the database). */
  async close(): Promise<void> {
    for (const timer of this.timers.values()) clearInterval(timer);
    this.timers.clear();
    const worker = this.worker;
    this.worker = undefined;
    await (await worker?.catch(() => undefined))?.stop();
    await this.stopAlgoliaSync();
    await this.resetRateLimiter();
  }
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
