/**
 * A lead as an analytics and advertising event, the same in the browser (gtag / Meta pixel) and on
 * the server (GA4 Measurement Protocol / Meta Conversions API, server/leads/lead-events.ts): one event
 * id per lead, so Meta de-duplicates the browser's Lead and the server's, and the same ASC department
 * and form type on both sides.
 */
import type { LeadFormKind } from "./lead-forms";

/** The event id of a lead's conversion (Meta's event_id / eventID, GA4's event_id parameter): derived from the lead id, so a retry or a replay names the same event. */
export function leadEventId(leadId: string): string {
  return `lead.${leadId}`;
}

export type AscDepartment = "sales" | "service" | "trade";

export const CAREER_SUBCATEGORY = "Career Enquiry";

/**
 * The Automotive Standards Council's department of a lead; null for a lead that is not a customer's:
 * a job application (the careers form, or the enquiry form's "Career Enquiry") is no conversion.
 */
export function ascDepartment({ form, subcategory }: { form: LeadFormKind; subcategory?: string }): AscDepartment | null {
  if (form === "careers" || subcategory === CAREER_SUBCATEGORY) return null;
  if (form === "service") return "service";
  if (form === "trade-in") return "trade";
  return "sales";
}

/** ASC's form_type of each of the site's forms. */
export const ASC_FORM_TYPE: Record<LeadFormKind, string> = {
  enquiry: "consumer_contact",
  hero: "consumer_contact",
  "vehicle-enquiry": "vehicle_inquiry",
  "request-photos": "vehicle_inquiry",
  "test-drive": "test_drive",
  finance: "credit_app",
  "trade-in": "trade_in",
  service: "service_appointment",
  reserve: "reservation",
  careers: "employment",
};

/**
 * What a lead's server-side events need besides the lead (server/leads/lead-events.ts): decided when
 * the visitor's request is read, and kept on a reservation until its lead is stored.
 */
export interface LeadEventPlan {
  ga4?: { measurementId: string; clientId: string; sessionId?: number; adsGranted: boolean };
  meta?: { pixelId: string; fbp?: string; fbc?: string };
  ip: string | null;
  userAgent: string | null;
  /** The site's public origin (its first domain, else the one requested), and the host names a lead's page may be on. */
  origin: string;
  hosts: string[];
  country: "au" | "nz";
}
