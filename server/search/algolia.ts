/**
 * The Algolia scale-out path of the vehicle search. With ALGOLIA_APP_ID and ALGOLIA_SEARCH_KEY set,
 * the search UI (browser and server rendering) talks to Algolia with a per-site secured key;
 * `npm run search:push` (ALGOLIA_APP_ID and ALGOLIA_ADMIN_KEY) uploads the records and sets the
 * index settings. The settings are the embedded engine's (vehicle-index.ts) in Algolia's terms.
 */
import { createHmac } from "node:crypto";
import type { Algoliasearch, IndexSettings } from "algoliasearch";
import { allowedIndices, indexForSort, tenantBaseFilter, VEHICLES_INDEX } from "../../domain/search-rules";
import type { AlgoliaConfig } from "../../renderer/search-client";
import type { TenantDocument } from "../../schemas/generated/tenant";
import type { Db } from "../db";
import { loadSearchRecords } from "../inventory/records";
import { getLiveDocument, listTenants } from "../tenants/store";
import { vehicleIndexSettings } from "./vehicle-index";

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
  return { records: records.length, batches: batchResponses.length, sites: sites.length, replicas };
}
