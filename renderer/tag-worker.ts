/**
 * Google's gtag.js and Meta's fbevents.js run in a web worker (Partytown), not on the page's main thread
 * (issue 35: "the page-speed budgets hold with analytics on"). HTTP Archive's Lighthouse runs give Meta's
 * pixel about 365 ms of script per page on a mobile profile (third-party-web, "Facebook"); on the main
 * thread that alone breaks the TBT ≤ 100 ms and performance ≥ 95 budgets. In the worker their cost leaves
 * the main thread: `bench:lighthouse --consent --tag-cost 60` measures it (README, issue 35).
 *
 * How: after the visitor's consent, and only then, the page loads Partytown's loader from its own origin
 * (/~partytown/, app/~partytown/[file]/route.ts), with `gtag` and `fbq` forwarded to the worker. Each tag
 * gets a `text/partytown` set-up script that defines the tag's function there, marks the tag "ready" on
 * <html> (TAG_STATE_ATTR), then adds the tag's script and marks it "loaded" once it ran. The worker fetches
 * the tags' scripts through the site's own /api/tags/script (server/analytics/tag-scripts-http.ts): a worker's
 * fetch needs CORS, which connect.facebook.net does not answer.
 *
 * Calls made before a tag is "ready" wait here and are forwarded in order once it is (a call forwarded
 * before the worker defined the function would be lost). Where service workers are unavailable, Partytown
 * runs the same scripts on the main thread (its fallback), and the same attributes and calls work there.
 */

export const GTAG_URL = "https://www.googletagmanager.com/gtag/js";
export const FBEVENTS_URL = "https://connect.facebook.net/en_US/fbevents.js";
/** gtag.js's data layer in the worker (its `l` parameter): the page's own dataLayer stays the page's record. */
export const WORKER_LAYER = "fcLayer";
export const PARTYTOWN_LIB = "/~partytown/";
export const TAG_PROXY_PATH = "/api/tags/script";
/** On <html>, set from each tag's set-up script: "ready" once its function exists, "loaded" once its script ran. */
export const TAG_STATE_ATTR = { ga4: "data-fc-tag-ga4", meta: "data-fc-tag-meta" } as const;

/** On <html>, set from the worker by ACK_FN: the last acknowledgement it reached (afterTagsHeard). */
export const TAG_ACK_ATTR = "data-fc-tags-ack";
const ACK_FN = "fcTagsAck";

export type TagName = keyof typeof TAG_STATE_ATTR;
type Call = unknown[];
type TagWindow = Window & { partytown?: unknown; gtag?: (...a: unknown[]) => void; fbq?: (...a: unknown[]) => void };

const MAX_WAITING = 100;
interface TagState {
  started: boolean;
  ready: boolean;
  loaded: boolean;
  waiting: Call[];
  /** Every call given to the tag on this page, in order (what tests and the page can read). */
  given: Call[];
}
const fresh = (): TagState => ({ started: false, ready: false, loaded: false, waiting: [], given: [] });
const tags: Record<TagName, TagState> = { ga4: fresh(), meta: fresh() };
let loaderAdded = false;
let observer: MutationObserver | null = null;
let onLoaded: (tag: TagName) => void = () => {};
let acks = 0;
let heard: { n: number; run: () => void }[] = [];

/**
 * Partytown's `resolveUrl`, run in the worker from its source text: so it names nothing outside itself.
 * Scripts a tag adds there (Meta's config and plugins, Google's destinations) come through the proxy too.
 */
export function resolveTagUrl(url: URL, location: Location, type: string): URL | undefined {
  if (type === "script" && (url.hostname === "www.googletagmanager.com" || url.hostname === "connect.facebook.net")) {
    const proxied = new URL("/api/tags/script", location.href);
    proxied.searchParams.set("url", url.href);
    return proxied;
  }
  return undefined;
}

const json = (v: unknown) => JSON.stringify(v);

/**
 * The worker's half of a tag: define its function, say "ready", load its script, and say "loaded" once
 * `took` is true there (the tag took its queue: gtag.js replaces its data layer's push, fbevents.js sets
 * fbq.callMethod). A script Partytown could not fetch runs on the main thread instead, with other
 * globals: its load is then not the tag's, and nothing kept for it is let go.
 */
function setUp(tag: TagName, define: string, src: string, took: string): string {
  const attr = json(TAG_STATE_ATTR[tag]);
  return (
    `window.${ACK_FN}=function(n){document.documentElement.setAttribute(${json(TAG_ACK_ATTR)},String(n))};` +
    `${define}document.documentElement.setAttribute(${attr},"ready");` +
    `(function(){var s=document.createElement("script");s.async=true;s.src=${json(src)};` +
    `s.onload=function(){if(${took})document.documentElement.setAttribute(${attr},"loaded")};document.head.appendChild(s)})();`
  );
}

/** GA4 in the worker: Google's snippet on WORKER_LAYER, Consent Mode's default and the visitor's states, then config. */
export function ga4SetUp(id: string, states: { default: object; update: object }): string {
  const define =
    `(function(){window.${WORKER_LAYER}=window.${WORKER_LAYER}||[];var g=window.gtag=function(){window.${WORKER_LAYER}.push(arguments)};` +
    `g("consent","default",${json(states.default)});g("consent","update",${json(states.update)});g("js",new Date());g("config",${json(id)})})();`;
  return setUp("ga4", define, `${GTAG_URL}?id=${encodeURIComponent(id)}&l=${WORKER_LAYER}`, `window.${WORKER_LAYER}.push!==Array.prototype.push`);
}

/** Meta's pixel in the worker: Meta's own queueing fbq, then init. */
export function metaSetUp(pixel: string): string {
  const define =
    `(function(){var n=window.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};` +
    `if(!window._fbq)window._fbq=n;n.push=n;n.loaded=true;n.version="2.0";n.queue=[];n("init",${json(pixel)})})();`;
  return setUp("meta", define, FBEVENTS_URL, `typeof window.fbq.callMethod==="function"`);
}

function forward(tag: TagName, call: Call): void {
  const fn = (window as TagWindow)[tag === "ga4" ? "gtag" : "fbq"];
  if (typeof fn === "function") fn(...call);
}

function stateChanged(tag: TagName): void {
  const state = document.documentElement.getAttribute(TAG_STATE_ATTR[tag]);
  const t = tags[tag];
  if (!t.started || (state !== "ready" && state !== "loaded")) return;
  if (!t.ready) {
    t.ready = true;
    const waiting = t.waiting;
    t.waiting = [];
    for (const call of waiting) forward(tag, call);
  }
  if (state === "loaded" && !t.loaded) {
    t.loaded = true;
    onLoaded(tag);
  }
}

function addLoader(): void {
  if (loaderAdded) return;
  loaderAdded = true;
  // No fallback on a timer: after it, a service worker that starts late would take gtag and fbq back
  // from tags then running on the main thread. Without a service worker at all, Partytown falls back at once.
  (window as TagWindow).partytown = { lib: PARTYTOWN_LIB, forward: ["gtag", "fbq", ACK_FN], resolveUrl: resolveTagUrl, fallbackTimeout: 0 };
  const s = document.createElement("script");
  s.async = true;
  s.src = `${PARTYTOWN_LIB}partytown.js`;
  document.head.appendChild(s);
}

/**
 * Starts a tag in the worker (once per page): its set-up script is added and Partytown's loader with it.
 * `loaded` is called when the tag's own script has run.
 */
export function startTag(tag: TagName, setUpScript: string, loaded: (tag: TagName) => void): void {
  const t = tags[tag];
  if (t.started) return;
  t.started = true;
  onLoaded = loaded;
  observer ??= new MutationObserver(() => {
    stateChanged("ga4");
    stateChanged("meta");
    acknowledged();
  });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: [...Object.values(TAG_STATE_ATTR), TAG_ACK_ATTR] });
  const s = document.createElement("script");
  s.type = "text/partytown";
  s.textContent = setUpScript;
  document.head.appendChild(s);
  addLoader();
  window.dispatchEvent(new CustomEvent("ptupdate"));
}

function acknowledged(): void {
  const n = Number(document.documentElement.getAttribute(TAG_ACK_ATTR) ?? 0);
  const due = heard.filter((h) => h.n <= n);
  heard = heard.filter((h) => h.n > n);
  for (const h of due) h.run();
}

/**
 * Runs `run` once the worker has handled every call given to the tags before this one (forwarded
 * calls are handled in order), or now when no tag's function exists there yet.
 */
export function afterTagsHeard(run: () => void): void {
  const ack = (window as TagWindow & { [ACK_FN]?: (n: number) => void })[ACK_FN];
  if ((!tags.ga4.ready && !tags.meta.ready) || typeof ack !== "function") {
    run();
    return;
  }
  const n = ++acks;
  heard.push({ n, run });
  ack(n);
}

/** Gives the tag a call: forwarded now if the tag is ready, else once it is. */
export function callTag(tag: TagName, call: Call): void {
  const t = tags[tag];
  t.given.push(call);
  if (t.ready) forward(tag, call);
  else if (t.waiting.length < MAX_WAITING) t.waiting.push(call);
}

export const tagStarted = (tag: TagName) => tags[tag].started;
export const tagLoaded = (tag: TagName) => tags[tag].loaded;
/** For tests and the page: the calls given to a tag on this page. */
export const tagCalls = (tag: TagName): readonly Call[] => tags[tag].given;

/** For tests: forget this module's state, as a new page would. */
export function resetTagWorker(): void {
  tags.ga4 = fresh();
  tags.meta = fresh();
  loaderAdded = false;
  acks = 0;
  heard = [];
  observer?.disconnect();
  observer = null;
  for (const attr of [...Object.values(TAG_STATE_ATTR), TAG_ACK_ATTR]) document.documentElement.removeAttribute(attr);
}
