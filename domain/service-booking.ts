/**
 * The service booking (spec leads §2 screens 5 and 8, §3 "Service booking", §4 "Service wizard",
 * §5 "Service", §8, §9; issue 15): the site's variant as steps of fields, the rules a step must meet
 * before the next shows, the preferred date checked against the chosen service department's hours
 * (holiday hours respected, in the site's time zone), the lead each step sends and who receives it.
 * One definition, imported by both: the booking block checks a step with `serviceProblems`, and
 * POST /api/leads checks a lead of form "service" with the same function (server/leads/http.ts).
 */
import type { Lead } from "../schemas/generated/lead";
import type { TenantDocument } from "../schemas/generated/tenant";
import { dayText, hoursOn, preferredDateProblem, type HoursSource } from "./opening-hours";
import { locationsOfType } from "./locations";
import type { FormOption } from "./lead-forms";
import { STEP_INCOMPLETE } from "./step-gate";
import { TRADE_IN_STATES } from "./trade-in";
import { countryTerms } from "./terms";
import { siteTerms } from "./vehicle-terms";

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

type SpecTenant = Pick<TenantDocument, "forms" | "locations" | "dealerships"> & { identity: Pick<TenantDocument["identity"], "timeZone" | "state" | "locale"> & { stockKinds?: readonly string[] } };

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
  const dealershipNames = new Map((tenant.dealerships ?? []).map((d) => [d.slug, d.name] as const));
  const dealerships = [...new Set(locations.map((l) => l.dealership))];
  const australian = !!tenant.identity.state;

  const fields: ServiceField[] = [
    {
      name: "first_name",
      label: "First Name",
      control: "text",
      required: true,
      autoComplete: "given-name",
      maxLength: 100,
    },
    {
      name: "last_name",
      label: "Last Name",
      control: "text",
      required: true,
      autoComplete: "family-name",
      maxLength: 100,
    },
    {
      name: "email",
      label: "Email Address",
      control: "email",
      required: true,
      autoComplete: "email",
      inputMode: "email",
      maxLength: 254,
    },
    {
      name: "phone",
      label: "Mobile Number",
      control: "tel",
      required: true,
      autoComplete: "tel",
      inputMode: "tel",
      maxLength: 20,
    },
    {
      name: "rego",
      label: countryTerms(tenant.identity.locale).vehiclePlate,
      control: "text",
      required: minimal,
      maxLength: 10,
    },
    ...(australian
      ? [
          {
            name: "state",
            label: "Vehicle State",
            control: "select",
            required: minimal,
            options: TRADE_IN_STATES.map((x) => ({ value: x, label: x })),
          } satisfies ServiceField,
        ]
      : []),
    {
      name: "vehicle_make",
      label: "Vehicle Make",
      control: "text",
      required: minimal,
      maxLength: 80,
    },
    {
      name: "vehicle_model",
      label: "Vehicle Model",
      control: "text",
      required: minimal,
      maxLength: 80,
    },
    {
      name: "vehicle_year",
      label: "Vehicle Year",
      control: "text",
      required: minimal,
      inputMode: "numeric",
      maxLength: 4,
    },
    {
      name: "service_interval",
      label: "Service Interval",
      control: "select",
      required: s.intervalRequired,
      options: s.intervals.map((x) => ({ value: x, label: x })),
    },
    ...(minimal
      ? [
          {
            name: "dealership_slug",
            label: "Dealership",
            control: "select",
            required: true,
            options: dealerships.map((d) => ({
              value: d,
              label: dealershipNames.get(d) ?? d,
            })),
            placeholder: "Please select a dealership...",
          } satisfies ServiceField,
        ]
      : []),
    {
      name: "location_id",
      label: "Service Location",
      control: "select",
      required: minimal,
      options: locations.map((l) => ({
        value: String(l.id),
        label: l.name,
        dealership: l.dealership,
      })),
      placeholder: "Please select a location...",
    },
    ...(s.serviceTypes.length
      ? [
          {
            name: "service_type",
            label: "Service Type",
            control: "select",
            required: true,
            options: s.serviceTypes.map((x) => ({ value: x, label: x })),
          } satisfies ServiceField,
        ]
      : []),
    {
      name: "preferred_date",
      label: "Preferred Service Date",
      control: "date",
      required: false,
    },
    {
      name: "tyres_replacement",
      label: "I would also like a quote for replacement tyres",
      control: "checkbox",
      required: false,
    },
    {
      name: "comments",
      label: "Comments",
      control: "textarea",
      required: false,
      maxLength: 5000,
    },
  ];
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

// ——— Rules ———

export interface ServiceProblem {
  name: ServiceFieldName;
  pointer: string;
  message: string;
}

const text = (v: unknown) => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");
const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const PHONE = /^[0-9+() -]{6,20}$/;
const REGO = /^[A-Za-z0-9 -]{1,10}$/;
const NAME = /^[^<>{}\u0000-\u001f\u007f]*$/;

/** The latest vehicle year accepted: next year's models are sold this year. */
export const maxVehicleYear = (now: Date) => now.getUTCFullYear() + 1;

/**
 * The problems of the booking's values, in the form's order, one per field (none: fine). `only`: the
 * fields of one step (the step gate), or those an earlier step's lead carries. `now`: today, for the
 * preferred date (read in the site's time zone).
 */
export function serviceProblems(spec: ServiceBookingSpec, values: ServiceValues, opts: { now: Date; only?: readonly ServiceFieldName[] }): ServiceProblem[] {
  const wanted = opts.only ? new Set(opts.only) : null;
  const problems: ServiceProblem[] = [];
  for (const f of spec.fields) {
    if (wanted && !wanted.has(f.name)) continue;
    const message = fieldProblem(spec, f, values, opts.now);
    if (message) problems.push({ name: f.name, pointer: `/fields/${f.name}`, message });
  }
  return problems;
}

function fieldProblem(spec: ServiceBookingSpec, f: ServiceField, values: ServiceValues, now: Date): string | null {
  const raw = values[f.name];
  if (f.control === "checkbox") return raw === undefined || typeof raw === "boolean" ? null : `${f.label} is not valid.`;
  const v = text(raw);
  if (!v) return f.required ? `${f.label} is required.` : null;
  if (f.maxLength && v.length > f.maxLength) return `${f.label} must be at most ${f.maxLength} characters.`;
  if (f.control === "select") {
    const options = f.name === "location_id" ? locationChoices(spec, values.dealership_slug) : (f.options ?? []);
    return options.some((o) => o.value === v) ? null : `Please choose one of the listed options for ${f.label}.`;
  }
  switch (f.name) {
    case "first_name":
    case "last_name":
      return NAME.test(v) ? null : `${f.label} must not contain < > { } or control characters.`;
    case "email":
      return EMAIL.test(v) ? null : "Please enter a valid email address.";
    case "phone":
      return PHONE.test(v) ? null : "Please enter a valid phone number.";
    case "rego":
      return REGO.test(v) ? null : `${f.label} may only contain letters, digits, spaces and hyphens.`;
    case "vehicle_year": {
      const max = maxVehicleYear(now);
      return /^\d{4}$/.test(v) && Number(v) >= MIN_YEAR && Number(v) <= max ? null : yearMessage(max);
    }
    case "preferred_date":
      return dateProblem(spec, v, values.location_id, now);
    default:
      return null;
  }
}

/**
 * The preferred date (§2 screen 5, issue 15): not before today, and a day the chosen location's
 * service department opens (holiday hours respected); with no location chosen, a day one of the
 * site's service locations opens.
 */
function dateProblem(spec: ServiceBookingSpec, day: string, locationId: unknown, now: Date): string | null {
  const chosen = spec.locations.find((l) => String(l.id) === text(locationId));
  const candidates = chosen ? [chosen] : spec.locations;
  if (!candidates.length) return preferredDateProblem({ location_type: "service" }, day, spec.timeZone, now) === "invalid" ? DATE_INVALID : null;
  const found = candidates.map((l) => preferredDateProblem(l.hours, day, spec.timeZone, now));
  if (found.includes(null)) return null;
  if (found.includes("invalid")) return DATE_INVALID;
  if (found.includes("past")) return DATE_PAST;
  return dateClosed(day, hoursOn(candidates[0].hours, day, spec.timeZone, "service").holiday);
}

/** The fields a step shows (the step gate checks these). */
export const stepFields = (spec: Pick<ServiceBookingSpec, "steps">, step: number): ServiceFieldName[] => spec.steps[step]?.fields ?? [];

/** The step a field is on. */
export const serviceStepOf = (spec: Pick<ServiceBookingSpec, "steps">, name: ServiceFieldName) =>
  Math.max(
    0,
    spec.steps.findIndex((s) => s.fields.includes(name)),
  );

// ——— The lead ———

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

// ——— Where the booking is ———

/** The site's service page: its first page with a service-booking block (null: the site has none). */
export function servicePage<P extends { path?: string; blocks: { type: string }[] }>(doc: { pages: readonly P[] }): P | null {
  return doc.pages.find((p) => p.path && p.blocks.some((b) => b.type === "service-booking")) ?? null;
}

/** Whether the site takes service bookings itself (a service page, and no external booking page instead). */
export function takesServiceBookings(doc: { forms?: { service?: Partial<ServiceSettings> }; pages: readonly { path?: string; blocks: { type: string }[] }[] }): boolean {
  return !serviceSettings(doc).externalBookingUrl && servicePage(doc) !== null;
}
