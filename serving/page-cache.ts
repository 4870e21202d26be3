/**
 * The vehicle pages' response cache (issue 4: "server-rendered and cached; an inventory change
 * invalidates that car's page"). serving/index.ts puts it in front of Next: a VDP (GET /cars/{slug}
 * on a site's host, not a client-side navigation) is rendered once and then served from memory,
 * gzipped once, until
 *   - the car changes (a feed write or an import; onVehiclesChanged, also from other processes),
 *   - the site publishes (every page of every site is dropped: publishes are rare),
 *   - or it is older than `ttlMs` (a safety net for time-based text such as the new-arrival tag).
 * The page marks its car with data-fc-car="{id}" on <main> (renderer/tenant-page.tsx); a
 * response without the mark, or that sets a cookie, or is not a 200, is never kept. Nor is one
 * whose render began before its car (or every page) was dropped: it may show what was true before
 * the change (another instance's write heard mid-render), and would be served until the TTL.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { parseHost } from "../domain/hosts";
import { cameOverHttps, pageSecurityHeaders, SECURITY_HEADER_NAMES } from "../server/http/security-headers";
import { appMetrics } from "../server/metrics";
import { holdResponse } from "./hold-response";
import type { ServingContract } from "./contract";

export interface CachedPage {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  gzip: Buffer;
  carId: string;
  storedAt: number;
}

export interface PageCacheOptions {
  maxEntries?: number;
  maxBytes?: number;
  ttlMs?: number;
  now?: () => number;
}

const VDP_PATH = /^\/cars\/[a-z0-9-]+$/;
const CAR_MARK = /<main [^>]*data-fc-car="([^"]+)"/;
/**
 * Headers of the stored response that are the cache's own business, not replayed; the security
 * headers are made afresh for each request (HSTS only over https), and so is the request's id.
 */
const DROPPED = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive", "date", "x-request-id", ...SECURITY_HEADER_NAMES]);

/**
 * The request headers that make Next answer something other than the page's HTML (the ones its Vary
 * names); pageCacheKey passes requests with any of them. Next's router sends Next-Router-Segment-Prefetch
 * only with RSC, so that one was passed before it was listed.
 */
const NOT_A_DOCUMENT = ["rsc", "next-router-prefetch", "next-router-state-tree", "next-router-segment-prefetch"];

/** The cache key of a request that may be served from the cache, else null. */
export function pageCacheKey(req: Pick<IncomingMessage, "method" | "url" | "headers">): string | null {
  if (req.method !== "GET" || !req.url) return null;
  // Client-side navigations and prefetches ask for the RSC payload, not the page.
  if (NOT_A_DOCUMENT.some((name) => req.headers[name])) return null;
  const target = parseHost(req.headers.host);
  if (!target || target.kind === "admin") return null;
  const q = req.url.indexOf("?");
  const path = q < 0 ? req.url : req.url.slice(0, q);
  if (!VDP_PATH.test(path) || (q >= 0 && /[?&]_rsc=/.test(req.url))) return null;
  return `${req.headers.host!.toLowerCase()}${req.url}`;
}

export const acceptsGzip = (req: Pick<IncomingMessage, "headers">) => /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));

export class PageCache {
  private entries = new Map<string, CachedPage>();
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly ttlMs: number;
  private readonly now: () => number;
  hits = 0;
  misses = 0;
  /** Counts the drops; a render takes a ticket (the count) when it starts, see store(). */
  private drops = 0;
  private clearedAt = 0;
  private readonly droppedAt = new Map<string, number>();

  constructor(opts: PageCacheOptions = {}) {
    this.maxEntries = opts.maxEntries ?? 2000;
    this.maxBytes = opts.maxBytes ?? 128 * 1024 * 1024;
    this.ttlMs = opts.ttlMs ?? 10 * 60_000;
    this.now = opts.now ?? Date.now;
  }

  get size() {
    return this.entries.size;
  }

  get(key: string): CachedPage | null {
    const hit = this.entries.get(key);
    if (!hit) return null;
    if (this.now() - hit.storedAt > this.ttlMs) {
      this.delete(key);
      return null;
    }
    // Least recently used goes first: re-insert at the end.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  /** Taken when a render starts: store() keeps its page only if nothing of it was dropped since. */
  ticket(): number {
    return this.drops;
  }

  /** Keeps a rendered page; null when it must not be kept (`ticket`: when its render started). */
  store(key: string, status: number, headers: OutgoingHttpHeaders, body: Buffer, ticket = this.drops): CachedPage | null {
    const carId = status === 200 && !headers["set-cookie"] ? CAR_MARK.exec(body.toString("utf8"))?.[1] : undefined;
    if (!carId || this.clearedAt > ticket || (this.droppedAt.get(carId) ?? 0) > ticket) return null;
    const kept: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers)) if (!DROPPED.has(name.toLowerCase()) && value !== undefined) kept[name] = value;
    const entry: CachedPage = { status, headers: kept, body, gzip: gzipSync(body), carId, storedAt: this.now() };
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += entry.body.length + entry.gzip.length;
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
    return entry;
  }

  /** Drops the pages of these cars (on every host). */
  invalidateCars(ids: Iterable<string>) {
    const gone = new Set(ids);
    const drop = ++this.drops;
    // Only renders in flight read these marks: past a bound, one clear mark stands for them all.
    if (this.droppedAt.size + gone.size > 10_000) this.clearMarks(drop);
    else for (const id of gone) this.droppedAt.set(id, drop);
    for (const [key, entry] of this.entries) if (gone.has(entry.carId)) this.delete(key);
  }

  clear() {
    this.clearMarks(++this.drops);
    this.entries.clear();
    this.bytes = 0;
  }

  private clearMarks(drop: number) {
    this.clearedAt = drop;
    this.droppedAt.clear();
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.length + entry.gzip.length;
  }
}

export function sendCached(req: IncomingMessage, res: ServerResponse, page: CachedPage, cacheState: "HIT" | "MISS") {
  const gzip = acceptsGzip(req);
  const body = gzip ? page.gzip : page.body;
  const https = cameOverHttps({ get: (name) => [req.headers[name]].flat()[0] ?? null }, (req.socket as { encrypted?: boolean } | undefined)?.encrypted ? "https:" : undefined);
  res.writeHead(page.status, {
    ...page.headers,
    ...pageSecurityHeaders("site", { https }),
    ...(gzip ? { "content-encoding": "gzip" } : {}),
    vary: "RSC, Next-Router-State-Tree, Next-Router-Prefetch, Accept-Encoding",
    "content-length": body.length,
    "x-forecourt-cache": cacheState,
    // The request's id (serving/request-log.ts): never the stored page's, and a miss clears the response's headers first.
    ...(req.headers["x-request-id"] ? { "x-request-id": req.headers["x-request-id"] } : {}),
  });
  res.end(body);
}

type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

/**
 * Wraps Next's request handler: cached VDPs are answered from memory; a VDP that is not cached yet
 * is rendered uncompressed by Next, kept, and sent (gzipped when accepted). Everything else passes.
 */
export function withPageCache(cache: PageCache, next: Handler): Handler {
  return (req, res) => {
    const key = pageCacheKey(req);
    if (!key) return next(req, res);
    const hit = cache.get(key);
    if (hit) {
      cache.hits++;
      appMetrics().pageCache.inc({ result: "hit" });
      return sendCached(req, res, hit, "HIT");
    }
    cache.misses++;
    appMetrics().pageCache.inc({ result: "miss" });
    const ticket = cache.ticket();
    const acceptEncoding = req.headers["accept-encoding"];
    // Next answers this one uncompressed so the cache can read it; the cache compresses it.
    delete req.headers["accept-encoding"];
    holdResponse(res, (body) => {
      req.headers["accept-encoding"] = acceptEncoding;
      const entry = cache.store(key, res.statusCode, res.getHeaders(), body, ticket);
      if (entry) {
        for (const name of res.getHeaderNames()) res.removeHeader(name);
        sendCached(req, res, entry, "MISS");
      } else {
        res.setHeader("content-length", body.length);
        res.end(body);
      }
    });
    return next(req, res);
  };
}

/** What this layer expects of Next's vehicle page (serving/contract.ts). */
export const contract: ServingContract = {
  layer: "page cache",
  check({ vehicle }) {
    const problems: string[] = [];
    if (vehicle.status !== 200) problems.push(`Next answered the vehicle page ${vehicle.path} with ${vehicle.status}, and only a 200 is kept`);
    if (vehicle.headers["set-cookie"]) problems.push(`Next's vehicle page ${vehicle.path} sets a cookie, and a page that does is never kept`);
    if (!CAR_MARK.test(vehicle.html)) problems.push(`Next's HTML of ${vehicle.path} no longer has <main … data-fc-car="{id}">, so no vehicle page is kept`);
    // Next's Vary names the request headers its answer depends on; the cache must pass every one of them to Next.
    const varies = (vehicle.headers.vary ?? "").split(",").map((h) => h.trim().toLowerCase()).filter((h) => h && h !== "accept-encoding");
    if (!varies.includes("rsc")) problems.push(`Next's vehicle page no longer varies on RSC (Vary: ${vehicle.headers.vary ?? "none"}): the header that marks its client navigations changed`);
    const unknown = varies.filter((h) => !NOT_A_DOCUMENT.includes(h));
    if (unknown.length) problems.push(`Next's vehicle page varies on ${unknown.join(", ")}, which the cache's key does not look at (it would answer those requests with the cached HTML)`);
    return problems;
  },
};
