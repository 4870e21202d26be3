/**
 * Sends a lead's queued events (the outbox's "ga4" and "meta" rows, lead-events.ts): reads the site's
 * secret when sending (a replaced one applies to retries, a cleared or unreadable one stops them),
 * POSTs the stored payload, and tells the outbox whether a failure is worth retrying.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db";
import { leads } from "../db/schema";
import { readEventSecrets } from "../tenants/event-secrets";
import { stripControls } from "./text";
import type { SendOptions } from "./senders";

export const GA4_ENDPOINT = "https://www.google-analytics.com/mp/collect";
export const META_ENDPOINT = "https://graph.facebook.com/v21.0/{pixel}/events";

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
    const { values: secrets, unreadable } = await readEventSecrets(db, lead.tenant);
    const missing = (name: keyof typeof unreadable, what: string) =>
      new PermanentDeliveryError(unreadable[name] ? `the site ${lead.tenant}'s ${what} cannot be read (logged): ${unreadable[name]}` : `the site ${lead.tenant} has no ${what} set any more`);
    let url: URL;
    let body: string;
    const service = row.channel === "ga4" ? "GA4" : "Meta";
    if (row.channel === "ga4") {
      if (!secrets.ga4ApiSecret) throw missing("ga4ApiSecret", "GA4 API secret");
      url = new URL(ga4);
      url.searchParams.set("measurement_id", row.target);
      url.searchParams.set("api_secret", secrets.ga4ApiSecret);
      body = JSON.stringify(storedPayload(row.body));
    } else if (row.channel === "meta") {
      if (!secrets.metaAccessToken) throw missing("metaAccessToken", "Meta access token");
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
