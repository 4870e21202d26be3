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
 * The payload (without the secret, lead-event-bodies.ts) is built when the lead is stored and kept in
 * the outbox row; the secret is read when it is sent (lead-event-sender.ts), so a replaced secret
 * applies to retries and a cleared one stops them.
 */
import { randomInt } from "node:crypto";
import type { Db } from "../db";
import { leadDeliveries } from "../db/schema";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { CONSENT_COOKIE, parseConsent } from "../../domain/consent";
import { ascDepartment, type LeadEventPlan } from "../../domain/lead-event";
import { publicPageUrl } from "../../domain/hosts";
import { readCookie } from "../http/cookies";
import { clientAddress, UNKNOWN_CLIENT } from "../http/client-address";
import { stripControls } from "./text";
import type { LeadContext } from "./adf";
import { eventSecrets } from "../tenants/event-secrets";
import { ga4Body, metaBody } from "./lead-event-bodies";

export type { LeadEventPlan };

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

/** The origin's host name (no port). */
const hostOf = (origin: string) => {
  try {
    return new URL(origin).hostname;
  } catch {
    return "";
  }
};

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

