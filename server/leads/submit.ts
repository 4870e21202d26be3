/**
 * A lead from a site's form, once the request is read (server/leads/http.ts): checked against the
 * lead schema and the site's form rules, routed to a dealership, and stored with its outbox rows.
 * Plain data in and out; every refusal is a thrown HttpError (the endpoint answers it as { error, … }).
 */
import { randomUUID } from "node:crypto";
import type { Db } from "../db";
import type { LiveDocument } from "../tenants/store";
import { getVehicle } from "../inventory/store";
import type { StoredVehicle } from "../inventory/vehicle";
import type { SchemaError } from "../../domain/schema-errors";
import { FIX_ERRORS, LEAD_FORM_KINDS, leadFormSpec, type LeadFormKind } from "../../domain/lead-forms";
import { type FieldError } from "../../domain/lead-form-messages";
import { validateLeadForm } from "../../domain/lead-form-validation";
import { serviceBookingSpec, takesServiceBookings, LEAD_STATUS_IN_PROGRESS, NOT_YOUR_BOOKING } from "../../domain/service-booking";
import { serviceLeadProblems, serviceRecipient } from "../../domain/service-booking-lead";
import { newOwnerToken, ownerTokenMatches } from "../http/owner-token";
import { HttpError, type ErrorBody } from "../errors";
import { validateLead, type Lead } from "./validation";
import { setLeadOwnerTokenHash, siteLead, storeLead, updateLeadStage } from "./store";
import { planLeadEvents, type LeadVisitor } from "./lead-events";
import { leadEventId } from "../../domain/lead-event";

/** 422 with each error's pointer: { error: FIX_ERRORS, errors }. */
export class LeadInvalid extends HttpError {
  constructor(readonly errors: SchemaError[]) {
    super(422, FIX_ERRORS);
  }
  override body(): ErrorBody {
    return { message: this.message, errors: this.errors };
  }
}

const invalid = (errors: SchemaError[]) => new LeadInvalid(errors);

/** What the endpoint read from the request. */
export interface LeadSubmission {
  /** The parsed JSON body. */
  body: unknown;
  /** The Idempotency-Key header (already checked). */
  key: string;
  /** The Lead-Token header (a service booking's later steps). */
  leadToken: string | null;
  /** The signed-in visitor, asked only when a new lead is stored. */
  userId: () => Promise<number | null>;
  now: Date;
  /** Called after a lead was stored: wakes the outbox worker. */
  stored?: (leadId: string) => void;
  /** The visitor's cookies, address and browser: for the lead's server-side analytics events, when they consented. */
  visitor?: LeadVisitor;
}

/**
 * What the visitor is answered: the lead's id, its conversion event id (the browser's Lead /
 * asc_form_submission event carries the same, so the platforms count the lead once), a service
 * booking's first-step token, and whether the key was seen before.
 */
export interface SubmittedLead {
  lead_id: string;
  event_id: string;
  lead_token?: string;
  replayed: boolean;
}

type Dealership = NonNullable<LiveDocument["document"]["dealerships"]>[number];

/** Which dealership gets the lead: the one named (car_dealership_id, dealership_slug, location), the car's, or the site's first. */
function routeLead(doc: LiveDocument["document"], lead: Lead, vehicle: StoredVehicle | null): Dealership {
  const dealerships = doc.dealerships ?? [];
  if (lead.car_dealership_id !== undefined) {
    const d = dealerships.find((x) => x.id === lead.car_dealership_id);
    if (!d) throw new HttpError(404, `Dealership ${lead.car_dealership_id} is not on this site.`);
    if (vehicle && vehicle.dealership_id !== d.id) throw invalid([{ pointer: "/car_dealership_id", message: `is not the dealership of vehicle ${JSON.stringify(vehicle.id)}` }]);
    return d;
  }
  if (lead.fields.dealership_slug !== undefined) {
    const d = dealerships.find((x) => x.slug === lead.fields.dealership_slug);
    if (!d) throw new HttpError(404, `There is no dealership "${lead.fields.dealership_slug}" on this site.`);
    return d;
  }
  if (lead.fields.location_id !== undefined) {
    const location = (doc.locations ?? []).find((l) => l.id === lead.fields.location_id);
    if (!location) throw invalid([{ pointer: "/fields/location_id", message: "is not a location of this site" }]);
    const d = dealerships.find((x) => x.id === location.dealership_id);
    if (d) return d;
  }
  if (vehicle) {
    const d = dealerships.find((x) => x.id === vehicle.dealership_id);
    if (d) return d;
  }
  if (!dealerships[0]) throw new HttpError(404, "This site has no dealership to send the lead to.");
  return dealerships[0];
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

/** Whether the honeypot field `website` (people never see it) was filled: a bot, told it succeeded. */
function caughtInHoneypot(body: unknown): boolean {
  if (!body || typeof body !== "object" || Array.isArray(body)) return false;
  const trap = (body as Record<string, unknown>).website;
  return typeof trap === "string" ? trap.trim() !== "" : trap !== undefined && trap !== null && trap !== false;
}

/** Checks, routes and stores a lead for the site (or moves a service booking's lead on). */
export async function submitLead(db: Db, live: LiveDocument, input: LeadSubmission): Promise<SubmittedLead> {
  const { body, now } = input;
  if (caughtInHoneypot(body)) {
    const leadId = randomUUID();
    return { lead_id: leadId, event_id: leadEventId(leadId), replayed: false };
  }

  const result = validateLead(body);
  if (!result.ok) {
    // A lead without a known form gets the lead schema's messages (one says which forms there are).
    const form = formOf(body);
    if (!form) throw invalid(result.errors);
    // The form's messages are the ones the visitor's form shows; the lead schema's add the rest.
    const sent = body as { fields?: { vehicle_make?: unknown }; isLastStep?: unknown };
    const make = sent.fields?.vehicle_make;
    throw invalid(mergeErrors(formProblems(live.document, form, sent, typeof make === "string" ? make : null, now), result.errors));
  }
  const lead = result.lead;
  delete lead.website;
  // A trade-in lead carries an offer the server made: only the trade-in API (server/trade-in/http.ts) stores one.
  if (lead.form === "trade-in") throw invalid([{ pointer: "/form", message: "is sent by the trade-in wizard (/api/eval-expert/update-eval), not here" }]);
  // A reservation's lead names a payment the server took: only the reservations API (server/reservations) stores one.
  if (lead.form === "reserve") throw invalid([{ pointer: "/form", message: "is sent when a deposit is paid (/api/reservations), not here" }]);
  if (lead.form === "service" && !takesServiceBookings(live.document)) throw new HttpError(404, "This site does not take service bookings online.");
  if (lead.lead_id !== undefined && lead.form !== "service") throw invalid([{ pointer: "/lead_id", message: "is only sent by the service booking's later steps" }]);

  let vehicle: StoredVehicle | null = null;
  if (lead.car_id) {
    vehicle = await getVehicle(db, lead.car_id);
    const ids = new Set((live.document.dealerships ?? []).map((d) => d.id));
    if (vehicle && !ids.has(vehicle.dealership_id)) vehicle = null; // another site's car: treated as unknown
  }
  const errors = formProblems(live.document, lead.form, lead, vehicle?.make ?? lead.fields.vehicle_make ?? null, now);
  if (errors.length) throw invalid(mergeErrors(errors, []));
  // Consent is recorded only when the visitor was asked: a form without the opt-in box records none.
  if (!asksOptIn(live.document, lead.form, vehicle?.make ?? lead.fields.vehicle_make ?? null)) delete lead.fields.opt_in;
  const dealership = routeLead(live.document, lead, vehicle);

  const identity = live.document.identity;
  const site = { slug: live.slug, name: identity.name, currency: identity.currency };
  // A service booking goes by e-mail only, to the service department (ADF 1.0 has no service element; README, Leads).
  const to =
    lead.form === "service"
      ? { id: dealership.id, name: dealership.name, leadEmail: serviceRecipient(serviceBookingSpec(live.document), lead) ?? dealership.leadEmail, phone: dealership.phone }
      : { id: dealership.id, name: dealership.name, leadEmail: dealership.leadEmail, crmUrl: dealership.crmUrl, phone: dealership.phone };
  // Only for the step that completes the lead (its deliveries are queued then).
  const events = input.visitor && lead.isLastStep !== false ? await planLeadEvents(db, live.slug, live.document, input.visitor) : null;
  if (lead.lead_id) {
    // A later step of the service booking moves on the lead its first step stored (still in progress, this site's).
    const row = await siteLead(db, live.slug, lead.lead_id);
    const stored = row?.payload as Partial<Lead> | undefined;
    if (!row || !stored || stored.form !== "service") throw new HttpError(404, "There is no such service booking on this site. Please start again.");
    // Only the visitor who started it (the first step's token) moves it on.
    if (!ownerTokenMatches(row.ownerTokenHash, input.leadToken)) throw new HttpError(403, NOT_YOUR_BOOKING);
    if (stored.lead_status !== LEAD_STATUS_IN_PROGRESS) throw new HttpError(409, "This service booking was already sent.");
    const moved = await updateLeadStage(db, { lead, leadId: lead.lead_id, site, dealership: to, vehicle: null }, events);
    if (!moved) throw new HttpError(404, "There is no such service booking on this site. Please start again.");
    if (lead.isLastStep !== false) input.stored?.(lead.lead_id);
    return { lead_id: lead.lead_id, event_id: leadEventId(lead.lead_id), replayed: false };
  }
  // The same key with another lead: an IdempotencyConflictError, 409.
  // A signed-in visitor's lead is theirs: their My Garage lists it.
  const userId = await input.userId();
  const { leadId, created } = await storeLead(db, { lead, site, dealership: to, vehicle }, input.key, { userId, events });
  if (created) input.stored?.(leadId);
  if (lead.form === "service" && lead.isLastStep === false) {
    // The booking's later steps need this token; a retry (its key is the visitor's secret) gets a new one.
    const owner = newOwnerToken();
    await setLeadOwnerTokenHash(db, leadId, owner.hash);
    return { lead_id: leadId, event_id: leadEventId(leadId), lead_token: owner.token, replayed: !created };
  }
  return { lead_id: leadId, event_id: leadEventId(leadId), replayed: !created };
}
