/**
 * The Algolia scale-out path of the vehicle search. With ALGOLIA_APP_ID and ALGOLIA_SEARCH_KEY set,
 * the search UI (browser and server rendering) talks to Algolia with a per-site secured key;
 * `npm run search:push` (ALGOLIA_APP_ID and ALGOLIA_ADMIN_KEY) uploads the records and sets the
 * index settings. The settings are the embedded engine's (vehicle-index.ts) in Algolia's terms.
 * With the admin key set, the server keeps Algolia current after that: startAlgoliaSync (called
 * from server/background/start.ts at server start) sends the records of every changed vehicle.
 */
import "server-only";
import { createHmac } from "node:crypto";
import type { Algoliasearch, IndexSettings, SynonymHit } from "algoliasearch";
import { allowedIndices, indexForSort, tenantBaseFilter, VEHICLES_INDEX } from "../../domain/search-rules";
import type { AlgoliaConfig } from "../../domain/search-host";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { getDb, type Db, type DbHandle } from "../db";
import { onVehiclesChanged } from "../inventory/changes";
import { loadSearchRecords, searchRecordsFor } from "../inventory/records";
import { defineService, services } from "../root/services";
import { getLiveDocument, listTenants } from "../tenants/store";
import { tableSynonyms, vehicleIndexSettings } from "./vehicle-index";

export interface AlgoliaEnv {
  appId: string;
  searchKey: string;
  /** Only `npm run search:push` needs it; it never reaches a page. */
  adminKey: string | null;
}

/** Algolia's credentials, or null (the embedded engine) unless the app id and the search key are set. */
export function algoliaEnv(env: NodeJS.ProcessEnv = process.env): AlgoliaEnv | null {
  const appId = env.ALGOLIA_APP_ID?.trim();
  const searchKey = env.ALGOLIA_SEARCH_KEY?.trim();
  if (!appId || !searchKey) return null;
  return { appId, searchKey, adminKey: env.ALGOLIA_ADMIN_KEY?.trim() || null };
}

// ---- index settings ----

/** Algolia's default ranking criteria; a standard replica puts its sort in front of them. */
const DEFAULT_RANKING = ["typo", "geo", "words", "filters", "proximity", "attribute", "exact", "custom"];
/** Numeric attributes the search UI asks facet stats of (its price and km sliders; year is a facet already). */
const RANGE_FACETS = ["price", "km"];

/** The sort replicas some site uses (`vehicles_{attribute}_{direction}`), sorted. */
export function replicaIndices(tenants: Pick<TenantDocument, "search">[]): string[] {
  const names = new Set(tenants.flatMap((t) => t.search.sorts.map(indexForSort)));
  return Object.keys(vehicleIndexSettings.replicas).filter((name) => names.has(name)).sort();
}

/**
 * The primary index's settings (naming its replicas) and each standard replica's: the same
 * settings with its sort ahead of the default ranking, as the embedded engine sorts its replicas.
 */
export function algoliaIndexSettings(replicas: string[]): { primary: IndexSettings; replicas: Record<string, IndexSettings> } {
  const s = vehicleIndexSettings;
  const shared: IndexSettings = {
    searchableAttributes: s.searchableAttributes,
    // listing_ts is in the base filter ("in stock, or sold within N days"): filterable, never counted.
    attributesForFaceting: [...s.attributesForFaceting, ...RANGE_FACETS, "filterOnly(listing_ts)"],
    numericAttributesForFiltering: s.numericAttributes,
    customRanking: s.customRanking,
    minWordSizefor1Typo: s.typo.minWordSizefor1Typo,
    minWordSizefor2Typos: s.typo.minWordSizefor2Typos,
    attributeForDistinct: s.attributeForDistinct,
    allowTyposOnNumericTokens: s.allowTyposOnNumericTokens,
  };
  return {
    primary: { ...shared, replicas },
    replicas: Object.fromEntries(
      replicas.map((name) => [name, { ...shared, ranking: [...s.replicas[name].map((k) => `${k.direction}(${k.attribute})`), ...DEFAULT_RANKING] }]),
    ),
  };
}

// ---- per-site secured keys ----

const HOUR = 3600;
/** How long a key stays usable after its hour, so a page left open keeps searching. */
const KEY_GRACE = 24 * HOUR;

const keyCache = new Map<string, { params: string; key: string }>();

/**
 * The site's search key: ALGOLIA_SEARCH_KEY restricted to the site's base filter and its own
 * indices. Algolia ANDs the key's filter to every query, so nothing the browser sends widens it.
 * The filter's clock is the end of the current hour, so one key serves the whole hour (cached per
 * site): a sold car drops out of Algolia's results up to an hour before its N days are up, never
 * after. The key stays valid for a day after its hour.
 */
export function securedSearchKey(tenant: TenantDocument, now: Date, env = algoliaEnv()): string {
  if (!env) throw new Error("Algolia is not configured: set ALGOLIA_APP_ID and ALGOLIA_SEARCH_KEY.");
  const hourEnd = Math.ceil(now.getTime() / 1000 / HOUR) * HOUR;
  const restrictions = {
    filters: tenantBaseFilter(tenant, new Date(hourEnd * 1000)),
    restrictIndices: [...allowedIndices(tenant.search)].sort(),
    validUntil: hourEnd + KEY_GRACE,
  };
  const params = JSON.stringify([env.appId, env.searchKey, restrictions]);
  const cached = keyCache.get(tenant.identity.slug);
  if (cached?.params === params) return cached.key;
  const key = generateSecuredApiKey(env.searchKey, restrictions);
  keyCache.set(tenant.identity.slug, { params, key });
  return key;
}

/**
 * Algolia's secured API key: base64 of the HMAC-SHA256 (hex) of the restrictions' query string,
 * followed by that query string (keys sorted, arrays comma-joined), as algoliasearch's Node-only
 * generateSecuredApiKey makes it (its test checks they agree); done here so any server bundle can.
 */
function generateSecuredApiKey(parentKey: string, restrictions: Record<string, string | number | string[]>): string {
  const query = Object.keys(restrictions)
    .sort()
    .map((k) => `${k}=${encodeURIComponent(String(restrictions[k]))}`)
    .join("&");
  return Buffer.from(createHmac("sha256", parentKey).update(query).digest("hex") + query).toString("base64");
}

/** What the search UI needs to talk to Algolia for this site; null when Algolia is not configured. */
export function algoliaClientConfig(tenant: TenantDocument, now: Date): AlgoliaConfig | null {
  const env = algoliaEnv();
  if (!env) return null;
  const config: AlgoliaConfig = { appId: env.appId, apiKey: securedSearchKey(tenant, now, env) };
  // A key's filter is the same on every index: the lowest-price sort's extra condition travels with the client.
  const priceAsc = indexForSort({ attribute: "price", direction: "asc" });
  if (tenant.search.priceAscendingNeedsPrice && allowedIndices(tenant.search).has(priceAsc)) config.numericFilters = { [priceAsc]: "price > 0" };
  return config;
}

// ---- the push ----

export interface PushSummary {
  records: number;
  batches: number;
  sites: number;
  replicas: string[];
}

/**
 * Uploads every vehicle's search record to the primary index, replacing what was there (records
 * go to a temporary index in batches, which then replaces the primary in one move, so searches
 * never see a half-filled index), then sets the settings of the primary (with the replica of every
 * sort some live site uses) and of each replica, waiting for every task.
 */
export async function pushToAlgolia(client: Algoliasearch, db: Db, opts: { batchSize?: number } = {}): Promise<PushSummary> {
  const sites: TenantDocument[] = [];
  for (const t of await listTenants(db)) {
    const live = t.archivedAt ? null : await getLiveDocument(db, t.slug);
    if (live) sites.push(live.document);
  }
  const records = await loadSearchRecords(db);
  const { batchResponses } = await client.replaceAllObjects({ indexName: VEHICLES_INDEX, objects: records as unknown as Record<string, unknown>[], batchSize: opts.batchSize ?? 1000 });

  const replicas = replicaIndices(sites);
  const settings = algoliaIndexSettings(replicas);
  for (const [indexName, indexSettings] of [[VEHICLES_INDEX, settings.primary], ...Object.entries(settings.replicas)] as const) {
    const { taskID } = await client.setSettings({ indexName, indexSettings });
    await client.waitForTask({ indexName, taskID });
  }
  // The search box's one-word synonyms, as the embedded engine has them (vehicle-index.ts), on every replica too.
  const synonymHit = tableSynonyms() as SynonymHit[];
  const { taskID } = await client.saveSynonyms({ indexName: VEHICLES_INDEX, synonymHit, forwardToReplicas: true, replaceExistingSynonyms: true });
  await client.waitForTask({ indexName: VEHICLES_INDEX, taskID });
  return { records: records.length, batches: batchResponses.length, sites: sites.length, replicas };
}

// ---- keeping Algolia current after feed writes ----

/** How long changed ids gather before one batch goes to Algolia (counted from the first of them). */
export const SYNC_DELAY_MS = 200;
/** The back-off before the one retry of a failed batch. */
export const SYNC_RETRY_MS = 1000;
/** Vehicles per Algolia batch request (a whole import is sent as several). */
export const SYNC_BATCH_SIZE = 1000;

export interface AlgoliaSyncOptions {
  delayMs?: number;
  retryDelayMs?: number;
  batchSize?: number;
  /** Where failures are reported (console by default). */
  log?: Pick<Console, "error">;
}

export interface AlgoliaSync {
  /** Adds changed vehicle ids to the next batch, sent `delayMs` after the first id queued. Never throws. */
  queue(ids: Iterable<string>): void;
  /** Sends what is queued now; resolves once every batch so far was sent or given up on (never rejects). */
  flush(): Promise<void>;
  /** Stops listening for vehicle changes (a subscribed sync); what is queued is still sent. */
  stop(): void;
}

type BatchRequest = { action: "updateObject"; body: Record<string, unknown> } | { action: "deleteObject"; body: { objectID: string } };

/**
 * The core of the sync, given an Algolia client (admin key) and the database: ids queued within
 * `delayMs` become one batch — each vehicle's current search record as `updateObject`, and a
 * `deleteObject` for each id with no record any more (deleted, or of a dealership no site lists,
 * as searchRecordsFor says). Batches go out one after another, records read just before sending.
 * A failed batch is logged and retried once after `retryDelayMs`, then logged and dropped; nothing
 * is thrown, so a feed write never fails because of Algolia.
 */
export function createAlgoliaSync(client: Algoliasearch, db: Db, opts: AlgoliaSyncOptions = {}): AlgoliaSync {
  const delayMs = opts.delayMs ?? SYNC_DELAY_MS;
  const retryDelayMs = opts.retryDelayMs ?? SYNC_RETRY_MS;
  const batchSize = opts.batchSize ?? SYNC_BATCH_SIZE;
  const log = opts.log ?? console;
  const pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sending: Promise<void> = Promise.resolve();

  const sendOnce = async (ids: string[]) => {
    const { records, removed } = await searchRecordsFor(db, ids);
    const requests: BatchRequest[] = [
      ...records.map((r) => ({ action: "updateObject" as const, body: r as unknown as Record<string, unknown> })),
      ...removed.map((objectID) => ({ action: "deleteObject" as const, body: { objectID } })),
    ];
    await client.batch({ indexName: VEHICLES_INDEX, batchWriteParams: { requests } });
  };

  const send = async (ids: string[]) => {
    const what = `${ids.length} vehicle${ids.length === 1 ? "" : "s"}`;
    try {
      await sendOnce(ids);
      return;
    } catch (e) {
      log.error(`[search] Algolia update of ${what} failed (${describeAlgoliaError(e)}); retrying in ${retryDelayMs} ms.`);
    }
    await new Promise((r) => setTimeout(r, retryDelayMs));
    try {
      await sendOnce(ids);
    } catch (e) {
      const shown = ids.slice(0, 20).join(", ") + (ids.length > 20 ? `, … (${ids.length} in all)` : "");
      log.error(
        `[search] Algolia update of ${what} failed again (${describeAlgoliaError(e)}); gave up. Algolia shows these vehicles as they were ` +
          `until they change again or \`npm run search:push\` runs: ${shown}`,
      );
    }
  };

  const fire = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending.size) {
      const ids = [...pending];
      pending.clear();
      for (let i = 0; i < ids.length; i += batchSize) {
        const part = ids.slice(i, i + batchSize);
        sending = sending.then(() => send(part));
      }
    }
    return sending;
  };

  return {
    queue(ids) {
      for (const id of ids) pending.add(id);
      if (pending.size && !timer) timer = setTimeout(fire, delayMs);
    },
    flush: () => fire(),
    stop() {},
  };
}

/** What went wrong with an Algolia call, in one line: the last HTTP status and message when there was one. */
export function describeAlgoliaError(e: unknown): string {
  const err = (e ?? {}) as { name?: string; message?: string; status?: number; stackTrace?: { response?: { status?: number; content?: string; isTimedOut?: boolean } }[] };
  const last = err.stackTrace?.at(-1)?.response;
  if (err.name === "RetryError" && last) {
    if (last.isTimedOut) return "Algolia did not answer in time";
    const content = (last.content ?? "").replace(/\s+/g, " ").slice(0, 200);
    return last.status ? `Algolia answered HTTP ${last.status}${content ? `: ${content}` : ""}` : `Algolia could not be reached${content ? `: ${content}` : ""}`;
  }
  if (typeof err.status === "number") return `Algolia answered HTTP ${err.status}: ${err.message}`;
  return err.message ?? String(e);
}

/**
 * A sync that follows the vehicle changes this process sees (onVehiclesChanged): its own writes, and
 * those other processes announce with NOTIFY on `handle`'s database (an import on PostgreSQL).
 */
export function subscribeAlgoliaSync(client: Algoliasearch, handle: DbHandle, opts: AlgoliaSyncOptions = {}): AlgoliaSync {
  const sync = createAlgoliaSync(client, handle.db, opts);
  const unsubscribe = onVehiclesChanged((ids) => sync.queue(ids), { handle });
  return { ...sync, stop: unsubscribe };
}

/** The process's Algolia sync (null when not configured); closing it sends what it has queued. */
export const algoliaSync = defineService<Promise<AlgoliaSync | null>>("algolia-sync", undefined, {
  close: async (sync) => {
    sync?.stop();
    await sync?.flush();
  },
});

/**
 * Starts the process's Algolia sync once (later calls return the same one): with ALGOLIA_APP_ID
 * and ALGOLIA_ADMIN_KEY set, every vehicle change this process sees — its own writes (the HTTP
 * feed) and, through NOTIFY, other processes' writes (`npm run import` on PostgreSQL) — reaches
 * Algolia within about a second. Null when the admin key is not configured or the database cannot
 * be opened (logged; the feed keeps working). `handle` defaults to the process's database (getDb);
 * `env` and `client` are for tests. Kept by the process's services (server/root/services.ts).
 */
export function startAlgoliaSync(
  opts: AlgoliaSyncOptions & { env?: Record<string, string | undefined>; client?: Algoliasearch; handle?: DbHandle } = {},
): Promise<AlgoliaSync | null> {
  return services().get(algoliaSync, async () => {
    const env = opts.env ?? process.env;
    const appId = env.ALGOLIA_APP_ID?.trim();
    const adminKey = env.ALGOLIA_ADMIN_KEY?.trim();
    if (!appId || !adminKey) return null;
    try {
      const client = opts.client ?? (await import("algoliasearch")).algoliasearch(appId, adminKey);
      const handle = opts.handle ?? (await getDb());
      const sync = subscribeAlgoliaSync(client, handle, opts);
      console.log(`[search] feed writes update Algolia app ${appId}, index "${VEHICLES_INDEX}"`);
      return sync;
    } catch (e) {
      console.error(`[search] cannot keep Algolia current (feed writes reach Algolia only through \`npm run search:push\`): ${(e as Error).message}`);
      return null;
    }
  });
}

/** Stops the process's Algolia sync after sending what it has queued (tests; a graceful shutdown). */
export function stopAlgoliaSync(): Promise<void> {
  return services().forget(algoliaSync);
}
