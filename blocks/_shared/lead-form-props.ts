/**
 * What a block passes to the browser's LeadForm (blocks/_shared/lead-form/lead-form.client.tsx): the site's
 * form (domain/lead-forms.ts) with the copy around it, and for a car the hidden defaults the lead
 * carries (leads §3 "Enquiry form defaults"). Pure; runs on the server.
 */
import { CAR_ID, leadFormSpec, noticeText, type LeadFormKind } from "../../domain/lead-forms";
import { formatPrice } from "../../domain/lead-form-values";
import { makeSlug } from "../../domain/lead-form-options";
import type { Lead } from "../../schemas/generated/lead";
import type { Location, TenantDocument } from "../../schemas/generated/tenant";
import type { LeadFormProps } from "./lead-form/props";

/** The car fields the lead takes from a vehicle. */
export interface LeadCar {
  id: string;
  dealership_id: number;
  location_id?: number;
  stocknum?: string | null;
  make?: string | null;
  model?: string | null;
  year?: number | null;
  car_type?: string | null;
  tag?: string | null;
  price?: number | null;
}

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const CAR_TYPES = new Set(["new", "used", "demo"]);
const clip = (s: string | null | undefined, n: number) => (s?.trim() ? s.trim().slice(0, n) : undefined);

/** A car's hidden defaults: only values the lead schema takes, so a form is never refused for them. */
export function carDefaults(tenant: Pick<TenantDocument, "dealerships">, car: LeadCar): Partial<Lead["fields"]> {
  const d: Partial<Lead["fields"]> = {};
  const dealership = tenant.dealerships.find((x) => x.id === car.dealership_id);
  if (dealership) d.dealership_slug = dealership.slug;
  const make = clip(car.make, 80);
  if (make) {
    d.vehicle_make = make;
    if (SLUG.test(makeSlug(make))) d.manufacturer_slug = makeSlug(make);
  }
  const model = clip(car.model, 80);
  if (model) d.vehicle_model = model;
  if (car.year && Number.isInteger(car.year) && car.year >= 1900 && car.year <= 2100) d.vehicle_year = car.year;
  const stock = clip(car.stocknum, 40);
  if (stock) d.stock_number = stock;
  if (car.car_type && CAR_TYPES.has(car.car_type)) {
    d.car_type = car.car_type as "new" | "used" | "demo";
    d.vehicle_status = d.car_type;
  }
  return d;
}

export function leadFormProps(
  tenant: TenantDocument,
  kind: LeadFormKind,
  opts: {
    id: string;
    submitLabel: string;
    pageId?: string;
    car?: LeadCar | null;
    make?: string | null;
    modal?: boolean;
    notice?: string | null;
    /** The finance page's form: it reads a finance link's query (leads §2 routes). */
    financeQuery?: boolean;
    /**
     * A location page's form (/locations/{slug}, /contact-us/{slug}): the location choice limited to
     * these, preselected when one; the lead goes to their dealership.
     */
    locations?: readonly Pick<Location, "id" | "dealership_id">[];
  },
): LeadFormProps {
  const car = opts.car ?? null;
  const make = car?.make ?? opts.make ?? null;
  const spec = leadFormSpec(tenant, kind, { make });
  const group = tenant.identity.groupName?.trim() || tenant.identity.name;
  const defaults: Partial<Lead["fields"]> = car ? carDefaults(tenant, car) : make?.trim() ? { vehicle_make: make.trim().slice(0, 80) } : {};
  if (opts.pageId && opts.pageId.length <= 100) defaults.page_id = opts.pageId;
  const optIn = spec.fields.find((f) => f.name === "opt_in");
  // A form about a car starts at the car's own dealership and location where its selects offer them.
  const offers = (name: string, value: unknown) => value !== undefined && !!spec.fields.find((f) => f.name === name)?.options?.some((o) => o.value === String(value));
  const initialValues: LeadFormProps["initialValues"] = {};
  if (car && offers("dealership_slug", defaults.dealership_slug)) initialValues.dealership_slug = defaults.dealership_slug;
  if (car && offers("location_id", car.location_id)) initialValues.location_id = String(car.location_id);
  const atLocations = opts.locations?.length ? placeForLocations(tenant, spec, defaults, opts.locations) : null;
  if (atLocations) Object.assign(initialValues, atLocations);
  // The Finance Enquiry about a car starts with its price as the budget (a price shows when over 10).
  const budget = spec.fields.find((f) => f.name === "vehicle_price_budget");
  if (car && budget && car.price != null && car.price > 10) initialValues.vehicle_price_budget = formatPrice(car.price, budget.money);
  return {
    id: opts.id,
    spec: atLocations ? { ...spec, fields: spec.fields.map((f) => limitLocations(f, opts.locations!)) } : spec,
    site: tenant.identity.slug,
    submitLabel: opts.submitLabel,
    context: {
      ...(car && CAR_ID.test(car.id) ? { carId: car.id, carDealershipId: car.dealership_id } : {}),
      defaults,
    },
    event: { carType: car?.car_type ?? null, tag: car?.tag ?? null, modal: opts.modal ?? false },
    consent: { group, privacyHref: tenant.forms.enquiry.privacyPolicyLink !== false ? "/privacy-policy" : null },
    notice: opts.notice === undefined ? (optIn ? noticeText(group, optIn.ticked !== false) : null) : opts.notice,
    disclaimer: kind === "enquiry" || kind === "careers" || kind === "finance" ? (tenant.forms.enquiry.disclaimer?.trim() ?? null) : null,
    initialValues: Object.keys(initialValues).length ? initialValues : undefined,
    financeQuery: opts.financeQuery ? { dealerships: tenant.dealerships.map((d) => d.slug) } : null,
    // storeUserDetails (leads §6, on by default): the visitor's contact details kept after a lead fill the next form.
    rememberDetails: tenant.features.storeUserDetails !== false,
  };
}

type FormSpec = LeadFormProps["spec"];

/** The location select offering only these locations (when it offers any of them). */
function limitLocations(field: FormSpec["fields"][number], locations: readonly Pick<Location, "id">[]): FormSpec["fields"][number] {
  if (field.name !== "location_id" || !field.options) return field;
  const ids = new Set(locations.map((l) => String(l.id)));
  const options = field.options.filter((o) => ids.has(o.value));
  return options.length ? { ...field, options } : field;
}

/**
 * A form on a location's page: their dealership chosen where the form has a dealership select, else
 * carried as a default; the location chosen when it is one (a form without a location select
 * carries it as a default). Returns the initial values to set.
 */
function placeForLocations(
  tenant: TenantDocument,
  spec: FormSpec,
  defaults: Partial<Lead["fields"]>,
  locations: readonly Pick<Location, "id" | "dealership_id">[],
): LeadFormProps["initialValues"] {
  const values: NonNullable<LeadFormProps["initialValues"]> = {};
  const field = (name: string) => spec.fields.find((f) => f.name === name);
  const dealershipIds = new Set(locations.map((l) => l.dealership_id));
  const dealership = dealershipIds.size === 1 ? tenant.dealerships.find((d) => d.id === locations[0].dealership_id) : undefined;
  if (dealership) {
    const select = field("dealership_slug");
    if (!select) defaults.dealership_slug = dealership.slug;
    else if (select.options?.some((o) => o.value === dealership.slug)) values.dealership_slug = dealership.slug;
  }
  if (locations.length === 1) {
    const select = field("location_id");
    if (!select) defaults.location_id = locations[0].id;
    else if (select.options?.some((o) => o.value === String(locations[0].id))) values.location_id = String(locations[0].id);
  }
  return values;
}
