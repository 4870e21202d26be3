/**
 * A lead sent server-side to the site's analytics and advertising: GA4's Measurement Protocol (event
 * `asc_form_submission`, the Automotive Standards Council's) and Meta's Conversions API (event `Lead`),
 * through the lead outbox (channels "ga4" and "meta": retried on 5xx and network errors, given up at
 * once on a 4xx with the reason logged).
 *
 * Only when the site has features.analytics.serverSideLeads on, the id (GA4 measurement id / pixel id)
 * and the secret (server/tenants/event-secrets.ts) set, and the request's fc_consent cookie grants
 * analytics (GA4) / ads (Meta). The event id is leadEventId(lead id) (domain/lead-event.ts): the lead's
 * answer carries it as `event_id` for the browser's own event, so Meta counts the lead once.
 * The payload (without the secret) is built when the lead is stored and kept in the outbox row; the
 * secret is read when it is sent, so a replaced secret applies to retries and a cleared one stops them.
 */
import { createHash, randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db";
import { leadDeliveries, leads } from "../db/schema";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { CONSENT_COOKIE, parseConsent } from "../../domain/consent";
import { ASC_FORM_TYPE, ascDepartment, leadEventId, type LeadEventPlan } from "../../domain/lead-event";
import { publicPageUrl } from "../../domain/hosts";
import { readCookie } from "../http/cookies";
import { clientAddress, UNKNOWN_CLIENT } from "../http/client-address";
import { stripControls } from "./text";
import type { LeadContext } from "./adf";
import type { SendOptions } from "./senders";
import { eventSecrets } from "../tenants/event-secrets";

export type { LeadEventPlan };

export const GA4_ENDPOINT = "https://www.google-analytics.com/mp/collect";
export const META_ENDPOINT = "https://graph.facebook.com/v21.0/{pixel}/events";

/** What the lead's request says about the visitor. */
export interface LeadVisitor {
  /** The Cookie header (read as hostile: only fc_consent, _ga, _ga_*, _fbp and _fbc are looked at). */
  cookie: string | null;
  /** The client address the server determined, or null. */
  ip: string | null;
  userAgent: string | null;
  /** The site's origin as requested (https://host), for event_source_url when the lead names no page. */
  origin: string;
}

/** The visitor as a request shows them. */
export function leadVisitor(request: Request): LeadVisitor {
  const ip = clientAddress(request);
  return { cookie: request.headers.get("cookie"), ip: ip === UNKNOWN_CLIENT ? null : ip, userAgent: request.headers.get("user-agent"), origin: new URL(request.url).origin };
}

// Cookie values as the tags write them; anything else is ignored.
const GA_COOKIE = /^GA\d\.\d+\.(\d{1,20}\.\d{1,20})$/;
const GA_SESSION_GS1 = /^GS1\.\d+\.(\d{1,20})\./;
const GA_SESSION_GS2 = /^GS2\.\d+\.s(\d{1,20})\$/;
const FBP_COOKIE = /^fb\.\d\.\d{1,16}\.\d{1,24}$/;
const FBC_COOKIE = /^fb\.\d\.\d{1,16}\.[A-Za-z0-9_-]{1,500}$/;
const FBCLID = /^[A-Za-z0-9_-]{1,500}$/;

/** The GA4 client id of the _ga cookie ("GA1.1.123.456" → "123.456"), else a random one for this lead. */
export function ga4ClientId(cookie: string | null): { clientId: string; fromCookie: boolean } {
  const m = GA_COOKIE.exec(readCookie(cookie, "_ga") ?? "");
  if (m) return { clientId: m[1], fromCookie: true };
  return { clientId: `${randomInt(1_000_000_000, 2_000_000_000)}.${Math.floor(Date.now() / 1000)}`, fromCookie: false };
}

/** The GA4 session id of the measurement's _ga_<id> cookie (GS1 or GS2 format), when present. */
export function ga4SessionId(cookie: string | null, measurementId: string): number | undefined {
  const v = readCookie(cookie, `_ga_${measurementId.replace(/^G-/, "")}`) ?? "";
  const m = GA_SESSION_GS1.exec(v) ?? GA_SESSION_GS2.exec(v);
  const n = m ? Number(m[1]) : NaN;
  return Number.isSafeInteger(n) ? n : undefined;
}

/**
 * Which events the lead gets: null when the site does not send leads server-side, or the visitor
 * did not consent to either (a missing, forged or denied fc_consent cookie is no consent).
 */
export async function planLeadEvents(db: Db, tenant: string, doc: TenantDocument, visitor: LeadVisitor): Promise<LeadEventPlan | null> {
  const settings = doc.features?.analytics;
  if (!settings?.serverSideLeads || (!settings.ga4MeasurementId && !settings.metaPixelId)) return null;
  const consent = parseConsent(readCookie(visitor.cookie, CONSENT_COOKIE));
  const ga4 = !!(settings.ga4MeasurementId && consent?.analytics);
  const meta = !!(settings.metaPixelId && consent?.ads);
  if (!ga4 && !meta) return null;
  const secrets = await eventSecrets(db, tenant);
  const plan: LeadEventPlan = {
    ip: visitor.ip,
    userAgent: visitor.userAgent ? stripControls(visitor.userAgent).slice(0, 512) : null,
    origin: publicPageUrl(doc.identity.domains ?? [], "") ?? visitor.origin,
    hosts: [...new Set([...(doc.identity.domains ?? []), hostOf(visitor.origin)].map((h) => h.toLowerCase()))],
    country: doc.identity.locale === "en-NZ" ? "nz" : "au",
  };
  if (ga4 && secrets.ga4ApiSecret) {
    const measurementId = settings.ga4MeasurementId!;
    plan.ga4 = { measurementId, clientId: ga4ClientId(visitor.cookie).clientId, sessionId: ga4SessionId(visitor.cookie, measurementId), adsGranted: !!consent?.ads };
  }
  // Meta takes a website event only with the browser's user agent.
  if (meta && secrets.metaAccessToken && plan.userAgent) {
    const fbp = readCookie(visitor.cookie, "_fbp") ?? "";
    const fbc = readCookie(visitor.cookie, "_fbc") ?? "";
    plan.meta = { pixelId: settings.metaPixelId!, ...(FBP_COOKIE.test(fbp) ? { fbp } : {}), ...(FBC_COOKIE.test(fbc) ? { fbc } : {}) };
  }
  return plan.ga4 || plan.meta ? plan : null;
}

const sha256 = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");

/** Meta's normalisation of a phone number: digits only, with the country code, no trunk 0 ("0400 000 000" in AU → "61400000000"). */
export function normalisePhone(raw: string | undefined, country: "au" | "nz"): string | null {
  if (!raw || raw.length > 40) return null;
  const trimmed = raw.trim();
  let digits = trimmed.replace(/\D/g, "");
  if (digits.length < 6) return null;
  if (trimmed.startsWith("+")) return digits;
  // International prefixes: 0011 from Australia, 00 from New Zealand.
  if (digits.startsWith("0011")) return digits.slice(4);
  if (digits.startsWith("00")) return digits.slice(2);
  if (digits.startsWith("0")) digits = digits.slice(1);
  else if (/^(61|64)/.test(digits) && digits.length >= 10) return digits;
  return `${country === "nz" ? "64" : "61"}${digits}`;
}

/** Meta's normalisation of a name: lower case, trimmed, no punctuation. */
const normaliseName = (s: string | undefined) => (s ? s.normalize("NFC").toLowerCase().replace(/[\s\p{P}\p{S}]/gu, "") : "");

/** The origin's host name (no port). */
const hostOf = (origin: string) => {
  try {
    return new URL(origin).hostname;
  } catch {
    return "";
  }
};

/** The page the lead was sent from: the lead's url when it is an http(s) URL on the site, else the site's origin. */
function sourceUrl(ctx: LeadContext, plan: LeadEventPlan): string {
  try {
    const u = new URL(ctx.lead.url ?? "");
    if ((u.protocol === "https:" || u.protocol === "http:") && plan.hosts.includes(u.hostname)) return u.toString().slice(0, 2000);
  } catch {
    // not a URL
  }
  return `${plan.origin}/`;
}

/** fbc from the _fbc cookie, else from an fbclid in the page's URL (Meta's format fb.1.<ms>.<fbclid>). */
function fbcOf(ctx: LeadContext, plan: LeadEventPlan, url: string): string | undefined {
  if (plan.meta?.fbc) return plan.meta.fbc;
  const clid = new URL(url).searchParams.get("fbclid");
  return clid && FBCLID.test(clid) ? `fb.1.${ctx.createdAt.getTime()}.${clid}` : undefined;
}

/** The car's fields as the events carry them (Meta's automotive custom_data names). */
function vehicleData(ctx: LeadContext) {
  const v = ctx.vehicle;
  if (!v) return null;
  return {
    id: v.id,
    make: v.make,
    model: v.model,
    year: v.year,
    condition: v.car_type === "new" ? "new" : "used",
    price: v.price,
    vin: v.vin,
    body: v.body,
    colour: v.colour,
    kind: v.item_type,
  };
}

/** GA4 Measurement Protocol's body (the measurement id and API secret go in the query string when it is sent). */
export function ga4Body(ctx: LeadContext, plan: LeadEventPlan) {
  const g = plan.ga4!;
  const car = vehicleData(ctx);
  const params: Record<string, string | number> = {
    event_id: leadEventId(ctx.leadId),
    event_owner: "forecourt",
    comm_type: "form",
    department: ascDepartment(ctx.lead) ?? "sales",
    form_name: ctx.lead.category.slice(0, 100),
    form_type: ASC_FORM_TYPE[ctx.lead.form],
    page_location: sourceUrl(ctx, plan).slice(0, 1000),
    engagement_time_msec: 1,
  };
  if (g.sessionId !== undefined) params.session_id = g.sessionId;
  if (car) {
    Object.assign(params, { item_id: car.id, item_make: car.make, item_model: car.model, item_year: car.year, item_condition: car.condition, item_price: car.price, item_type: car.kind });
    if (ctx.site.currency) params.currency = ctx.site.currency;
  }
  return {
    client_id: g.clientId,
    timestamp_micros: ctx.createdAt.getTime() * 1000,
    consent: { ad_user_data: g.adsGranted ? "GRANTED" : "DENIED", ad_personalization: g.adsGranted ? "GRANTED" : "DENIED" },
    events: [{ name: "asc_form_submission", params }],
  };
}

/** Meta Conversions API's body, without the access token (added when it is sent). */
export function metaBody(ctx: LeadContext, plan: LeadEventPlan) {
  const f = ctx.lead.fields;
  const url = sourceUrl(ctx, plan);
  const hashed = (v: string | null | undefined) => (v ? [sha256(v)] : undefined);
  const phone = normalisePhone(f.phone, plan.country);
  const fbc = fbcOf(ctx, plan, url);
  const user_data = Object.fromEntries(
    Object.entries({
      em: hashed(f.email?.trim().toLowerCase()),
      ph: hashed(phone),
      fn: hashed(normaliseName(f.first_name)),
      ln: hashed(normaliseName(f.last_name)),
      zp: hashed(f.postcode?.replace(/\s/g, "").toLowerCase()),
      country: [sha256(plan.country)],
      client_ip_address: plan.ip ?? undefined,
      client_user_agent: plan.userAgent ?? undefined,
      fbp: plan.meta?.fbp,
      fbc,
    }).filter(([, v]) => v !== undefined),
  );
  const car = vehicleData(ctx);
  const custom_data: Record<string, unknown> = { lead_type: ascDepartment(ctx.lead) ?? "sales", form_type: ASC_FORM_TYPE[ctx.lead.form] };
  if (car) {
    Object.assign(custom_data, {
      content_type: "vehicle",
      content_ids: [car.id],
      make: car.make,
      model: car.model,
      year: car.year,
      state_of_vehicle: car.condition,
      ...(car.vin ? { vin: car.vin } : {}),
      ...(car.body ? { body_style: car.body } : {}),
      ...(car.colour ? { exterior_color: car.colour } : {}),
      value: car.price,
      currency: ctx.site.currency ?? (plan.country === "nz" ? "NZD" : "AUD"),
    });
  }
  return {
    data: [
      {
        event_name: "Lead",
        event_time: Math.floor(ctx.createdAt.getTime() / 1000),
        event_id: leadEventId(ctx.leadId),
        action_source: "website",
        event_source_url: url,
        user_data,
        custom_data,
      },
    ],
  };
}

/** The lead's outbox rows for its events (none for a form that is not a customer lead). */
export function leadEventRows(ctx: LeadContext, plan: LeadEventPlan | null | undefined): (typeof leadDeliveries.$inferInsert)[] {
  if (!plan || !ascDepartment(ctx.lead)) return [];
  const rows: (typeof leadDeliveries.$inferInsert)[] = [];
  if (plan.ga4) rows.push({ leadId: ctx.leadId, channel: "ga4", target: plan.ga4.measurementId, body: JSON.stringify(ga4Body(ctx, plan)) });
  if (plan.meta) rows.push({ leadId: ctx.leadId, channel: "meta", target: plan.meta.pixelId, body: JSON.stringify(metaBody(ctx, plan)) });
  return rows;
}

/**
 * Queues a lead's events on their own, once per lead (a trade-in's: the visitor's conversion is their
 * details sent, whenever the dealer's delivery follows); a second call for the lead adds nothing.
 */
export async function queueLeadEvents(db: Pick<Db, "insert">, ctx: LeadContext, plan: LeadEventPlan | null): Promise<void> {
  const rows = leadEventRows(ctx, plan);
  if (rows.length) await db.insert(leadDeliveries).values(rows).onConflictDoNothing();
}

/** A delivery the service refused (4xx): retrying would not help; the outbox gives up at once and logs why. */
export class PermanentDeliveryError extends Error {}

type Env = Record<string, string | undefined>;

/** The endpoints: GA4_MP_ENDPOINT and META_CAPI_ENDPOINT ({pixel} is the pixel id) when set (tests, a proxy), else the real ones. */
export function eventEndpoints(env: Env = process.env): { ga4: string; meta: string } {
  return { ga4: env.GA4_MP_ENDPOINT?.trim() || GA4_ENDPOINT, meta: env.META_CAPI_ENDPOINT?.trim() || META_ENDPOINT };
}

/** A service's error answer, short and printable, for the log and the row's last_error (never the secret: it is not in it). */
async function answerText(res: Response): Promise<string> {
  const text = await res.text().catch(() => "");
  return stripControls(text).replace(/\s+/g, " ").trim().slice(0, 300);
}

/** A row's stored payload: a JSON object, else the row can never be sent. */
function storedPayload(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    if (v && typeof v === "object" && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // below
  }
  throw new PermanentDeliveryError("the stored payload is not a JSON object");
}

export type LeadEventSender = (row: { leadId: string | null; channel: string; target: string | null; body: string }, opts?: SendOptions) => Promise<void>;

/**
 * The sender of "ga4" and "meta" rows: reads the site's secret, POSTs the row's payload, 2xx is sent,
 * 4xx (but 408 and 429) a PermanentDeliveryError, anything else a failure the outbox retries. The
 * endpoints are the operator's (env), not a tenant's, so they are fetched directly, not through the
 * fetch guard; the ids in the URL were checked by the tenant schema's patterns.
 */
export function leadEventSender(db: Db, env: Env = process.env): LeadEventSender {
  return async (row, opts = {}) => {
    const { ga4, meta } = eventEndpoints(env);
    if (!row.leadId || !row.target) throw new PermanentDeliveryError("the row names no lead or no destination id");
    const [lead] = await db.select({ tenant: leads.tenant }).from(leads).where(eq(leads.id, row.leadId));
    if (!lead) throw new PermanentDeliveryError("the lead is gone");
    const secrets = await eventSecrets(db, lead.tenant);
    let url: URL;
    let body: string;
    const service = row.channel === "ga4" ? "GA4" : "Meta";
    if (row.channel === "ga4") {
      if (!secrets.ga4ApiSecret) throw new PermanentDeliveryError(`the site ${lead.tenant} has no GA4 API secret set any more`);
      url = new URL(ga4);
      url.searchParams.set("measurement_id", row.target);
      url.searchParams.set("api_secret", secrets.ga4ApiSecret);
      body = JSON.stringify(storedPayload(row.body));
    } else if (row.channel === "meta") {
      if (!secrets.metaAccessToken) throw new PermanentDeliveryError(`the site ${lead.tenant} has no Meta access token set any more`);
      url = new URL(meta.replace("{pixel}", encodeURIComponent(row.target)));
      body = JSON.stringify({ ...storedPayload(row.body), access_token: secrets.metaAccessToken });
    } else {
      throw new PermanentDeliveryError(`no sender for channel ${row.channel}`);
    }
    const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body, signal: opts.signal, redirect: "error" });
    if (res.ok) {
      await res.body?.cancel().catch(() => undefined);
      return;
    }
    const why = `${service} answered HTTP ${res.status}${(await answerText(res)).replace(/^(.)/, ": $1")}`;
    if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) throw new PermanentDeliveryError(why);
    throw new Error(why);
  };
}
