/**
 * The site's lead forms as rules (spec leads §2 screens 1–3, §3, §4, §5; search-and-vehicle-detail
 * §2 dialogs): which fields each form shows, which are required, their options, the lead's category
 * and the messages a person reads. `leadFormSpec` turns the tenant's settings into a form;
 * `leadFormSchema` (./lead-form-schema.ts) turns a form into a JSON Schema for the lead. One
 * definition, imported by both: the browser form (react-hook-form) and POST /api/leads validate with
 * it (domain/lead-form-validation.ts), so a field the site requires is refused by both. Beside this
 * file: the dealership and location selects (./lead-form-options.ts), multi-step forms
 * (./lead-form-steps.ts), error messages (./lead-form-messages.ts) and the lead built from what was
 * typed (./lead-form-values.ts).
 */
import leadSchema from "../schemas/lead.schema.json";
import type { Lead } from "../schemas/generated/lead";
import type { TenantDocument } from "../schemas/generated/tenant";
import { CAREER_SUBCATEGORY } from "./lead-event";
import { ANALYTICS_EVENTS, type AnalyticsEvent } from "./analytics";
import { POSTCODE_MESSAGE } from "./postcode-message";
import { STEP_INCOMPLETE } from "./step-gate";
import { DEFAULT_DEALERSHIP_PLACEHOLDER, dealershipOptions, locationOptions, selectSettings } from "./lead-form-options";
import { stepsOf } from "./lead-form-steps";

export type LeadFormKind = Lead["form"];
export const LEAD_FORM_KINDS = leadSchema.properties.form.enum as LeadFormKind[];

// Texts from the spec (leads §5, §8), word for word.
export const FORM_ERROR = "An error occurred when submitting this form";
/** What the form shows under the alert when the server gave no message of its own (spelt as the spec spells it). */
export const UNEXPECTED_ERROR = "An unexpected error occured";
export const FIX_ERRORS = "Please fix the following errors:";
export { POSTCODE_MESSAGE };
export const DEFAULT_TERMS_MESSAGE = "*You must agree to the terms of use before submitting";
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
export const noticeText = (group: string, optInStartsTicked = true) => `${optInStartsTicked ? "By submitting this form you consent to receiving" : "Tick the box above to receive"} future communications from ${group}. You can opt out at any time by replying STOP or using the opt-out link in our e-mails.`;

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
  /** For a tick box: whether it starts ticked (the opt-in, as the site says; every other box starts unticked). */
  ticked?: boolean;
}

export type Money = Pick<TenantDocument["identity"], "locale" | "currency">;
export const DEFAULT_MONEY: Money = { locale: "en-AU", currency: "AUD" };

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

type Rule = { show: boolean; required: boolean; label?: string; ticked?: boolean };
type EnquirySettings = TenantDocument["forms"]["enquiry"];
/** The schema's defaults of the enquiry form's fields (schemas/tenant.schema.json; the opt-in ticked as leads §5 says, which the starters change), for a document read without them applied. */
export const ENQUIRY_FIELD_DEFAULTS: EnquirySettings["fields"] = {
  message: { show: true, required: true },
  category: { show: true, required: true },
  registration: { show: false, required: false },
  location: { show: false, required: true },
  dealership: { show: false, required: true },
  optIn: { show: true, required: false, ticked: true },
  terms: { show: false, required: false },
  budget: { show: true, required: false },
};
const rule = (e: Partial<EnquirySettings> | undefined, key: keyof EnquirySettings["fields"]): Rule => ({ ...ENQUIRY_FIELD_DEFAULTS[key], ...(e?.fields?.[key] ?? {}) });

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
const optInField = (r: Rule): FormField => ({ name: "opt_in", label: r.label || OPT_IN_LABEL, control: "checkbox", required: false, ticked: r.ticked !== false });
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

/** A vehicle id as the lead schema takes it. */
export const CAR_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,79}$/;

/** The analytics event of a sent lead (leads §9, search-and-vehicle-detail §7). */
export function leadAnalyticsEvent(
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
