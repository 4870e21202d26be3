/**
 * The service booking (spec leads §2 screens 5 and 8, §3 "Service booking", §4 "Service wizard",
 * §5 "Service", §8, §9; issue 15): the site's variant as steps of fields, the rules a step must meet
 * before the next shows, the preferred date checked against the chosen service department's hours
 * (holiday hours respected, in the site's time zone), the lead each step sends and who receives it.
 * One definition, imported by both: the booking block checks a step with `serviceProblems`, and
 * POST /api/leads checks a lead of form "service" with the same function (server/leads/http.ts).
 * Beside this file: the form's fields (./service-booking-fields.ts), the rules
 * (./service-booking-rules.ts) and the lead (./service-booking-lead.ts).
 */
import type { TenantDocument } from "../schemas/generated/tenant";
import { dayText, type HoursSource } from "./opening-hours";
import { locationsOfType } from "./locations";
import type { FormOption } from "./lead-forms";
import { STEP_INCOMPLETE } from "./step-gate";
import { siteTerms } from "./vehicle-terms";
import { serviceFields } from "./service-booking-fields";

export { STEP_INCOMPLETE };

// Texts from the spec, word for word (§2 screens 5 and 8, §3).
export const SERVICE_CATEGORY = "Service Booking";
export const SERVICE_PAGE_TITLE = "Service";
export const LEAD_STATUS_COMPLETE = "Complete";
/** An earlier step's lead (ours: the spec names only Complete). */
export const LEAD_STATUS_IN_PROGRESS = "In Progress";
/**
 * The header a service booking's later steps carry: the token its first step answered (lead_token),
 * so only the visitor who started the booking can move it on (server/leads/http.ts).
 */
export const LEAD_TOKEN_HEADER = "lead-token";
/** A later step without the first step's token (403): nothing stored changes. */
export const NOT_YOUR_BOOKING = "This service booking was started in another browser, so it cannot be continued here. Please start your booking again.";
export const CONTACT_DETAILS = "Contact Details";
export const VEHICLE_DETAILS = "Vehicle Details";
export const ORDER_DETAILS = "Order Details";
export const GENUINE_SERVICING = "GENUINE SERVICING";
export const SERVICE_FEATURES = ["Genuine Parts", "Ongoing maintenance plan", "Software Updates", "Full Health Checks"] as const;
export const BOOK_NOW = "BOOK NOW";
export const BOOK_A_SERVICE = "Book a Service";
export const CALL_US_NOW = "Call Us Now";
/** The booking form's anchor on the service page (§2 routes). */
export const SERVICE_FORM_ANCHOR = "service-form";
/** The service page's paths (§2 routes): /book-a-service is served by the site's service page. */
export const SERVICE_PATH = "/service";
export const BOOK_A_SERVICE_PATH = "/book-a-service";

// Our wording where the spec gives none.
export const DATE_PAST = "Please choose a date from today onwards.";
export const DATE_INVALID = "Please choose a valid date.";
export const dateClosed = (day: string, holiday?: string) => `Our service department is closed on ${dayText(day)}${holiday ? ` (${holiday})` : ""}. Please choose another day.`;
export const yearMessage = (max: number) => `Please enter a year between ${MIN_YEAR} and ${max}.`;
export const FIND_VEHICLE = "Find my vehicle";
export const VEHICLE_FOUND = "We found your vehicle. Please check its details.";
export const VEHICLE_NOT_FOUND = "We could not find your vehicle from its registration. Please enter its make, model and year.";
export const SUBMIT_LABEL = "Book a Service";
export const MIN_YEAR = 1900;

/** The Service Interval choices when the site lists none. */
export const DEFAULT_SERVICE_INTERVALS = [
  "First service (1,000 km or 1 month)",
  "10,000 km or 12 months",
  "20,000 km or 24 months",
  "30,000 km or 36 months",
  "40,000 km or 48 months",
  "50,000 km or 60 months",
  "60,000 km or 72 months",
  "More than 60,000 km",
  "Not sure",
];

/**
 * The choices for a site that sells only caravans (domain/vehicle-terms.ts serviceBasis "months"):
 * a caravan has no odometer, so its service falls due by the calendar.
 */
export const DEFAULT_CARAVAN_SERVICE_INTERVALS = [
  "First service (3 months after delivery)",
  "12-month (annual) service",
  "24-month service",
  "36-month service",
  "48-month service",
  "60-month service",
  "More than 5 years since the last service",
  "Not sure",
];

/** The Service Interval choices when the site lists none: by km, or by months on a site of caravans only. */
export const defaultServiceIntervals = (identity: { stockKinds?: readonly string[] | null } | undefined) =>
  siteTerms(identity ?? {}).serviceBasis === "months" ? DEFAULT_CARAVAN_SERVICE_INTERVALS : DEFAULT_SERVICE_INTERVALS;

export type ServiceSettings = TenantDocument["forms"]["service"];
export type ServiceVariant = "full" | "minimal";

/** The site's service settings with the schema's defaults (a document read without them applied). */
export function serviceSettings(tenant: { forms?: { service?: Partial<ServiceSettings> }; identity?: { stockKinds?: readonly string[] | null } }) {
  const s = tenant.forms?.service ?? {};
  return {
    variant: (s.variant ?? "full") as ServiceVariant,
    orderDetailsStep: s.orderDetailsStep ?? true,
    intervalRequired: s.intervalRequired ?? true,
    serviceTypes: s.serviceTypes ?? [],
    intervals: s.intervals?.length ? s.intervals : defaultServiceIntervals(tenant.identity),
    disclaimers: s.disclaimers ?? [],
    externalBookingUrl: s.externalBookingUrl ?? null,
  };
}

export const SERVICE_FIELD_NAMES = [
  "first_name",
  "last_name",
  "email",
  "phone",
  "rego",
  "state",
  "vehicle_make",
  "vehicle_model",
  "vehicle_year",
  "service_interval",
  "dealership_slug",
  "location_id",
  "service_type",
  "preferred_date",
  "tyres_replacement",
  "comments",
] as const;
export type ServiceFieldName = (typeof SERVICE_FIELD_NAMES)[number];
export type ServiceValues = Partial<Record<ServiceFieldName, string | boolean>>;

export interface ServiceField {
  name: ServiceFieldName;
  label: string;
  control: "text" | "email" | "tel" | "select" | "date" | "textarea" | "checkbox";
  required: boolean;
  options?: FormOption[];
  placeholder?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "tel" | "email";
  maxLength?: number;
}

export interface ServiceStep {
  key: "contact" | "vehicle" | "order";
  title: string;
  fields: ServiceFieldName[];
}

/** A service location as the form needs it: plain data, passed from server to client components. */
export interface ServiceLocation {
  id: number;
  name: string;
  dealership: string;
  email?: string;
  phone?: string;
  hours: HoursSource;
}

export interface ServiceBookingSpec {
  variant: ServiceVariant;
  steps: ServiceStep[];
  fields: ServiceField[];
  timeZone: string;
  locations: ServiceLocation[];
  disclaimers: { locationIds: number[]; text: string }[];
  /** The minimal variant's registration lookup fills make, model and year. */
  lookup: boolean;
}

export type SpecTenant = Pick<TenantDocument, "forms" | "locations" | "dealerships"> & { identity: Pick<TenantDocument["identity"], "timeZone" | "state" | "locale"> & { stockKinds?: readonly string[] } };

/** The site's service locations (shown, of a dealership on the site), in the document's order. */
export function serviceLocations(tenant: Pick<TenantDocument, "locations" | "dealerships">): ServiceLocation[] {
  const slugs = new Map((tenant.dealerships ?? []).map((d) => [d.id, d.slug] as const));
  return locationsOfType(tenant.locations ?? [], "service")
    .filter((l) => slugs.has(l.dealership_id))
    .map((l) => ({
      id: l.id,
      name: l.name,
      dealership: slugs.get(l.dealership_id)!,
      ...(l.contact_detail?.email ? { email: l.contact_detail.email } : {}),
      ...(l.contact_detail?.phone ? { phone: l.contact_detail.phone } : {}),
      hours: {
        opening_hours: l.opening_hours,
        special_hours: l.special_hours,
        location_type: l.location_type,
      },
    }));
}

/**
 * The booking form of a site (§2 screen 5). Full: Contact Details, Vehicle Details (with the service
 * interval), Order Details. Minimal: Vehicle Details (registration, then make, model and year, found
 * or typed), Contact Details (with the service interval), and Order Details where the site keeps it —
 * without it the order fields go on the Contact Details step. Location and dealership are required in
 * the minimal variant (§5); the full variant asks for the location only, its dealership follows.
 */
export function serviceBookingSpec(tenant: SpecTenant): ServiceBookingSpec {
  const s = serviceSettings(tenant);
  const minimal = s.variant === "minimal";
  const locations = serviceLocations(tenant);
  const australian = !!tenant.identity.state;

  const fields = serviceFields(tenant, s, locations);
  const shown = new Set(fields.map((f) => f.name));
  const only = (names: ServiceFieldName[]) => names.filter((n) => shown.has(n));
  const contact = only(["first_name", "last_name", "email", "phone"]);
  const vehicle = only(["rego", "state", "vehicle_make", "vehicle_model", "vehicle_year"]);
  const order = only(["dealership_slug", "location_id", "service_type", "preferred_date", "tyres_replacement", "comments"]);
  const steps: ServiceStep[] = minimal
    ? [
        { key: "vehicle", title: VEHICLE_DETAILS, fields: vehicle },
        {
          key: "contact",
          title: CONTACT_DETAILS,
          fields: [...contact, "service_interval", ...(s.orderDetailsStep ? [] : order)],
        },
        ...(s.orderDetailsStep
          ? [
              {
                key: "order",
                title: ORDER_DETAILS,
                fields: order,
              } satisfies ServiceStep,
            ]
          : []),
      ]
    : [
        { key: "contact", title: CONTACT_DETAILS, fields: contact },
        {
          key: "vehicle",
          title: VEHICLE_DETAILS,
          fields: [...vehicle, "service_interval"],
        },
        { key: "order", title: ORDER_DETAILS, fields: order },
      ];
  return {
    variant: s.variant,
    steps,
    fields,
    timeZone: tenant.identity.timeZone,
    locations,
    disclaimers: s.disclaimers,
    lookup: minimal && australian,
  };
}

/** The location choices shown: the chosen dealership's service locations (all before one is chosen). */
export function locationChoices(spec: Pick<ServiceBookingSpec, "fields">, dealership: unknown): FormOption[] {
  const all = spec.fields.find((f) => f.name === "location_id")?.options ?? [];
  if (typeof dealership !== "string" || !dealership) return all;
  return all.filter((o) => o.dealership === dealership);
}

/** The disclaimers of a location (§9: "Service disclaimers apply to location ids …", per site). */
export function serviceDisclaimers(spec: Pick<ServiceBookingSpec, "disclaimers">, locationId: number | null | undefined): string[] {
  if (!locationId) return [];
  return spec.disclaimers.filter((d) => d.locationIds.includes(locationId)).map((d) => d.text);
}

// ——— Where the booking is ———

/** The site's service page: its first page with a service-booking block (null: the site has none). */
export function servicePage<P extends { path?: string; blocks: { type: string }[] }>(doc: { pages: readonly P[] }): P | null {
  return doc.pages.find((p) => p.path && p.blocks.some((b) => b.type === "service-booking")) ?? null;
}

/** Whether the site takes service bookings itself (a service page, and no external booking page instead). */
export function takesServiceBookings(doc: { forms?: { service?: Partial<ServiceSettings> }; pages: readonly { path?: string; blocks: { type: string }[] }[] }): boolean {
  return !serviceSettings(doc).externalBookingUrl && servicePage(doc) !== null;
}
