/**
 * GET /api/tags/script?url=…: Google's gtag.js and Meta's fbevents.js (and the scripts they load) from the
 * site's own origin, for the web worker the tags run in (renderer/tag-worker.ts). A worker's fetch of
 * another origin needs CORS, which connect.facebook.net does not answer; through here, every tag script
 * is same-origin.
 *
 * Not an open proxy: only https URLs of the tags' two hosts, only their script paths, only for the site's
 * own ids (gtag.js for its GA4 measurement id, Meta's config for its pixel), and only what the site uses
 * (no GA4 id: no Google script; no pixel: no Meta script). Anything else is a 400 with NOT_A_TAG_SCRIPT.
 *
 * Each script is kept in this process's memory for CACHE_MS (as the tags' own hosts let browsers keep
 * them for minutes), so a busy site asks Google and Meta once per script and process, not once per visit.
 * A process that has not fetched a script yet fetches it; nothing here needs to agree between processes.
 * TAG_SCRIPT_ORIGIN (tests, benchmarks, an operator's mirror) replaces the hosts' origin: http://host:port.
 */
import { BadRequest, HttpError } from "../errors";
import { rawReply, type Reply } from "../http/endpoint";
import { siteRoute } from "../http/site-route";
import { safeFetch, type SafeResponse } from "../http/safe-fetch";
import { clientKey, hitInOrder, leadRateLimiter, networkKey, type RateLimiter } from "../http/rate-limit";
import { siteAnalytics } from "../../domain/analytics-standards";

export const NOT_A_TAG_SCRIPT = "Not a tag script this site loads.";
export const TAG_SCRIPT_UNAVAILABLE = "The tag's script could not be fetched; please try again later.";
export const CACHE_MS = 10 * 60_000;
const MAX_ENTRIES = 100;
const MAX_SCRIPT_BYTES = 2 << 20;
const MAX_URL_CHARS = 2048;
const FETCH_TIMEOUT_MS = 8000;
/**
 * Fetches from Google and Meta one process makes in a minute, at most. A visitor's page needs two to
 * four scripts, fetched once per CACHE_MS for every visitor; more is someone varying a query string to
 * make this server ask them again and again (which could get its address refused there).
 */
export const MAX_FETCHES_PER_MINUTE = 120;

type SiteIds = { ga4?: string; pixel?: string } | null;

/** The hosts and paths served, and the id each needs the site to have. */
const RULES: { host: string; path: RegExp; needs: "ga4" | "pixel" }[] = [
  { host: "www.googletagmanager.com", path: /^\/gtag\/(?:js|destination)$/, needs: "ga4" },
  { host: "connect.facebook.net", path: /^\/(?:en_US\/fbevents\.js|signals\/config\/\d{1,20}|signals\/plugins\/[\w.-]{1,64}\.js)$/, needs: "pixel" },
];

/** Meta's version and release parameters (`v=2.9.200`, `r=stable`). */
const META_VERSION = /^\d{1,3}(?:\.\d{1,4}){0,3}$/;
const META_RELEASE = /^[a-z]{1,16}$/;

/**
 * The tag script `raw` names, when it is one this site loads, rebuilt from what that script needs
 * (a BadRequest otherwise): gtag's `id` (the site's own, once) and `l`; Meta's config and plugins their
 * `v` and `r`, and the config the site's own `domain` (`host`). Anything else in the query is dropped,
 * so a varied query string is not a new script to fetch.
 */
export function tagScriptTarget(raw: string | null, site: SiteIds, host = ""): URL {
  if (!raw || raw.length > MAX_URL_CHARS || !URL.canParse(raw)) throw new BadRequest(NOT_A_TAG_SCRIPT);
  const url = new URL(raw);
  const rule = RULES.find((r) => r.host === url.hostname && r.path.test(url.pathname));
  if (url.protocol !== "https:" || url.port || url.username || url.password || !rule) throw new BadRequest(NOT_A_TAG_SCRIPT);
  const id = site?.[rule.needs];
  if (!id) throw new BadRequest(NOT_A_TAG_SCRIPT);
  const target = new URL(url.pathname, url.origin);
  const q = url.searchParams;
  if (rule.needs === "ga4") {
    // Google's scripts are per measurement id: only the site's own, named once.
    if (q.getAll("id").length !== 1 || q.get("id") !== id) throw new BadRequest(NOT_A_TAG_SCRIPT);
    target.searchParams.set("id", id);
    const layer = q.get("l");
    if (layer !== null) {
      if (!/^[A-Za-z_$][\w$]{0,31}$/.test(layer)) throw new BadRequest(NOT_A_TAG_SCRIPT);
      target.searchParams.set("l", layer);
    }
    return target;
  }
  const config = /^\/signals\/config\/(\d+)$/.exec(url.pathname);
  if (config && config[1] !== id) throw new BadRequest(NOT_A_TAG_SCRIPT);
  if (url.pathname.startsWith("/signals/")) {
    const v = q.get("v");
    const r = q.get("r");
    if (v !== null && META_VERSION.test(v)) target.searchParams.set("v", v);
    if (r !== null && META_RELEASE.test(r)) target.searchParams.set("r", r);
    if (config && host) target.searchParams.set("domain", host);
  }
  return target;
}

interface Entry {
  body: Uint8Array;
  /** Fresh until then; kept after (until evicted) to answer when a fetch is not allowed or fails. */
  until: number;
}
const cache = new Map<string, Entry>();
const inFlight = new Map<string, Promise<Uint8Array>>();
let fetches = { minute: 0, count: 0 };

/** For tests: forget every kept script and every fetch counted. */
export function clearTagScriptCache(): void {
  cache.clear();
  inFlight.clear();
  fetches = { minute: 0, count: 0 };
}

function mayFetch(now: number, max: number): boolean {
  const minute = Math.floor(now / 60_000);
  if (fetches.minute !== minute) fetches = { minute, count: 0 };
  return ++fetches.count <= max;
}

/** Where `target` is fetched from: its own origin, or `origin`'s (TAG_SCRIPT_ORIGIN) with the same path and query. */
export function upstreamUrl(target: URL, origin: string | undefined): string {
  if (!origin) return target.href;
  return new URL(`${target.pathname}${target.search}`, origin).href;
}

/**
 * One script from Google or Meta (or TAG_SCRIPT_ORIGIN's, which the operator named: any address, plain
 * http allowed), through safeFetch's deadline and size cut; a cut one (over MAX_SCRIPT_BYTES) is refused.
 */
async function fetchScript(url: string, overridden: boolean): Promise<Uint8Array> {
  let res: SafeResponse;
  try {
    res = await safeFetch(url, { timeoutMs: FETCH_TIMEOUT_MS, maxBodyBytes: MAX_SCRIPT_BYTES + 1, ...(overridden ? { allowPrivate: true, httpsOnly: false } : {}) });
  } catch (e) {
    console.warn(`[tags] ${url} could not be fetched:`, (e as Error).message);
    throw new HttpError(502, TAG_SCRIPT_UNAVAILABLE);
  }
  if (res.status !== 200 || res.body.length > MAX_SCRIPT_BYTES) {
    console.warn(`[tags] ${url} answered ${res.status}${res.body.length > MAX_SCRIPT_BYTES ? ` with over ${MAX_SCRIPT_BYTES} bytes` : ""}`);
    throw new HttpError(502, TAG_SCRIPT_UNAVAILABLE);
  }
  return new Uint8Array(res.body);
}

/**
 * The script's bytes: from memory while fresh, else fetched once however many ask at the same time
 * (if `clientMayFetch` and the process's budget allow it). A copy past its time answers when a fetch
 * is not allowed or fails.
 */
async function scriptBytes(url: string, overridden: boolean, now: number, maxFetches: number, clientMayFetch: () => Promise<boolean>): Promise<Uint8Array> {
  const kept = cache.get(url);
  if (kept && kept.until > now) return kept.body;
  let pending = inFlight.get(url);
  if (!pending) {
    if (!(await clientMayFetch()) || !mayFetch(now, maxFetches)) {
      if (kept) return kept.body;
      throw new HttpError(503, TAG_SCRIPT_UNAVAILABLE);
    }
    // Another request may have started it while this one was counted.
    pending = inFlight.get(url) ?? startFetch(url, overridden, now);
  }
  try {
    return await pending;
  } catch (e) {
    if (kept) return kept.body;
    throw e;
  }
}

/** Fetches `url` once, keeping it for CACHE_MS (the oldest kept script goes past MAX_ENTRIES). */
function startFetch(url: string, overridden: boolean, now: number): Promise<Uint8Array> {
  const pending = fetchScript(url, overridden)
    .then((body) => {
      cache.delete(url);
      cache.set(url, { body, until: now + CACHE_MS });
      while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
      return body;
    })
    .finally(() => inFlight.delete(url));
  inFlight.set(url, pending);
  return pending;
}

/**
 * Fetches one client may make this server do, per minute (counted only when the script is not in
 * memory): its own pages need a handful; past that it is varying the query. Its network's, likewise.
 */
export const CLIENT_FETCH_LIMITS = { perClient: { limit: 10, windowMs: 60_000 }, perNetwork: { limit: 30, windowMs: 60_000 } };

/** The answer to GET /api/tags/script for a site with these ids. */
export async function handleTagScript(
  request: Request,
  site: SiteIds,
  opts: { origin?: string; now?: number; maxFetchesPerMinute?: number; limiter?: RateLimiter } = {},
): Promise<Reply> {
  const url = new URL(request.url);
  const target = tagScriptTarget(url.searchParams.get("url"), site, url.hostname);
  const clientMayFetch = async () => {
    const limiter = opts.limiter ?? (await leadRateLimiter());
    const client = clientKey(request);
    const hit = await hitInOrder(limiter, [
      { key: `tags:ip:${client}`, ...CLIENT_FETCH_LIMITS.perClient },
      { key: `tags:net:${networkKey(client)}`, ...CLIENT_FETCH_LIMITS.perNetwork },
    ]);
    return hit.ok;
  };
  const origin = opts.origin ?? (process.env.TAG_SCRIPT_ORIGIN?.trim() || undefined);
  let body: Uint8Array;
  try {
    body = await scriptBytes(upstreamUrl(target, origin), Boolean(origin), opts.now ?? Date.now(), opts.maxFetchesPerMinute ?? MAX_FETCHES_PER_MINUTE, clientMayFetch);
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    // No body: Partytown's worker never reads the body of a failed script, and Chromium counts a load
    // whose body is unread as still open (a page would never be "network idle"). The reason is in the
    // header and the server's log.
    return rawReply(e.status, null, { "cache-control": "no-store", "x-forecourt-error": e.message, ...(e.status === 503 ? { "retry-after": "60" } : {}) });
  }
  return rawReply(200, body, {
    "content-type": "text/javascript; charset=utf-8",
    "cache-control": `public, max-age=${CACHE_MS / 1000}`,
  });
}

/** GET /api/tags/script for the site of the Host header. */
export const tagScriptRoute = siteRoute((request, ctx) => handleTagScript(request, siteAnalytics(ctx.tenant)));
