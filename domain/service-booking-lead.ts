/** The lead each step of a service booking sends, the server's check of it, and who receives it (spec leads §3, §8, §9). */
import type { Lead } from "../schemas/generated/lead";
import { LEAD_STATUS_COMPLETE, LEAD_STATUS_IN_PROGRESS, SERVICE_CATEGORY, SERVICE_FIELD_NAMES, SERVICE_PAGE_TITLE, type ServiceBookingSpec, type ServiceValues } from "./service-booking";
import { serviceProblems, text } from "./service-booking-rules";

export interface ServiceLeadContext {
  /** Sent on the last step: lead_status Complete, form_completed true (§4). */
  last: boolean;
  /** The lead an earlier step stored (its answer's lead_id): this step moves it on. */
  leadId?: string | null;
  url?: string;
  userAgent?: string;
  attributes?: Lead["lead_attributes"];
  honeypot?: string;
}

/**
 * The lead a step sends (§3 "Service booking", §4): what was typed so far (empty fields left out),
 * category Service Booking, PageTitle Service, and its progress. The dealership is the one chosen, or
 * in the full variant the chosen location's.
 */
export function buildServiceLead(spec: ServiceBookingSpec, values: ServiceValues, ctx: ServiceLeadContext): Lead {
  const fields: Record<string, unknown> = {};
  for (const f of spec.fields) {
    const v = values[f.name];
    if (f.control === "checkbox") {
      if (v === true) fields[f.name] = true;
      else if (v === false) fields[f.name] = false;
      continue;
    }
    const t = text(v);
    if (!t) continue;
    if (f.name === "location_id" || f.name === "vehicle_year") fields[f.name] = /^\d+$/.test(t) ? Number(t) : t;
    else fields[f.name] = f.name === "rego" ? t.toUpperCase() : t;
  }
  if (!fields.dealership_slug && typeof fields.location_id === "number") {
    const location = spec.locations.find((l) => l.id === fields.location_id);
    if (location) fields.dealership_slug = location.dealership;
  }
  fields.page_title = SERVICE_PAGE_TITLE;
  const lead: Lead = {
    source: "Website",
    form: "service",
    category: SERVICE_CATEGORY,
    fields: fields as Lead["fields"],
    lead_status: ctx.last ? LEAD_STATUS_COMPLETE : LEAD_STATUS_IN_PROGRESS,
    form_completed: ctx.last,
    isLastStep: ctx.last,
  };
  if (ctx.leadId) lead.lead_id = ctx.leadId;
  if (ctx.url) lead.url = ctx.url.slice(0, 2048);
  if (ctx.userAgent) lead.user_agent = ctx.userAgent.slice(0, 512);
  if (ctx.attributes) lead.lead_attributes = ctx.attributes;
  if (ctx.honeypot) lead.website = ctx.honeypot.slice(0, 2048);
  return lead;
}

/** A lead's fields as the form's values (the server checks a lead with the browser's rules). */
export function serviceValuesOf(fields: Record<string, unknown>): ServiceValues {
  const values: ServiceValues = {};
  for (const name of SERVICE_FIELD_NAMES) {
    const v = fields[name];
    if (typeof v === "boolean") values[name] = v;
    else if (typeof v === "string" || typeof v === "number") values[name] = String(v);
  }
  return values;
}

/**
 * The lead's problems under the site's rules: an earlier step (isLastStep false) for the fields it
 * carries, the last step for every field. Also refuses the wrong category or progress.
 */
export function serviceLeadProblems(
  spec: ServiceBookingSpec,
  lead: Pick<Lead, "category" | "fields" | "isLastStep" | "lead_status" | "form_completed">,
  now: Date,
): { pointer: string; message: string }[] {
  const fields = (lead.fields ?? {}) as Record<string, unknown>;
  const partial = lead.isLastStep === false;
  const carried = SERVICE_FIELD_NAMES.filter((n) => fields[n] !== undefined);
  const problems: { pointer: string; message: string }[] = serviceProblems(spec, serviceValuesOf(fields), { now, ...(partial ? { only: carried } : {}) });
  if (lead.category !== SERVICE_CATEGORY)
    problems.push({
      pointer: "/category",
      message: `must be ${SERVICE_CATEGORY}`,
    });
  const complete = lead.lead_status === LEAD_STATUS_COMPLETE && lead.form_completed === true;
  if (partial === complete)
    problems.push({
      pointer: "/lead_status",
      message: `the last step sends lead_status ${LEAD_STATUS_COMPLETE} and form_completed true, an earlier step ${LEAD_STATUS_IN_PROGRESS} and false`,
    });
  return problems;
}

/**
 * Who receives a service booking (issue 15): the chosen service location's e-mail, else its
 * dealership's lead address (null: the dealership's address from the caller).
 */
export function serviceRecipient(spec: Pick<ServiceBookingSpec, "locations">, lead: Pick<Lead, "fields">): string | null {
  const location = spec.locations.find((l) => l.id === lead.fields.location_id);
  return location?.email ?? null;
}
