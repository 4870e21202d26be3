/** From what a visitor typed to the lead a form sends: price fields, a finance link's query, and the lead itself. */
import type { Lead } from "../schemas/generated/lead";
import { CAR_ID, DEFAULT_MONEY, mapCategory, type FieldName, type LeadFormSpec, type Money } from "./lead-forms";
import { formatMoney } from "./vehicle-display";

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
