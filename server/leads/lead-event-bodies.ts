/**
 * The bodies of a lead's server-side events (lead-events.ts): GA4 Measurement Protocol's
 * `asc_form_submission` and Meta Conversions API's `Lead`, with the visitor's details normalised and
 * hashed as Meta asks, the page the lead was sent from, and the car (Meta's vehicle parameters from
 * domain/meta-vehicle.ts, the browser's mapping). Without the secrets: they are added when sent.
 */
import { createHash } from "node:crypto";
import { ASC_FORM_TYPE, ascDepartment, leadEventId, type LeadEventPlan } from "../../domain/lead-event";
import { metaCar, metaVehicleFields, type MetaCar } from "../../domain/meta-vehicle";
import type { LeadContext } from "./adf";

const FBCLID = /^[A-Za-z0-9_-]{1,500}$/;

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

/** The lead's car as Meta's vehicle parameters read it (domain/meta-vehicle.ts), or null. */
const carOf = (ctx: LeadContext): MetaCar | null => (ctx.vehicle ? metaCar(ctx.vehicle) : null);

/** GA4 Measurement Protocol's body (the measurement id and API secret go in the query string when it is sent). */
export function ga4Body(ctx: LeadContext, plan: LeadEventPlan) {
  const g = plan.ga4!;
  const car = carOf(ctx);
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
    Object.assign(params, { item_id: car.id, item_make: car.make, item_model: car.model, item_year: car.year, item_condition: car.condition, item_price: car.price, item_type: ctx.vehicle!.item_type });
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
  const custom_data: Record<string, unknown> = { lead_type: ascDepartment(ctx.lead) ?? "sales", form_type: ASC_FORM_TYPE[ctx.lead.form] };
  const car = carOf(ctx);
  if (car) {
    const where = { currency: ctx.site.currency ?? (plan.country === "nz" ? "NZD" : "AUD"), country: plan.country === "nz" ? ("NZ" as const) : ("AU" as const) };
    // The car's vehicle parameters, as the browser's events carry them; its price is also the lead's conversion value.
    Object.assign(custom_data, metaVehicleFields(car, where), typeof car.price === "number" ? { value: car.price } : {});
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
