/**
 * The trade-in's lead (one per evaluation, form "trade-in", category Trade-In, its subcategory the
 * stage, spec §4) and the SMS text it carries: built from the evaluation, the visitor's details and
 * the valuation, stored or moved on with server/leads/store.ts. No request or Response here.
 */
import { TRADE_IN_CATEGORY, TRADE_IN_STAGES, type TradeInStage } from "../../domain/trade-in";
import { type TradeInDetails } from "../../domain/trade-in-details";
import { numberFormat } from "../../domain/intl";
import type { Db } from "../db";
import { getVehicle } from "../inventory/store";
import { HttpError } from "../errors";
import { redeliverLead, siteLead, storeLead, updateLeadStage } from "../leads/store";
import { validateLead, type Lead } from "../leads/validation";
import type { Valuation, ValuationVehicle } from "../valuation/provider";
import type { Evaluation, EvaluationScope } from "../valuation/store";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { EVALUATION_NOT_FOUND } from "./messages";

type LeadCtx = { db: Db; tenant: TenantDocument };

const SMS_MAX = 1600;
const money = (n: number) => `$${numberFormat("en-AU").format(n)}`;

/** The lead for an evaluation at a stage (validated against the lead schema: a 4xx when the visitor's answers do not fit it). */
export function tradeInLead(referer: string | null, e: Evaluation, vehicle: ValuationVehicle, details: TradeInDetails, valuation: Valuation, stage: TradeInStage): Lead {
  const car = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  const offer = valuation.kind === "offer" ? `, offer ${money(valuation.offerPrice)}` : ", no online offer";
  const who = [details.first_name, details.last_name].filter(Boolean).join(" ");
  const sms = `Trade-in (${TRADE_IN_STAGES[stage]}): ${car} ${e.rego} ${e.state}${details.odometer === undefined ? "" : `, ${details.odometer} km`}${offer}. ${who} ${details.phone}`;
  const lead = {
    ...(referer && /^https?:\/\/[^\s<>"]{1,2000}$/.test(referer) ? { url: referer } : {}),
    form: "trade-in",
    category: TRADE_IN_CATEGORY,
    subcategory: TRADE_IN_STAGES[stage],
    ...(e.carId ? { car_id: e.carId } : {}),
    isLastStep: stage !== "valuation",
    fields: {
      first_name: details.first_name,
      ...(details.last_name ? { last_name: details.last_name } : {}),
      email: details.email,
      phone: details.phone,
      postcode: details.postcode,
      preferred_contact_method: details.preferred_contact_method,
      ...(details.finance ? { finance: details.finance } : {}),
      ...(details.trade_in ? { trade_in: details.trade_in } : {}),
      rego: e.rego,
      state: e.state,
      vehicle_make: vehicle.make.slice(0, 100),
      vehicle_model: vehicle.model.slice(0, 100),
      vehicle_year: vehicle.year,
      vehicle_vin: vehicle.vin,
      ...(details.odometer !== undefined ? { odometer: details.odometer } : {}),
      service_history: details.service_history,
      ...(details.number_of_keys ? { number_of_keys: details.number_of_keys } : {}),
      car_condition: details.car_condition,
      comments: details.comments,
      ...(valuation.kind === "offer" ? { offer_price: valuation.offerPrice } : { message: valuation.reason }),
      sms_content: sms.slice(0, SMS_MAX),
      sms_from: details.phone,
    },
  };
  const checked = validateLead(lead);
  if (!checked.ok) throw new HttpError(422, `The details could not be used: ${checked.errors.map((x) => `${x.pointer} ${x.message}`).join("; ")}`);
  return checked.lead;
}

/**
 * The lead's site, dealership and the car being bought: the dealership is that car's when the
 * trade-in started from one of the site's cars (/cars/trade-in?car_id=), else the one named, else the
 * site's first. The car traded in is in the lead's fields; the e-mail and ADF name both.
 */
export async function leadSite(ctx: LeadCtx, e: Pick<Evaluation, "carId">, dealershipId?: number | null) {
  const bought = e.carId ? await getVehicle(ctx.db, e.carId) : null;
  const car = bought && ctx.tenant.dealerships.some((x) => x.id === bought.dealership_id) ? bought : null;
  const d = ctx.tenant.dealerships.find((x) => x.id === (car?.dealership_id ?? dealershipId)) ?? ctx.tenant.dealerships[0];
  const identity = ctx.tenant.identity;
  return {
    site: { slug: identity.slug, name: identity.name, currency: identity.currency },
    dealership: { id: d.id, name: d.name, leadEmail: d.leadEmail, crmUrl: d.crmUrl, phone: d.phone },
    vehicle: car,
  };
}

/** Stores the evaluation's lead, or moves the one it has on. */
export async function saveLead(ctx: LeadCtx, e: Evaluation, lead: Lead, userId: number | null): Promise<string> {
  const base = await leadSite(ctx, e);
  if (e.leadId) {
    if (!(await updateLeadStage(ctx.db, { ...base, leadId: e.leadId, lead }))) throw new HttpError(404, EVALUATION_NOT_FOUND);
    return e.leadId;
  }
  // A signed-in visitor's offer is theirs: their My Garage lists it.
  return (await storeLead(ctx.db, { ...base, lead }, `trade-in:${e.id}`, { userId })).leadId;
}

/**
 * An accepted offer's lead, in the caller's transaction: from "valuation" the lead is delivered for
 * the first time, accepted; from "offer-not-accepted" (the dealer already has it, marked not
 * accepted) the same lead is sent again, updated — never a second lead.
 */
export async function acceptLead(ctx: LeadCtx, scope: EvaluationScope, claimed: Evaluation, from: "valuation" | "offer-not-accepted"): Promise<void> {
  const row = await siteLead(ctx.db, scope.site, claimed.leadId!);
  if (!row) throw new HttpError(404, EVALUATION_NOT_FOUND);
  const stored = row.payload as Lead;
  const lead: Lead = {
    ...stored,
    subcategory: TRADE_IN_STAGES["offer-accepted"],
    isLastStep: true,
    fields: {
      ...stored.fields,
      offer_status: from === "valuation" ? "Accepted" : "Accepted after it was sent as not accepted",
      sms_content: (stored.fields.sms_content ?? "").replace(TRADE_IN_STAGES.valuation, TRADE_IN_STAGES["offer-accepted"]),
    },
  };
  const context = { ...(await leadSite(ctx, claimed, row.dealershipId)), leadId: claimed.leadId!, lead };
  await (from === "valuation" ? updateLeadStage(ctx.db, context) : redeliverLead(ctx.db, context));
}
