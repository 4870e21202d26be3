import type { Lead } from "./validation";
import type { StoredVehicle } from "../inventory/vehicle";
import { stripControls } from "./text";
import { numberFormat } from "../../domain/intl";

/** What an ADF document (and the e-mail) is made from: the validated lead and what the server knows. */
export interface LeadContext {
  leadId: string;
  lead: Lead;
  createdAt: Date;
  site: { slug: string; name: string; currency?: string };
  dealership: { id: number; name: string; leadEmail?: string; crmUrl?: string; phone?: string };
  /** The vehicle named by car_id, when it is one of the site's. */
  vehicle?: StoredVehicle | null;
}

// XML 1.0 allows tab, LF, CR and everything from U+0020 except lone surrogates and U+FFFE/U+FFFF.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * Text safe inside an XML element or attribute: markup characters escaped, characters XML 1.0 cannot
 * carry (lone surrogates, U+FFFE/U+FFFF, C0 controls) dropped, as are terminal escape sequences and C1 controls.
 */
export function xmlEscape(value: unknown): string {
  return stripControls(String(value ?? ""))
    .replace(NOT_XML_CHAR, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const el = (name: string, value: unknown, attrs = "") => `<${name}${attrs}>${xmlEscape(value)}</${name}>`;
const opt = (name: string, value: unknown, attrs = "") => (value === undefined || value === null || value === "" ? "" : el(name, value, attrs));

/** ADF's vehicle interest for a lead category (test drives and trade-ins have their own). */
export function adfInterest(lead: Lead): "buy" | "test-drive" | "trade-in" {
  const text = `${lead.category} ${lead.subcategory ?? ""}`.toLowerCase();
  if (/test[\s-]?drive/.test(text)) return "test-drive";
  if (/trade[\s-]?in/.test(text)) return "trade-in";
  return "buy";
}

/**
 * The lead as ADF 1.0 XML (Auto-lead Data Format): one prospect with the request date, the vehicle
 * (from the stock record when car_id names one, else from the form's vehicle fields), the customer's
 * contact and comments, the dealership as vendor and Forecourt as provider. Every value is escaped.
 */
export function buildAdf(ctx: LeadContext): string {
  const { lead, vehicle: v, dealership } = ctx;
  const f = lead.fields;
  const carType = v?.car_type ?? f.vehicle_status;
  const status = carType === "new" ? "new" : "used";
  const stockVehicle = (interest: string) =>
    [
      `<vehicle interest="${interest}" status="${status}">`,
      el("year", v?.year ?? f.vehicle_year ?? ""),
      el("make", v?.make ?? f.vehicle_make ?? ""),
      el("model", v?.model ?? f.vehicle_model ?? ""),
      opt("vin", v?.vin ?? f.vehicle_vin),
      opt("stock", v?.stocknum ?? f.stock_number),
      opt("trim", v?.badge),
      opt("bodystyle", v?.body),
      opt("transmission", v?.transmission),
      v ? el("odometer", v.km, ` status="original" units="km"`) : f.odometer !== undefined ? el("odometer", f.odometer, ` units="km"`) : "",
      v?.colour ? `<colorcombination>${el("exteriorcolor", v.colour)}</colorcombination>` : "",
      v && typeof v.price === "number" && v.price > 0 ? el("price", v.price, ` type="asking" currency="${xmlEscape(ctx.site.currency ?? "AUD")}"`) : "",
      `</vehicle>`,
    ].join("");
  // A trade-in names two cars: the one being bought (the stock record, when car_id names one) and the
  // visitor's own, traded in (from the wizard's fields), as ADF 1.0's interest="trade-in" vehicle.
  const vehicle = tradedCar(lead)
    ? [
        v ? stockVehicle("buy") : "",
        [
          `<vehicle interest="trade-in" status="used">`,
          el("year", f.vehicle_year ?? ""),
          el("make", f.vehicle_make ?? ""),
          el("model", f.vehicle_model ?? ""),
          opt("vin", f.vehicle_vin),
          f.odometer !== undefined ? el("odometer", f.odometer, ` units="km"`) : "",
          f.offer_price !== undefined ? el("price", f.offer_price, ` type="appraisal" currency="${xmlEscape(ctx.site.currency ?? "AUD")}"`) : "",
          `</vehicle>`,
        ].join(""),
      ].join("")
    : stockVehicle(adfInterest(lead));
  const address = f.postcode ? `<address><street line="1"></street>${el("postalcode", f.postcode)}</address>` : "";
  const contact = [
    `<contact primarycontact="1">`,
    el("name", f.first_name, ` part="first"`),
    opt("name", f.last_name, ` part="last"`),
    opt("email", f.email, f.preferred_contact_method === "Email" ? ` preferredcontact="1"` : ""),
    opt("phone", f.phone, f.preferred_contact_method === "Phone" || f.preferred_contact_method === "SMS" ? ` preferredcontact="1"` : ""),
    address,
    `</contact>`,
  ].join("");
  const customer = `<customer>${contact}${opt("comments", commentsOf(lead))}</customer>`;
  const vendorContact = `<contact>${el("name", dealership.name, ` part="full" type="business"`)}${opt("email", dealership.leadEmail)}${opt("phone", dealership.phone)}</contact>`;
  const vendor = `<vendor>${el("id", dealership.id, ` source="Forecourt"`)}${el("vendorname", dealership.name)}${opt("url", lead.url)}${vendorContact}</vendor>`;
  const provider = `<provider>${el("name", "Forecourt", ` part="full" type="business"`)}${el("service", ctx.site.name)}</provider>`;
  return [
    `<?xml version="1.0"?>`,
    `<?adf version="1.0"?>`,
    `<adf>`,
    `<prospect status="new">`,
    el("id", ctx.leadId, ` sequence="1" source="Forecourt"`),
    el("requestdate", ctx.createdAt.toISOString()),
    vehicle,
    customer,
    vendor,
    provider,
    `</prospect>`,
    `</adf>`,
    "",
  ].join("\n");
}

/** The car a trade-in lead's visitor trades in (the wizard's vehicle fields), as one line; null for other leads. */
export function tradedCar(lead: Pick<Lead, "form" | "fields">): string | null {
  if (lead.form !== "trade-in") return null;
  const f = lead.fields;
  const car = [f.vehicle_year, f.vehicle_make, f.vehicle_model].filter(Boolean).join(" ");
  return car ? `${car}${f.vehicle_vin ? ` (VIN ${f.vehicle_vin})` : ""}` : null;
}

/** The free text a dealer reads: category, the message and the other answers, one per line. */
export function commentsOf(lead: Lead): string {
  const f = lead.fields;
  const lines = [`${lead.category}${lead.subcategory ? ` / ${lead.subcategory}` : ""}`];
  if (f.message) lines.push(f.message);
  const extra: [string, unknown][] = [
    ["Registration", f.rego && `${f.rego}${f.state ? ` (${f.state.toUpperCase()})` : ""}`],
    ["Preferred contact", f.preferred_contact_method],
    [lead.form === "service" ? "Preferred Service Date" : "Preferred date", f.preferred_date],
    ["Service interval", f.service_interval],
    ["Service type", f.service_type],
    ["Vehicle price / budget", f.vehicle_price_budget !== undefined ? `$${numberFormat("en-AU").format(f.vehicle_price_budget)}` : undefined],
    ["Finance", f.finance],
    ["Trade-in", f.trade_in],
    // The trade-in wizard's answers and offer (spec leads §3 "Trade-in lead").
    ["Odometer", f.odometer !== undefined ? `${numberFormat("en-AU").format(f.odometer)} km` : undefined],
    ["Service history", f.service_history],
    ["Number of keys", f.number_of_keys],
    ["Condition", f.car_condition],
    [lead.form === "service" ? "Comments" : "Comments on the car", f.comments],
    // The service booking's (spec leads §3 "Service booking").
    ["Tyres replacement", f.tyres_replacement === undefined ? undefined : f.tyres_replacement ? "Yes" : "No"],
    ["Location", f.location_id],
    ["Status", lead.lead_status],
    ["Offer", f.offer_price !== undefined ? `$${numberFormat("en-AU").format(f.offer_price)}` : undefined],
    ["Offer status", f.offer_status],
    ["Car being bought", lead.form === "trade-in" ? lead.car_id : undefined],
    ["Additional services", lead.additional_services?.join(", ")],
    // Reserve online and online purchase (spec leads §9): the deposit and its payment.
    ["Deposit paid", f.deposit_amount !== undefined ? `$${numberFormat("en-AU", { minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(f.deposit_amount)}` : undefined],
    ["Payment reference", f.payment_reference],
    ["Held until", f.hold_until],
    ["Paying by", f.purchase_payment],
    ["Pick-up or delivery", f.purchase_delivery],
    // Only what the visitor answered: a form without the opt-in box did not ask.
    ["Opt-in to marketing", f.opt_in === undefined ? "Not asked" : f.opt_in ? "Yes" : "No"],
  ];
  for (const [label, value] of extra) if (value !== undefined && value !== "" && value !== null) lines.push(`${label}: ${value}`);
  return lines.join("\n");
}
