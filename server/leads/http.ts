import { randomUUID } from "node:crypto";
import type { Db } from "../db";
import type { LiveDocument } from "../tenants/store";
import { getVehicle } from "../inventory/store";
import type { StoredVehicle } from "../inventory/vehicle";
import type { SchemaError } from "../../domain/schema-errors";
import { FIX_ERRORS, LEAD_FORM_KINDS, UNEXPECTED_ERROR, leadFormSpec, type LeadFormKind } from "../../domain/lead-forms";
import type { FieldError } from "../../domain/lead-form-messages";
import { validateLeadForm } from "../../domain/lead-form-validation";
import { serviceBookingSpec, takesServiceBookings, LEAD_STATUS_IN_PROGRESS, LEAD_TOKEN_HEADER, NOT_YOUR_BOOKING } from "../../domain/service-booking";
import { serviceLeadProblems, serviceRecipient } from "../../domain/service-booking-lead";
import { newOwnerToken, ownerTokenMatches } from "../http/owner-token";
import { and, eq } from "drizzle-orm";
import { leads } from "../db/schema";
import { validateLead, type Lead } from "./validation";
import { storeLead, updateLeadStage } from "./store";
import { clientKey, hitInOrder, LEAD_LIMITS, networkKey, type LeadLimits, type RateLimiter } from "./rate-limit";
import { capOrChallenge, redeemChallenge } from "../http/challenge";
import { parseJsonText, readLimitedText } from "../http/body";
import { BadRequest, errorResponse, HttpError, underError } from "../http/errors";
import { json, problem } from "../http/json";
import { signedInUserId } from "../auth/sessions";

/**
 * POST /api/leads: one lead from a site's form. The site is the Host header's; the body is a lead
 * (schemas/lead.schema.json); the Idempotency-Key header makes a retried submit answer the lead it
 * already stored. Answers JSON: 200 { lead_id } once the lead (and its outbox rows) are committed;
 * 400 no/bad Idempotency-Key or unreadable body, 404 unknown site or dealership, 409 the key was used
 * for another lead, 413 body over 64 KB, 422 { error, errors: [{ pointer, message }] }, 429 too many
 * (past the site's cap: 429 { error, challenge }, a proof of work the form solves and sends back in
 * the Forecourt-Challenge header; a bad or used one is 400/403 { error, challengeRefused: true }).
 * Every lead names its `form` and must meet that form's rules from the site's settings
 * (domain/lead-forms.ts, the rules the browser form checks); their messages come first. An earlier
 * step of a multi-step form (isLastStep false) is checked for what it carries, not for what it lacks.
 * A non-empty honeypot field `website` answers 200 with a made-up lead id and stores nothing.
 * A service booking's first step (isLastStep false) also answers { lead_token }: a random token, stored
 * only as its SHA-256 with the lead; each later step (lead_id) must send it in the Lead-Token header,
 * else 403 NOT_YOUR_BOOKING and nothing changes. A retried first step (same key) gets a new token.
 */
export const MAX_LEAD_BODY_BYTES = 64 * 1024;
/** What a lead past the site's cap is answered with its challenge (the browser solves it; without JavaScript, this shows). */
/**
 * Past the site's cap (LEAD_LIMITS.perSite), challenges of rising difficulty: a tenth of the cap at
 * each of 6 difficulties, then refused — at most 1.6 × the cap per window reaches the dealer.
 */
export const siteLadder = (limits: LeadLimits) => ({ step: Math.max(1, Math.ceil(limits.perSite.limit / 10)), tiers: 6 });
export const LEADS_BUSY = "Many enquiries are arriving right now. Please try again in a moment.";
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{8,200}$/;
export { FIX_ERRORS };

export interface LeadDeps {
  db: () => Promise<Db>;
  tenantForHost: (host: string | null) => Promise<LiveDocument | null>;
  limiter: () => Promise<RateLimiter>;
  limits?: LeadLimits;
  /** Called after a lead was stored: wakes the outbox worker. */
  stored?: (leadId: string) => void;
  /** The clock (a service booking's preferred date is checked against today); tests set it. */
  now?: () => Date;
}

const invalid = (errors: SchemaError[]) => problem(422, FIX_ERRORS, { errors });

const readBody = (request: Request) =>
  readLimitedText(request, MAX_LEAD_BODY_BYTES, (declared) =>
    declared !== undefined
      ? `The form sent ${declared} bytes; a lead may be at most ${MAX_LEAD_BODY_BYTES}.`
      : `The form sent more than ${MAX_LEAD_BODY_BYTES} bytes, the most a lead may be.`,
  );

type Dealership = NonNullable<LiveDocument["document"]["dealerships"]>[number];

/** Which dealership gets the lead: the one named (car_dealership_id, dealership_slug, location), the car's, or the site's first. */
function routeLead(doc: LiveDocument["document"], lead: Lead, vehicle: StoredVehicle | null): Dealership | Response {
  const dealerships = doc.dealerships ?? [];
  if (lead.car_dealership_id !== undefined) {
    const d = dealerships.find((x) => x.id === lead.car_dealership_id);
    if (!d) return problem(404, `Dealership ${lead.car_dealership_id} is not on this site.`);
    if (vehicle && vehicle.dealership_id !== d.id) return invalid([{ pointer: "/car_dealership_id", message: `is not the dealership of vehicle ${JSON.stringify(vehicle.id)}` }]);
    return d;
  }
  if (lead.fields.dealership_slug !== undefined) {
    const d = dealerships.find((x) => x.slug === lead.fields.dealership_slug);
    return d ?? problem(404, `There is no dealership "${lead.fields.dealership_slug}" on this site.`);
  }
  if (lead.fields.location_id !== undefined) {
    const location = (doc.locations ?? []).find((l) => l.id === lead.fields.location_id);
    if (!location) return invalid([{ pointer: "/fields/location_id", message: "is not a location of this site" }]);
    const d = dealerships.find((x) => x.id === location.dealership_id);
    if (d) return d;
  }
  if (vehicle) {
    const d = dealerships.find((x) => x.id === vehicle.dealership_id);
    if (d) return d;
  }
  return dealerships[0] ?? problem(404, "This site has no dealership to send the lead to.");
}

/** The form a lead names, when it is one of the site forms. */
function formOf(body: unknown): LeadFormKind | null {
  const form = body && typeof body === "object" && !Array.isArray(body) ? (body as { form?: unknown }).form : undefined;
  return typeof form === "string" && (LEAD_FORM_KINDS as string[]).includes(form) ? (form as LeadFormKind) : null;
}

/** The form's errors for a lead (read as sent, or validated), under the site's settings. */
function formProblems(doc: LiveDocument["document"], form: LeadFormKind, lead: { fields?: unknown; isLastStep?: unknown }, make: string | null, now: Date): SchemaError[] {
  // The service booking's own rules (domain/service-booking.ts), the ones its block checks.
  if (form === "service") return serviceLeadProblems(serviceBookingSpec(doc), lead as Parameters<typeof serviceLeadProblems>[1], now);
  const spec = leadFormSpec(doc, form, { make });
  return validateLeadForm(spec, lead, { partial: lead.isLastStep === false });
}

/** Whether the site's form shows the opt-in box (the service booking never does). */
function asksOptIn(doc: LiveDocument["document"], form: LeadFormKind, make: string | null): boolean {
  return form !== "service" && leadFormSpec(doc, form, { make }).fields.some((f) => f.name === "opt_in");
}

/** The form's errors first, then the lead schema's for places the form said nothing about. */
function mergeErrors(fromForm: Pick<FieldError, "pointer" | "message">[], fromSchema: SchemaError[]): SchemaError[] {
  const seen = new Set(fromForm.map((e) => e.pointer));
  return [...fromForm.map(({ pointer, message }) => ({ pointer, message })), ...fromSchema.filter((e) => !seen.has(e.pointer))];
}

export async function handleLeadPost(request: Request, deps: LeadDeps): Promise<Response> {
  try {
    const live = await deps.tenantForHost(request.headers.get("host"));
    if (!live) return problem(404, "No dealer site answers at this address.");

    const limits = deps.limits ?? LEAD_LIMITS;
    const client = clientKey(request);
    const limiter = await deps.limiter();
    const scope = { site: live.slug, purpose: "lead", client, now: deps.now?.() };
    // A solved challenge was issued to this client after its client and network limits counted it: it passes the site's cap once.
    if (!(await redeemChallenge(limiter, request, scope))) {
      // In order, each counted only when the one before passed: a client over its limit uses up nothing of the site's.
      const limited = await hitInOrder(limiter, [
        { key: `lead:client:${live.slug}:${client}`, ...limits.perClient },
        { key: `lead:network:${live.slug}:${networkKey(client)}`, ...limits.perNetwork },
      ]);
      if (!limited.ok) {
        const retry = limited.retryAfterS;
        return problem(429, `Too many enquiries were sent from here in a short time. Please try again in ${retry} seconds.`, {}, { "retry-after": String(retry) });
      }
      // The site's cap: past it a challenge the browser solves (server/http/challenge.ts), past its ladder a refusal.
      const cap = await capOrChallenge(limiter, { key: `lead:site:${live.slug}`, ...limits.perSite, ...siteLadder(limits) }, scope);
      if (!cap.ok) {
        const retry = String(cap.retryAfterS);
        if (cap.challenge) return problem(429, LEADS_BUSY, { challenge: cap.challenge }, { "retry-after": retry });
        return problem(429, `This site is receiving too many enquiries right now. Please try again in ${retry} seconds.`, {}, { "retry-after": retry });
      }
    }

    const key = request.headers.get("idempotency-key");
    if (!key) return problem(400, "The Idempotency-Key header is required: send a new random key with each lead, and the same key when retrying it.");
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) return problem(400, "The Idempotency-Key header must be 8 to 200 characters of letters, digits and . _ : -");

    // A body cut off on the way (the stream failed) is the sender's problem too.
    const text = await readBody(request).catch((e: unknown) => {
      throw e instanceof HttpError ? e : new BadRequest("The form's data could not be read.");
    });
    if (!text.trim()) return problem(400, "The body is empty; send the lead as JSON.");
    const body = parseJsonText(text, { invalidJson: () => "The body is not valid JSON." });

    // Honeypot: people never see the `website` field; a bot that fills it is told it succeeded.
    if (body && typeof body === "object" && !Array.isArray(body)) {
      const trap = (body as Record<string, unknown>).website;
      if (typeof trap === "string" ? trap.trim() !== "" : trap !== undefined && trap !== null && trap !== false) return json(200, { lead_id: randomUUID() });
    }

    const now = deps.now?.() ?? new Date();
    const result = validateLead(body);
    if (!result.ok) {
      // A lead without a known form gets the lead schema's messages (one says which forms there are).
      const form = formOf(body);
      if (!form) return invalid(result.errors);
      // The form's messages are the ones the visitor's form shows; the lead schema's add the rest.
      const sent = body as { fields?: { vehicle_make?: unknown }; isLastStep?: unknown };
      const make = sent.fields?.vehicle_make;
      return invalid(mergeErrors(formProblems(live.document, form, sent, typeof make === "string" ? make : null, now), result.errors));
    }
    const lead = result.lead;
    delete lead.website;
    // A trade-in lead carries an offer the server made: only the trade-in API (server/trade-in/http.ts) stores one.
    if (lead.form === "trade-in") return invalid([{ pointer: "/form", message: "is sent by the trade-in wizard (/api/eval-expert/update-eval), not here" }]);
    // A reservation's lead names a payment the server took: only the reservations API (server/reservations) stores one.
    if (lead.form === "reserve") return invalid([{ pointer: "/form", message: "is sent when a deposit is paid (/api/reservations), not here" }]);
    if (lead.form === "service" && !takesServiceBookings(live.document)) return problem(404, "This site does not take service bookings online.");
    if (lead.lead_id !== undefined && lead.form !== "service") return invalid([{ pointer: "/lead_id", message: "is only sent by the service booking's later steps" }]);

    const db = await deps.db();
    let vehicle: StoredVehicle | null = null;
    if (lead.car_id) {
      vehicle = await getVehicle(db, lead.car_id);
      const ids = new Set((live.document.dealerships ?? []).map((d) => d.id));
      if (vehicle && !ids.has(vehicle.dealership_id)) vehicle = null; // another site's car: treated as unknown
    }
    const errors = formProblems(live.document, lead.form, lead, vehicle?.make ?? lead.fields.vehicle_make ?? null, now);
    if (errors.length) return invalid(mergeErrors(errors, []));
    // Consent is recorded only when the visitor was asked: a form without the opt-in box records none.
    if (!asksOptIn(live.document, lead.form, vehicle?.make ?? lead.fields.vehicle_make ?? null)) delete lead.fields.opt_in;
    const dealership = routeLead(live.document, lead, vehicle);
    if (dealership instanceof Response) return dealership;

    const identity = live.document.identity;
    const site = { slug: live.slug, name: identity.name, currency: identity.currency };
    // A service booking goes by e-mail only, to the service department (ADF 1.0 has no service element; README, Leads).
    const to =
      lead.form === "service"
        ? { id: dealership.id, name: dealership.name, leadEmail: serviceRecipient(serviceBookingSpec(live.document), lead) ?? dealership.leadEmail, phone: dealership.phone }
        : { id: dealership.id, name: dealership.name, leadEmail: dealership.leadEmail, crmUrl: dealership.crmUrl, phone: dealership.phone };
    if (lead.lead_id) {
      // A later step of the service booking moves on the lead its first step stored (still in progress, this site's).
      const [row] = await db.select({ payload: leads.payload, ownerTokenHash: leads.ownerTokenHash }).from(leads).where(and(eq(leads.id, lead.lead_id), eq(leads.tenant, live.slug)));
      const stored = row?.payload as Partial<Lead> | undefined;
      if (!stored || stored.form !== "service") return problem(404, "There is no such service booking on this site. Please start again.");
      // Only the visitor who started it (the first step's token) moves it on.
      if (!ownerTokenMatches(row.ownerTokenHash, request.headers.get(LEAD_TOKEN_HEADER))) return problem(403, NOT_YOUR_BOOKING);
      if (stored.lead_status !== LEAD_STATUS_IN_PROGRESS) return problem(409, "This service booking was already sent.");
      const moved = await updateLeadStage(db, { lead, leadId: lead.lead_id, site, dealership: to, vehicle: null });
      if (!moved) return problem(404, "There is no such service booking on this site. Please start again.");
      if (lead.isLastStep !== false) deps.stored?.(lead.lead_id);
      return json(200, { lead_id: lead.lead_id });
    }
    // The same key with another lead: an IdempotencyConflictError, 409.
    // A signed-in visitor's lead is theirs: their My Garage lists it.
    const userId = await signedInUserId(request, { db, tenant: live.document, now });
    const { leadId, created } = await storeLead(db, { lead, site, dealership: to, vehicle }, key, { userId });
    if (created) deps.stored?.(leadId);
    const replayed: Record<string, string> = created ? {} : { "idempotent-replayed": "true" };
    if (lead.form === "service" && lead.isLastStep === false) {
      // The booking's later steps need this token; a retry (its key is the visitor's secret) gets a new one.
      const owner = newOwnerToken();
      await db.update(leads).set({ ownerTokenHash: owner.hash }).where(eq(leads.id, leadId));
      return json(200, { lead_id: leadId, lead_token: owner.token }, replayed);
    }
    return json(200, { lead_id: leadId }, replayed);
  } catch (e) {
    return errorResponse(e, { body: underError, unexpected: UNEXPECTED_ERROR, log: "[leads] a lead could not be stored:" });
  }
}
