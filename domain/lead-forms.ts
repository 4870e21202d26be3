/**
 * The site's lead forms as rules (spec leads §2 screens 1–3, §3, §4, §5; search-and-vehicle-detail
 * §2 dialogs): which fields each form shows, which are required, their options, the lead's category
 * and the messages a person reads. `leadFormSpec` turns the tenant's settings into a form;
 * `leadFormSchema` turns a form into a JSON Schema for the lead. One definition, imported by both:
 * the browser form (react-hook-form) and POST /api/leads validate with it
 * (domain/lead-form-validation.ts), so a field the site requires is refused by both.
 */
import leadSchema from "../schemas/lead.schema.json";
import type { Lead } from "../schemas/generated/lead";
import type { Dealership, Location, TenantDocument } from "../schemas/generated/tenant";
import { ANALYTICS_EVENTS, type AnalyticsEvent } from "./analytics";
import { formatMoney } from "./vehicle-display";
import { POSTCODE_MESSAGE } from "./postcode-message";
import { STEP_INCOMPLETE } from "./step-gate";

export type LeadFormKind = Lead["form"];
export const LEAD_FORM_KINDS = leadSchema.properties.form.enum as LeadFormKind[];

// Texts from the spec (leads §5, §8), word for word.
export const FORM_ERROR = "An error occurred when submitting this form";
/** What the form shows under the alert when the server gave no message of its own (spelt as the spec spells it). */
export const UNEXPECTED_ERROR = "An unexpected error occured";
export const FIX_ERRORS = "Please fix the following errors:";
export { POSTCODE_MESSAGE };
export const DEFAULT_TERMS_MESSAGE = "*You must agree to the terms of use before submitting";
export const DEFAULT_DEALERSHIP_PLACEHOLDER = "Please select a dealership...";
export const SUCCESS_TITLE = "Thank you";
export const SUCCESS_TEXT = "Your enquiry has been sent. A member of our team will be in touch shortly.";
export const privacyConsent = (group: string) => `By submitting this enquiry, I agree to the ${group} Privacy Policy.`;
export { STEP_INCOMPLETE };
export const stepLabel = (index: number, count: number) => `Step ${index + 1} of ${count}`;
export const NEXT_LABEL = "Next";
export const BACK_LABEL = "Back";
export const BUDGET_LABEL = "Vehicle Price / Budget";
export const BUDGET_MESSAGE = (label: string) => `${label} must be an amount in whole dollars, such as $30,000.`;

// Categories (leads §4 Careers, §9 configuration defaults).
export const DEFAULT_CATEGORY = "General Enquiry";
export const CAREERS_CATEGORY = "Careers Enquiry";
export const CAREER_SUBCATEGORY = "Career Enquiry";
const FIXED_CATEGORY: Record<Exclude<LeadFormKind, "enquiry">, { category: string; subcategory?: string }> = {
  careers: { category: DEFAULT_CATEGORY, subcategory: CAREER_SUBCATEGORY },
  finance: { category: "Finance Enquiry" },
  "vehicle-enquiry": { category: "Vehicle Enquiry" },
  "test-drive": { category: "Test Drive" },
  "request-photos": { category: "Request Photos" },
  hero: { category: DEFAULT_CATEGORY },
  // TRADE_IN_CATEGORY (domain/trade-in.ts imports this module, so it is spelt out here; a test keeps the two equal).
  "trade-in": { category: "Trade-In" },
  // SERVICE_CATEGORY (domain/service-booking.ts imports this module; its own spec and rules apply, not leadFormSpec's).
  service: { category: "Service Booking" },
  // RESERVE_CATEGORY (server/reservations: the lead a paid deposit sends; the contact part is this form's).
  reserve: { category: "Reserve Online" },
};

// Default wording where the spec paraphrases (leads §5 "consent wording", "notice").
export const TERMS_LABEL = "I acknowledge the Personal Information Collection Statement and Privacy Policy and agree to the Terms of Use.";
export const OPT_IN_LABEL = "Keep me up to date with news and offers";
export const noticeText = (group: string) =>
  `By submitting this form you consent to receiving future communications from ${group}. You can opt out at any time by replying STOP or using the opt-out link in our e-mails.`;

/**
 * The form fields: the lead's `fields` keys (and the top-level `category`). The tenant schema's step
 * settings (definitions.formStep) list the same names; a test keeps the two equal.
 */
export const FIELD_NAMES = [
  "category",
  "first_name",
  "last_name",
  "email",
  "phone",
  "postcode",
  "vehicle_price_budget",
  "message",
  "rego",
  "location_id",
  "dealership_slug",
  "preferred_date",
  "opt_in",
  "terms_conditions",
] as const;
export type FieldName = (typeof FIELD_NAMES)[number];

export interface FormOption {
  value: string;
  label: string;
  /** For location options: the dealership the location belongs to (the location select narrows to the chosen dealership). */
  dealership?: string;
}

export interface FormField {
  name: FieldName;
  label: string;
  /** price: a money amount typed freely, shown as $ with thousands separators (leads §5 field formats), sent in whole dollars. */
  control: "text" | "email" | "tel" | "textarea" | "select" | "checkbox" | "datetime-local" | "price";
  required: boolean;
  autoComplete?: string;
  inputMode?: "numeric" | "tel" | "email";
  maxLength?: number;
  options?: FormOption[];
  placeholder?: string;
  /** For a price field: how amounts are written on the site. */
  money?: Money;
}

export type Money = Pick<TenantDocument["identity"], "locale" | "currency">;
const DEFAULT_MONEY: Money = { locale: "en-AU", currency: "AUD" };

/** One step of a multi-step form (leads §4): its fields in the form's order. */
export interface FormStep {
  title: string;
  description?: string;
  fields: FieldName[];
  /** Lists the earlier steps' answers on this step. */
  review: boolean;
}

/** One form as the browser renders it and the server checks it. Plain data: passed from server to client components. */
export interface LeadFormSpec {
  kind: LeadFormKind;
  fields: FormField[];
  /** The lead's category when no category is chosen. */
  category: string;
  subcategory?: string;
  /** With a category select: every category a lead may carry (after the careers mapping). */
  categories?: string[];
  /** The terms message as shown (leads §8 "Terms not ticked"). */
  termsMessage: string;
  /** A multi-step form's steps (at least two); absent for a form shown in one piece. */
  steps?: FormStep[];
}

export type FormsTenant = Pick<TenantDocument, "forms" | "locations" | "dealerships"> & { identity?: Partial<Money> };

type Rule = { show: boolean; required: boolean; label?: string };
type EnquirySettings = TenantDocument["forms"]["enquiry"];
/** The schema's defaults of the enquiry form's fields (schemas/tenant.schema.json), for a document read without them applied. */
export const ENQUIRY_FIELD_DEFAULTS: Record<keyof EnquirySettings["fields"], Rule> = {
  message: { show: true, required: true },
  category: { show: true, required: true },
  registration: { show: false, required: false },
  location: { show: false, required: true },
  dealership: { show: false, required: true },
  optIn: { show: true, required: false },
  terms: { show: false, required: false },
  budget: { show: true, required: false },
};
const rule = (e: Partial<EnquirySettings> | undefined, key: keyof EnquirySettings["fields"]): Rule => ({ ...ENQUIRY_FIELD_DEFAULTS[key], ...(e?.fields?.[key] ?? {}) });

/** The dealership dropdown's settings with the schema's defaults. */
type DealershipSelect = TenantDocument["forms"]["dealershipSelect"];
const selectSettings = (tenant: FormsTenant): DealershipSelect => ({
  placeholder: DEFAULT_DEALERSHIP_PLACEHOLDER,
  filterByMake: false,
  excludedLocationIds: [],
  showCityNames: false,
  ...((tenant.forms?.dealershipSelect ?? {}) as Partial<DealershipSelect>),
});

/** A make as location manufacturer slugs spell it: lower case, spaces replaced with hyphens (leads §5). */
export const makeSlug = (make: string) => make.trim().toLowerCase().replace(/\s+/g, "-");

/** A location's name without its departments: "Redgate Trucks Glenvale Service and Parts" → "Redgate Trucks Glenvale". */
export const locationBaseName = (name: string) => name.replace(/\s+(Sales|Service|Parts)(\s*(?:,|and|&)\s*(Sales|Service|Parts))*$/i, "").trim();

const TYPE_SERVES: Record<NonNullable<DealershipSelect["locationType"]>, Location["location_type"][]> = {
  sales: ["sales"],
  service: ["service", "service-and-parts"],
  parts: ["parts", "service-and-parts"],
  "service-and-parts": ["service-and-parts"],
};

/** Locations a visitor may pick: visible, named, not excluded by the site (leads §4 Locations, §5). */
function pickableLocations(tenant: FormsTenant): Location[] {
  const excluded = new Set(selectSettings(tenant).excludedLocationIds);
  return (tenant.locations ?? []).filter((l) => l.visible !== false && l.name?.trim() && !excluded.has(l.id));
}

/**
 * The dealership dropdown (leads §5): one option per dealership, from the site's pickable locations,
 * narrowed by location type or a fixed list of dealership slugs, and by make when the site filters
 * by make and a make is known (the make's spaces become hyphens; a make no location sells leaves the
 * list unfiltered, so the form can still be sent). Labels are the location's name (without its
 * department suffix) or, on sites that show city names, its city; a label two dealerships would
 * share gets the dealership's name.
 */
export function dealershipOptions(tenant: FormsTenant, make?: string | null): FormOption[] {
  const settings = selectSettings(tenant);
  const bySlug = new Map((tenant.dealerships ?? []).map((d) => [d.id, d] as const));
  let locations = pickableLocations(tenant).filter((l) => bySlug.has(l.dealership_id));
  if (settings.locationType) {
    const serves = TYPE_SERVES[settings.locationType];
    locations = locations.filter((l) => serves.includes(l.location_type));
  }
  if (settings.fixedDealershipSlugs?.length) {
    const fixed = new Set(settings.fixedDealershipSlugs);
    locations = locations.filter((l) => fixed.has(bySlug.get(l.dealership_id)!.slug));
  }
  if (settings.filterByMake && make?.trim()) {
    const slug = makeSlug(make);
    const selling = locations.filter((l) => l.manufacturers?.includes(slug));
    if (selling.length) locations = selling;
  }
  const seen = new Set<string>();
  const options: (FormOption & { dealershipName: string })[] = [];
  for (const l of locations) {
    const d = bySlug.get(l.dealership_id) as Dealership;
    if (seen.has(d.slug)) continue;
    seen.add(d.slug);
    options.push({ value: d.slug, label: settings.showCityNames ? l.address.city : locationBaseName(l.name), dealershipName: d.name });
  }
  const count = new Map<string, number>();
  for (const o of options) count.set(o.label, (count.get(o.label) ?? 0) + 1);
  return options.map(({ value, label, dealershipName }) => ({ value, label: count.get(label)! > 1 ? `${label} (${dealershipName})` : label }));
}

/** Workshops and parts counters: no car is sold, shown or driven there. */
const AFTER_SALES: ReadonlySet<Location["location_type"]> = new Set(["service", "parts", "service-and-parts"]);

/**
 * The location select: every pickable location of a dealership on the site, by name; for a test
 * drive (`salesOnly`) only where cars are sold, never a service or parts site.
 */
export function locationOptions(tenant: FormsTenant, opts: { salesOnly?: boolean } = {}): FormOption[] {
  const slugs = new Map((tenant.dealerships ?? []).map((d) => [d.id, d.slug] as const));
  return pickableLocations(tenant)
    .filter((l) => slugs.has(l.dealership_id) && !(opts.salesOnly && AFTER_SALES.has(l.location_type)))
    .map((l) => ({ value: String(l.id), label: l.name, dealership: slugs.get(l.dealership_id) }));
}

/** Careers (leads §4): the Careers Enquiry category is sent as General Enquiry with subcategory Career Enquiry. */
export function mapCategory(category: string): { category: string; subcategory?: string } {
  return category === CAREERS_CATEGORY ? { category: DEFAULT_CATEGORY, subcategory: CAREER_SUBCATEGORY } : { category };
}

const contact = (phoneLabel: string): FormField[] => [
  { name: "first_name", label: "First Name", control: "text", required: true, autoComplete: "given-name", maxLength: 100 },
  { name: "last_name", label: "Last Name", control: "text", required: true, autoComplete: "family-name", maxLength: 100 },
  { name: "email", label: "Email Address", control: "email", required: true, autoComplete: "email", inputMode: "email", maxLength: 254 },
  { name: "phone", label: phoneLabel, control: "tel", required: true, autoComplete: "tel", inputMode: "tel", maxLength: 20 },
];
const messageField = (label: string, required: boolean): FormField => ({ name: "message", label, control: "textarea", required, maxLength: 5000 });
const optInField = (r: Rule): FormField => ({ name: "opt_in", label: r.label || OPT_IN_LABEL, control: "checkbox", required: false });
const termsField = (label: string | undefined, required: boolean): FormField => ({ name: "terms_conditions", label: label || TERMS_LABEL, control: "checkbox", required });
const locationField = (tenant: FormsTenant, label: string, required: boolean, opts: { salesOnly?: boolean } = {}): FormField => ({
  name: "location_id",
  label,
  control: "select",
  required,
  options: locationOptions(tenant, opts),
  placeholder: "Please select a location...",
});

/**
 * A form of the site. `make` is the car's make (VDP dialogs) or the page's (an enquiry form on a
 * brand page): the dealership dropdown filters by it where the site says so. A form the site shows
 * in steps (forms.multiStep) carries them.
 */
export function leadFormSpec(tenant: FormsTenant, kind: LeadFormKind, opts: { make?: string | null } = {}): LeadFormSpec {
  const spec = formOf(tenant, kind, opts);
  const steps = stepsOf(tenant, spec);
  return steps ? { ...spec, steps } : spec;
}

function formOf(tenant: FormsTenant, kind: LeadFormKind, opts: { make?: string | null }): LeadFormSpec {
  const e = tenant.forms?.enquiry as Partial<EnquirySettings> | undefined;
  const termsMessage = `${e?.termsMessage ?? DEFAULT_TERMS_MESSAGE}.`;
  const fields: FormField[] = [];
  const optIn = rule(e, "optIn");
  const terms = rule(e, "terms");

  if (kind === "enquiry" || kind === "careers" || kind === "finance") {
    fields.push(...contact("Phone Number"));
    const category = rule(e, "category");
    const categories = e?.categories?.length ? [...e.categories] : [DEFAULT_CATEGORY];
    const withSelect = kind === "enquiry" && category.show;
    if (withSelect) {
      fields.push({ name: "category", label: category.label || "Enquiry Type", control: "select", required: category.required, options: categories.map((c) => ({ value: c, label: c })), placeholder: "Please select..." });
    }
    const location = rule(e, "location");
    if (location.show) fields.push(locationField(tenant, location.label || "Location", location.required));
    const dealership = rule(e, "dealership");
    if (dealership.show) {
      fields.push({
        name: "dealership_slug",
        label: dealership.label || "Dealership",
        control: "select",
        required: dealership.required,
        options: dealershipOptions(tenant, opts.make),
        placeholder: selectSettings(tenant).placeholder || DEFAULT_DEALERSHIP_PLACEHOLDER,
      });
    }
    const budget = rule(e, "budget");
    if (kind === "finance" && budget.show) {
      const money = { ...DEFAULT_MONEY, ...(tenant.identity?.locale ? { locale: tenant.identity.locale } : {}), ...(tenant.identity?.currency ? { currency: tenant.identity.currency } : {}) };
      fields.push({ name: "vehicle_price_budget", label: budget.label || BUDGET_LABEL, control: "price", required: budget.required, inputMode: "numeric", maxLength: 20, autoComplete: "off", money });
    }
    const rego = rule(e, "registration");
    if (rego.show) fields.push({ name: "rego", label: rego.label || "Registration", control: "text", required: rego.required, maxLength: 10, autoComplete: "off" });
    const message = rule(e, "message");
    if (message.show) fields.push(messageField(message.label || "Message", message.required));
    if (optIn.show) fields.push(optInField(optIn));
    if (terms.show) fields.push(termsField(terms.label, terms.required));
    if (withSelect) {
      const mapped = [...new Set([DEFAULT_CATEGORY, ...categories.map((c) => mapCategory(c).category)])];
      return { kind, fields, category: DEFAULT_CATEGORY, categories: mapped, termsMessage };
    }
    return { kind, fields, ...(kind === "enquiry" ? { category: DEFAULT_CATEGORY } : FIXED_CATEGORY[kind]), termsMessage };
  }

  if (kind === "hero") {
    const [first, last, email] = contact("Mobile Number");
    fields.push(first, last, { name: "postcode", label: "Postcode", control: "text", required: true, autoComplete: "postal-code", inputMode: "numeric", maxLength: 4 });
    fields.push({ ...contact("Mobile Number")[3] }, email);
    if (locationOptions(tenant).length) fields.push(locationField(tenant, "Location", true));
    return { kind, fields, ...FIXED_CATEGORY.hero, termsMessage };
  }

  if (kind === "trade-in") {
    // The contact part of the trade-in wizard's Step Four (spec §3, §5); the car's answers are checked by domain/trade-in.ts.
    const [first, last, email, phone] = contact("Phone Number");
    fields.push(first, { ...last, required: false }, email, phone, { name: "postcode", label: "Postcode", control: "text", required: true, autoComplete: "postal-code", inputMode: "numeric", maxLength: 4 });
    return { kind, fields, ...FIXED_CATEGORY[kind], termsMessage };
  }

  if (kind === "reserve") {
    // Reserve online and the online purchase (leads §9): the buyer's contact details; the card is domain/payment-card.ts's.
    const [first, last, email, phone] = contact("Phone Number");
    fields.push(first, last, { ...email, required: true }, { ...phone, required: true });
    return { kind, fields, ...FIXED_CATEGORY[kind], termsMessage };
  }

  // The VDP dialogs (search-and-vehicle-detail §2, §5): contact fields and an optional message.
  fields.push(...contact("Phone Number"));
  const testDrive = { locationChooser: false, dateTime: true, terms: false, ...((tenant.forms?.testDrive ?? {}) as Partial<TenantDocument["forms"]["testDrive"]>) };
  if (kind === "test-drive") {
    if (testDrive.locationChooser && locationOptions(tenant, { salesOnly: true }).length) fields.push(locationField(tenant, "Preferred Location", true, { salesOnly: true }));
    if (testDrive.dateTime) fields.push({ name: "preferred_date", label: "Preferred Date and Time", control: "datetime-local", required: false });
  }
  fields.push(messageField("Message", false));
  if (kind !== "request-photos" && optIn.show) fields.push(optInField(optIn));
  if (kind === "test-drive" && testDrive.terms) fields.push(termsField(terms.label, true));
  if (kind === "vehicle-enquiry" && terms.show) fields.push(termsField(terms.label, terms.required));
  return { kind, fields, ...FIXED_CATEGORY[kind], termsMessage };
}

// ——— Multi-step forms (leads §4) ———

/**
 * The steps the site sets for a form (forms.multiStep): each keeps the fields it names that the form
 * shows (a field named twice stays on its first step), in the form's order; fields no step names go
 * on the last step, so nothing the form requires is out of reach; a step left with no fields and no
 * review is dropped. Fewer than two steps left: the form is shown in one piece.
 */
function stepsOf(tenant: FormsTenant, spec: LeadFormSpec): FormStep[] | undefined {
  // The trade-in wizard's and the service booking's steps are their own (domain/trade-in.ts, domain/service-booking.ts), not the site's forms.multiStep.
  if (spec.kind === "trade-in" || spec.kind === "service" || spec.kind === "reserve") return undefined;
  const configured = (tenant.forms?.multiStep as Partial<TenantDocument["forms"]["multiStep"]> | undefined)?.[spec.kind];
  if (!configured?.length) return undefined;
  const shown = new Set(spec.fields.map((f) => f.name));
  const placed = new Set<FieldName>();
  const named = configured.map((s) => {
    const mine = new Set<FieldName>();
    for (const n of s.fields as FieldName[]) {
      if (shown.has(n) && !placed.has(n)) {
        mine.add(n);
        placed.add(n);
      }
    }
    return { s, mine };
  });
  for (const f of spec.fields) if (!placed.has(f.name)) named[named.length - 1].mine.add(f.name);
  const steps = named
    .map(({ s, mine }) => ({
      title: s.title.trim(),
      ...(s.description?.trim() ? { description: s.description.trim() } : {}),
      fields: spec.fields.filter((f) => mine.has(f.name)).map((f) => f.name),
      review: s.review === true,
    }))
    .filter((s) => s.fields.length || s.review);
  return steps.length >= 2 ? steps : undefined;
}

/** The step a field is on (0 for a form shown in one piece). */
export function stepOf(spec: Pick<LeadFormSpec, "steps">, name: FieldName): number {
  const i = spec.steps?.findIndex((s) => s.fields.includes(name)) ?? -1;
  return i < 0 ? 0 : i;
}

/** The first step with a problem among `names` (e.g. a form's errors), or null when none has one. */
export function firstStepWith(spec: Pick<LeadFormSpec, "steps">, names: (FieldName | null)[]): number | null {
  const steps = names.filter((n): n is FieldName => !!n).map((n) => stepOf(spec, n));
  return steps.length ? Math.min(...steps) : null;
}

// ——— Money fields (leads §5 "Price field: $ with thousands separators") ———

/** An amount as the visitor typed it ("$30,000", "30000", "29,990.50") in whole dollars, or null when it is not one. */
export function parsePrice(text: string): number | null {
  const t = text.replace(/[\s$,]/g, "");
  return /^\d{1,12}(\.\d{1,2})?$/.test(t) ? Math.round(Number(t)) : null;
}

/** An amount as a price field shows it: $ with thousands separators, whole dollars. */
export const formatPrice = (amount: number, money: Money = DEFAULT_MONEY) => formatMoney(Math.round(amount), money);

// ——— Finance links' query (leads §2 routes: preferredDealership, vehiclePriceBudget, car_id, car_type) ———

export const FINANCE_QUERY = { dealership: "preferredDealership", budget: "vehiclePriceBudget", carId: "car_id", carType: "car_type" } as const;
/** A vehicle id as the lead schema takes it. */
export const CAR_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,79}$/;
const CAR_TYPES = new Set(["new", "used", "demo"]);

export interface QueryPrefill {
  /** Starting values for the form's fields. */
  values: FormValues;
  carId?: string;
  /** Hidden fields the lead carries. */
  defaults: Partial<Lead["fields"]>;
}

/**
 * What a finance link's query gives the finance form: the dealership preselected (or, without a
 * dealership select, carried as the lead's dealership when it is one of `dealerships`, the site's
 * slugs), the budget in its field, the car's id on the lead and its type as hidden fields. Anything
 * that is not one of these, or not valid, is ignored.
 */
export function financeQueryPrefill(spec: LeadFormSpec, params: URLSearchParams, dealerships: string[] = []): QueryPrefill {
  const out: QueryPrefill = { values: {}, defaults: {} };
  const dealership = params.get(FINANCE_QUERY.dealership)?.trim();
  const select = spec.fields.find((f) => f.name === "dealership_slug");
  if (dealership) {
    if (select?.options?.some((o) => o.value === dealership)) out.values.dealership_slug = dealership;
    else if (!select && dealerships.includes(dealership)) out.defaults.dealership_slug = dealership;
  }
  const budgetField = spec.fields.find((f) => f.name === "vehicle_price_budget");
  const budget = parsePrice(params.get(FINANCE_QUERY.budget) ?? "");
  if (budgetField && budget !== null && budget > 0) out.values.vehicle_price_budget = formatPrice(budget, budgetField.money);
  const carId = params.get(FINANCE_QUERY.carId)?.trim();
  if (carId && CAR_ID.test(carId)) out.carId = carId;
  const carType = params.get(FINANCE_QUERY.carType)?.trim().toLowerCase();
  if (carType && CAR_TYPES.has(carType)) {
    out.defaults.car_type = carType as "new" | "used" | "demo";
    out.defaults.vehicle_status = out.defaults.car_type;
  }
  return out;
}

/** The analytics event of a sent lead (leads §9, search-and-vehicle-detail §7). */
export function leadEventId(
  kind: LeadFormKind,
  opts: { carType?: string | null; tag?: string | null; category?: string | null; modal?: boolean } = {},
): AnalyticsEvent["id"] {
  const used = opts.carType === "used";
  switch (kind) {
    case "careers":
      return ANALYTICS_EVENTS.careers;
    case "enquiry":
      return opts.category === CAREERS_CATEGORY ? ANALYTICS_EVENTS.careers : ANALYTICS_EVENTS.enquiryDefault;
    case "finance":
      return opts.modal ? ANALYTICS_EVENTS.financeEnquiryModal : ANALYTICS_EVENTS.enquiryDefault;
    case "test-drive":
      return opts.tag === "Test Drive Only" || !used ? ANALYTICS_EVENTS.testDriveNew : ANALYTICS_EVENTS.usedTestDrive;
    case "vehicle-enquiry":
    case "request-photos":
      return used ? ANALYTICS_EVENTS.usedEnquiry : ANALYTICS_EVENTS.enquiry;
    case "hero":
      return ANALYTICS_EVENTS.enquiryDefault;
    case "trade-in":
      return ANALYTICS_EVENTS.tradeIn;
    case "service":
    case "reserve":
      return ANALYTICS_EVENTS.enquiryDefault;
  }
}

// ——— The lead as JSON Schema ———

type JsonSchema = Record<string, unknown>;
const LEAD_FIELDS = leadSchema.properties.fields.properties as Record<string, JsonSchema>;
const LEAD_DEFINITIONS = leadSchema.definitions as Record<string, JsonSchema>;

/** The lead schema's own rule for a field (patterns, lengths, formats), resolved and copied. */
function baseFieldSchema(name: Exclude<FieldName, "category">): JsonSchema {
  const own = LEAD_FIELDS[name];
  const ref = typeof own.$ref === "string" ? LEAD_DEFINITIONS[own.$ref.replace("#/definitions/", "")] : own;
  const { description: _d, default: _default, ...rest } = ref;
  return { ...rest };
}

/**
 * The JSON Schema a form's lead must meet, on top of the lead schema: the required fields (a
 * required text must not be empty), the options of each select, the category list, terms ticked.
 */
export function leadFormSchema(spec: LeadFormSpec, opts: { partial?: boolean } = {}): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const f of spec.fields) {
    if (f.name === "category") continue;
    const s = baseFieldSchema(f.name);
    if (f.options) s.enum = f.options.map((o) => (f.name === "location_id" ? Number(o.value) : o.value));
    if (f.name === "terms_conditions" && f.required) s.const = true;
    if (f.required && s.type === "string") s.minLength = Math.max(Number(s.minLength ?? 0), 1);
    properties[f.name] = s;
    if (f.required) required.push(f.name);
  }
  return {
    type: "object",
    required: ["category", "fields"],
    properties: {
      category: spec.categories
        ? { type: "string", ...(spec.fields.some((f) => f.name === "category" && f.required) ? { minLength: 1 } : {}), enum: spec.categories }
        : { type: "string", const: spec.category },
      // An earlier step of a multi-step form (partial): the fields it carries must be right; the rest are asked for later.
      fields: { type: "object", required: opts.partial ? [] : required, properties },
    },
  };
}

// ——— Messages ———

/** What a validator reports (ajv's ErrorObject, the parts used). */
export interface RawError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

export interface FieldError {
  /** The form field, or null for a problem with the lead that no field shows. */
  name: FieldName | null;
  pointer: string;
  message: string;
}

/** The field a JSON pointer in a lead names: /category, or /fields/{name}. */
export function fieldAt(spec: Pick<LeadFormSpec, "fields">, pointer: string): FieldName | null {
  const name = pointer === "/category" ? "category" : pointer.startsWith("/fields/") ? pointer.slice("/fields/".length) : null;
  return name && spec.fields.some((f) => f.name === name) ? (name as FieldName) : null;
}

/** The message a person reads for one failed rule of a field. */
export function fieldMessage(spec: LeadFormSpec, field: FormField, keyword: string, params: Record<string, unknown> = {}): string {
  if (field.name === "terms_conditions") return spec.termsMessage;
  if (field.name === "postcode") return POSTCODE_MESSAGE;
  const missing = keyword === "required" || (keyword === "minLength" && params.limit === 1);
  if (missing) return `${field.label} is required.`;
  if (keyword === "maxLength") return `${field.label} must be at most ${params.limit} characters.`;
  if (keyword === "enum" || keyword === "const") return `Please choose one of the listed options for ${field.label}.`;
  switch (field.name) {
    case "email":
      return "Please enter a valid email address.";
    case "phone":
      return "Please enter a valid phone number.";
    case "first_name":
    case "last_name":
      return `${field.label} must not contain < > { } or control characters.`;
    case "rego":
      return `${field.label} may only contain letters, digits, spaces and hyphens.`;
    case "preferred_date":
      return "Please choose a valid date and time.";
    case "vehicle_price_budget":
      return BUDGET_MESSAGE(field.label);
    default:
      return `${field.label} is not valid.`;
  }
}

/** A validator's errors as messages, one per field, in the form's order. */
export function formErrors(spec: LeadFormSpec, raw: RawError[]): FieldError[] {
  const byField = new Map<FieldName, FieldError>();
  const other: FieldError[] = [];
  for (const e of raw) {
    const pointer = e.keyword === "required" ? `${e.instancePath}/${String(e.params.missingProperty)}` : e.instancePath;
    const name = fieldAt(spec, pointer);
    const field = name ? spec.fields.find((f) => f.name === name) : undefined;
    if (!name || !field) {
      other.push({ name: null, pointer, message: pointer === "/category" ? "Please choose one of the listed options for the category." : `${pointer || "The form"} is not valid.` });
      continue;
    }
    // One message per field; "is required" wins over what else an empty value breaks (e.g. the option list).
    const missing = e.keyword === "required" || (e.keyword === "minLength" && e.params.limit === 1);
    if (!byField.has(name) || missing) byField.set(name, { name, pointer: name === "category" ? "/category" : `/fields/${name}`, message: fieldMessage(spec, field, e.keyword, e.params) });
  }
  const ordered = spec.fields.map((f) => byField.get(f.name)).filter((x): x is FieldError => !!x);
  return [...ordered, ...other];
}

// ——— From form values to the lead ———

export type FormValues = Partial<Record<FieldName, string | boolean>>;

/** What the page knows besides what the visitor typed (leads §3 "Enquiry form defaults", §7). */
export interface LeadContext {
  url?: string;
  userAgent?: string;
  carId?: string;
  carDealershipId?: number;
  /** Hidden fields: dealership_slug, manufacturer_slug, stock_number, vehicle_make, vehicle_model, car_type, vehicle_status, page_id … */
  defaults?: Partial<Lead["fields"]>;
  attributes?: Lead["lead_attributes"];
  /** The honeypot's value (people leave it empty). */
  honeypot?: string;
}

/** The lead a form sends: what was typed (empty fields left out) over the page's defaults. */
export function buildLead(spec: LeadFormSpec, values: FormValues, ctx: LeadContext = {}): Lead {
  const fields: Record<string, unknown> = { ...(ctx.defaults ?? {}) };
  let category = spec.category;
  let subcategory = spec.subcategory;
  for (const f of spec.fields) {
    const v = values[f.name];
    if (f.control === "checkbox") {
      fields[f.name] = v === true;
      continue;
    }
    const text = typeof v === "string" ? v.trim() : "";
    if (f.name === "category") {
      // A required category left unchosen is sent empty, so both validators say it is required.
      if (text) ({ category, subcategory = spec.subcategory } = mapCategory(text));
      else if (f.required) category = "";
      continue;
    }
    if (!text) {
      delete fields[f.name];
      continue;
    }
    if (f.control === "price") {
      // Sent in whole dollars; what is not an amount is sent as typed, so both validators word it.
      fields[f.name] = parsePrice(text) ?? text;
      continue;
    }
    fields[f.name] = f.name === "location_id" && /^\d+$/.test(text) ? Number(text) : text;
  }
  const lead: Lead = {
    source: "Website",
    form: spec.kind,
    category,
    ...(subcategory ? { subcategory } : {}),
    fields: fields as Lead["fields"],
    isLastStep: true,
  };
  if (ctx.url) lead.url = ctx.url.slice(0, 2048);
  if (ctx.userAgent) lead.user_agent = ctx.userAgent.slice(0, 512);
  if (ctx.carId) lead.car_id = ctx.carId;
  if (ctx.carDealershipId) lead.car_dealership_id = ctx.carDealershipId;
  if (ctx.attributes) lead.lead_attributes = ctx.attributes;
  if (ctx.honeypot) lead.website = ctx.honeypot.slice(0, 2048);
  return lead;
}
