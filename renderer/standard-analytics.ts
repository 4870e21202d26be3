/**
 * The browser's half of the standard analytics (issue 35): reads the visitor's choice (the fc_consent
 * cookie, domain/consent.ts), starts Google's gtag.js only once analytics is granted and Meta's
 * fbevents.js only once advertising is, both in a web worker (renderer/tag-worker.ts), and sends them
 * what domain/analytics-standards.ts works out. The page's dataLayer keeps a record of every gtag call. Before a choice, this page's events wait here, in memory:
 * nothing is pushed for a third party or leaves the page. A site without a GA4 or pixel id has no
 * config element (renderer/consent-banner.client.tsx's layout), and nothing here does anything.
 * A lead's events sent while a tag the visitor allowed has yet to load are also kept in sessionStorage
 * (LEAD_EVENTS_KEY): the success page is a full load, and they are sent again from there until that tag loads.
 */
import { CONSENT_ASK_ATTR, CONSENT_COOKIE, CONSENT_MAX_AGE_S, consentModeStates, parseConsent, serializeConsent, type Consent } from "../domain/consent";
import { standardEvents, type AnalyticsPage, type Interaction, type StandardEvents } from "../domain/analytics-standards";
import { afterTagsHeard, callTag, ga4SetUp, metaSetUp, resetTagWorker, startTag, tagLoaded, tagStarted, type TagName } from "./tag-worker";

/** The layout's <script type="application/json"> with the site's ids, currency and country. */
export const ANALYTICS_CONFIG_ID = "fc-analytics";
/** The page's <script type="application/json"> describing it (renderer/tenant-page.tsx). */
export const PAGE_DATA_ATTR = "data-fc-analytics-page";
export { CONSENT_ASK_ATTR };
/** Dispatched on window by the footer's "Cookie settings" to reopen the banner. */
export const CONSENT_OPEN_EVENT = "fc-consent-open";

/** On the banner's Accept all and Reject all: the start of the cookie's value for that choice (the time follows). */
export const CONSENT_CHOICE_ATTR = "data-fc-consent-choice";
export const choiceValue = (c: { analytics: boolean; ads: boolean }) => serializeConsent({ ...c, at: 0 }).slice(0, -1);
const COOKIE_ATTRIBUTES = `; Max-Age=${CONSENT_MAX_AGE_S}; Path=/; SameSite=Lax`;

/**
 * The layout's inline script, run before the first paint: no choice stored, so the banner shows. It only
 * looks for the cookie's name; the banner checks the value once hydrated. Its click handler makes
 * Accept all and Reject all work before the page's scripts arrive (a tap then would otherwise be lost);
 * once hydrated, the banner's own handler has stored the same choice first.
 */
export const CONSENT_ASK_SCRIPT =
  `if(!/(^|;\\s*)${CONSENT_COOKIE}=[^;]/.test(document.cookie))document.documentElement.setAttribute("${CONSENT_ASK_ATTR}","ask");` +
  `document.addEventListener("click",function(e){var b=e.target&&e.target.closest&&e.target.closest("[${CONSENT_CHOICE_ATTR}]");if(!b)return;` +
  `document.cookie="${CONSENT_COOKIE}="+b.getAttribute("${CONSENT_CHOICE_ATTR}")+Math.floor(Date.now()/1000)+"${COOKIE_ATTRIBUTES}"+(location.protocol==="https:"?"; Secure":"");` +
  `document.documentElement.removeAttribute("${CONSENT_ASK_ATTR}")})`;

export interface AnalyticsConfig {
  ga4?: string;
  pixel?: string;
  currency: string;
  country: "AU" | "NZ";
}

type AnalyticsWindow = Window & { dataLayer?: unknown[] };

const MAX_PENDING = 50;
let pending: StandardEvents[] = [];

/** A lead's events for tags that had not loaded when it was sent, kept for the next page (same event ids). */
export const LEAD_EVENTS_KEY = "fc_lead_events";
const MAX_KEPT = 5;
const KEPT_FOR_MS = 30 * 60 * 1000;
type Kept = StandardEvents & { id: string; at: number };
/** Kept leads this page has given its tags (its own, and an earlier page's it sent): cleared from storage as each tag loads. */
const handed = new Set<string>();
let keptSent = false;

function readJson<T>(el: Element | null): T | null {
  try {
    return el?.textContent ? (JSON.parse(el.textContent) as T) : null;
  } catch {
    return null;
  }
}

export function analyticsConfig(): AnalyticsConfig | null {
  const cfg = readJson<AnalyticsConfig>(document.getElementById(ANALYTICS_CONFIG_ID));
  return cfg && (cfg.ga4 || cfg.pixel) ? cfg : null;
}

function currentPage(cfg: AnalyticsConfig): AnalyticsPage {
  return readJson<AnalyticsPage>(document.querySelector(`script[${PAGE_DATA_ATTR}]`)) ?? { page_type: "other", currency: cfg.currency, country: cfg.country, car: null };
}

const COOKIE = new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=([^;]*)`);

/** The visitor's stored choice on this site's host, or null. */
export function readConsent(): Consent | null {
  return parseConsent(COOKIE.exec(document.cookie)?.[1]);
}

/** Stores a choice for this host only (no Domain attribute), for CONSENT_MAX_AGE_S. */
export function storeConsent(c: Consent): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${CONSENT_COOKIE}=${serializeConsent(c)}${COOKIE_ATTRIBUTES}${secure}`;
}

const isEvents = (v: unknown): v is StandardEvents["ga4"] => Array.isArray(v) && v.every((e) => typeof e?.name === "string" && typeof e.params === "object" && e.params !== null);

/** The kept leads still current (checked: sessionStorage is the page's to read, not to trust). */
function readKept(): Kept[] {
  try {
    const list: unknown = JSON.parse(window.sessionStorage.getItem(LEAD_EVENTS_KEY) ?? "[]");
    if (!Array.isArray(list)) return [];
    return list.filter((k): k is Kept => typeof k?.id === "string" && typeof k.at === "number" && Date.now() - k.at < KEPT_FOR_MS && isEvents(k.ga4) && isEvents(k.meta));
  } catch {
    return [];
  }
}

function writeKept(list: Kept[]): void {
  try {
    const left = list.filter((k) => k.ga4.length || k.meta.length).slice(-MAX_KEPT);
    if (left.length) window.sessionStorage.setItem(LEAD_EVENTS_KEY, JSON.stringify(left));
    else window.sessionStorage.removeItem(LEAD_EVENTS_KEY);
  } catch {
    // storage blocked or full: the events go only with this page
  }
}

/** A lead sent before a tag the visitor allowed had loaded: its events for that tag are kept for the next page. */
function keepLead(cfg: AnalyticsConfig, consent: Consent, id: string, events: StandardEvents): void {
  const ga4 = cfg.ga4 && consent.analytics && !tagLoaded("ga4") ? events.ga4 : [];
  const meta = cfg.pixel && consent.ads && !tagLoaded("meta") ? events.meta : [];
  if (!ga4.length && !meta.length) return;
  handed.add(id);
  writeKept([...readKept().filter((k) => k.id !== id), { id, at: Date.now(), ga4, meta }]);
}

/** Once a tag has loaded, the kept events it was given are its own. */
function onTagLoaded(tag: TagName): void {
  // A tag that started before a withdrawal reached it may have set its cookies on loading.
  const consent = readConsent();
  if (consent && (!consent.analytics || !consent.ads)) clearTagCookies(consent);
  const kept = readKept();
  if (kept.length) writeKept(kept.map((k) => (handed.has(k.id) ? { ...k, [tag]: [] } : k)));
}

/** An earlier page's kept leads, sent once here as the choice now allows; what it does not allow is dropped. */
function sendKept(cfg: AnalyticsConfig, consent: Consent): void {
  if (keptSent) return;
  keptSent = true;
  const kept = readKept();
  if (!kept.length) return;
  for (const k of kept) {
    if (handed.has(k.id)) continue;
    handed.add(k.id);
    dispatch(cfg, consent, k);
  }
  writeKept(kept.map((k) => ({ ...k, ga4: consent.analytics && !tagLoaded("ga4") ? k.ga4 : [], meta: consent.ads && !tagLoaded("meta") ? k.meta : [] })));
}

/** The page's record of a gtag call (Arguments, as Google's snippet pushes them); the worker's tag gets it too. */
function recordGa4(..._call: unknown[]): void {
  const w = window as AnalyticsWindow;
  w.dataLayer ??= [];
  // eslint-disable-next-line prefer-rest-params
  w.dataLayer.push(arguments);
}

function gtag(...call: unknown[]): void {
  recordGa4(...call);
  callTag("ga4", call);
}

function startGa4(id: string, consent: Consent): void {
  if (tagStarted("ga4")) return;
  const states = { default: consentModeStates(null), update: consentModeStates(consent) };
  // The set-up gives the worker's tag these first commands itself; the page records them.
  recordGa4("consent", "default", states.default);
  recordGa4("consent", "update", states.update);
  recordGa4("js", new Date());
  recordGa4("config", id);
  startTag("ga4", ga4SetUp(id, states), onTagLoaded);
}

function startMeta(pixel: string): void {
  startTag("meta", metaSetUp(pixel), onTagLoaded);
}

function dispatch(cfg: AnalyticsConfig, consent: Consent, events: StandardEvents): void {
  if (cfg.ga4 && consent.analytics) {
    startGa4(cfg.ga4, consent);
    for (const e of events.ga4) gtag("event", e.name, e.params);
  }
  if (cfg.pixel && consent.ads) {
    startMeta(cfg.pixel);
    for (const e of events.meta) callTag("meta", ["track", e.name, e.params, ...(e.eventID ? [{ eventID: e.eventID }] : [])]);
  }
}

/** Sends the standard events of an interaction when the visitor agreed; keeps them on this page until a choice. */
export function sendStandard(interaction: Interaction): void {
  try {
    const cfg = analyticsConfig();
    if (!cfg) return;
    const events = standardEvents(interaction, currentPage(cfg));
    const consent = readConsent();
    if (!consent) {
      if (pending.length < MAX_PENDING) pending.push(events);
      return;
    }
    if (interaction.id !== "page-view" && interaction.eventId) keepLead(cfg, consent, interaction.eventId, events);
    dispatch(cfg, consent, events);
  } catch (error) {
    console.warn("[analytics] standard event not sent:", error);
  }
}

/** Google Analytics' cookies (analytics) and the advertising ones (Google Ads' conversion linker, Meta's). */
const ANALYTICS_COOKIES = /^(_ga|_gid|_gat)/;
const ADS_COOKIES = /^(_gcl|_fbp|_fbc)/;

/**
 * The cookies of what the choice denies, on this host and its parent domains: a visitor who allows
 * analytics only keeps GA4's client id (_ga), and loses the advertising ones.
 */
function clearTagCookies(consent: Pick<Consent, "analytics" | "ads">): void {
  const denied = (n: string) => (!consent.analytics && ANALYTICS_COOKIES.test(n)) || (!consent.ads && ADS_COOKIES.test(n));
  const names = document.cookie.split(/;\s*/).map((c) => c.split("=")[0]!).filter(denied);
  const parts = window.location.hostname.split(".");
  const domains = ["", ...parts.slice(0, -1).map((_, i) => `; Domain=.${parts.slice(i).join(".")}`)];
  for (const name of names) for (const domain of domains) document.cookie = `${name}=; Max-Age=0; Path=/${domain}`;
}

/**
 * Applies a choice: the page's waiting events go where it allows (the rest are dropped), the tags
 * it allows start, and tags already running this page hear the change (Consent Mode's update, fbq's revoke).
 */
export function applyConsent(consent: Consent): void {
  const cfg = analyticsConfig();
  if (!cfg) return;
  if (tagStarted("ga4")) gtag("consent", "update", consentModeStates(consent));
  if (tagStarted("meta")) callTag("meta", ["consent", consent.ads ? "grant" : "revoke"]);
  if (!consent.analytics || !consent.ads) {
    clearTagCookies(consent);
    // Again once the tags in the worker have heard the choice: a hit they were making may have set one since.
    afterTagsHeard(() => clearTagCookies(consent));
  }
  const waiting = pending;
  pending = [];
  for (const events of waiting) dispatch(cfg, consent, events);
  sendKept(cfg, consent);
  dispatch(cfg, consent, { ga4: [], meta: [] });
}

/** The visitor's choice from the banner: stored for this host, the banner hidden, the choice applied. */
export function chooseConsent(choice: { analytics: boolean; ads: boolean }): void {
  storeConsent({ ...choice, at: Math.floor(Date.now() / 1000) });
  document.documentElement.removeAttribute(CONSENT_ASK_ATTR);
  applyConsent({ ...choice, at: 0 });
}

/** Reopens the banner (the footer's "Cookie settings"). */
export function openConsentBanner(): void {
  document.documentElement.setAttribute(CONSENT_ASK_ATTR, "ask");
  window.dispatchEvent(new Event(CONSENT_OPEN_EVENT));
}

/** For tests: forget this module's state, as a new page would. */
export function resetStandardAnalytics(): void {
  pending = [];
  resetTagWorker();
  handed.clear();
  keptSent = false;
}
