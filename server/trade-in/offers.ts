/**
 * The trade-in's offers: the visitor's details valued and sent as the evaluation's lead (update-eval),
 * and an online offer accepted (accept-offer). Plain data in and out; refusals are thrown HttpErrors.
 */
import { TRADE_IN_STAGES, tradeInSettings, type TradeInStage } from "../../domain/trade-in";
import { type TradeInDetails } from "../../domain/trade-in-details";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { HttpError } from "../errors";
import type { Db } from "../db";
import { valuationProvider as defaultProvider } from "../valuation/embedded";
import { customerReasons, valuationResult, valueForSite, type Valuation, type ValuationProvider, type ValuationVehicle } from "../valuation/provider";
import { updateEvaluation, type Evaluation, type EvaluationScope } from "../valuation/store";
import { acceptLead, leadSite, saveLead, tradeInLead } from "./lead";
import { planLeadEvents, queueLeadEvents, type LeadVisitor } from "../leads/lead-events";
import { ALREADY_SENT } from "./messages";

/** What the offers need of a site endpoint's context (server/http/site-route.ts): the database, the site and the time. */
type OfferContext = { db: Db; tenant: TenantDocument; now?: Date; provider?: ValuationProvider };

/** The visitor's details valued for the site and stored with the evaluation's lead (stored or moved on). */
export async function sendDetails(
  ctx: OfferContext,
  { evaluation, scope, vehicle, details }: { evaluation: Evaluation; scope: EvaluationScope; vehicle: ValuationVehicle; details: TradeInDetails },
  from: { referer: string | null; userId: () => Promise<number | null>; visitor?: LeadVisitor },
): Promise<{ updated: Evaluation; valuation: Valuation }> {
  const now = ctx.now ?? new Date();
  const settings = tradeInSettings(ctx.tenant);
  const valuation = await valueForSite(
    ctx.provider ?? defaultProvider(ctx.db),
    { vehicle, odometer: details.odometer ?? null, answers: details },
    { slug: scope.site, dealershipIds: ctx.tenant.dealerships.map((d) => d.id), settings },
    now,
  );
  const stage: TradeInStage = valuation.kind === "offer" ? "valuation" : "registration-lookup";
  const lead = tradeInLead(from.referer, evaluation, vehicle, details, valuation, stage);
  const userId = await from.userId();
  // An offer not accepted within the site's delay goes to the dealer marked so (server/trade-in/unaccepted.ts).
  const due = valuation.kind === "offer" ? new Date(now.getTime() + settings.unacceptedOfferLeadMinutes * 60_000).toISOString() : null;
  // The visitor's conversion is sending their details (server/leads/lead-events.ts), whenever the dealer gets the lead.
  const events = from.visitor ? await planLeadEvents(ctx.db, scope.site, ctx.tenant, from.visitor) : null;
  const updated = await ctx.db.transaction(async (tx) => {
    const leadId = await saveLead({ ...ctx, db: tx }, evaluation, lead, userId);
    if (events) await queueLeadEvents(tx, { ...(await leadSite({ ...ctx, db: tx }, evaluation)), leadId, lead, createdAt: now }, events);
    // From the stage read: an evaluation the sweep sent meanwhile is not moved back (the lead is not changed either).
    const moved = await updateEvaluation(tx, scope, evaluation.id, { stage, leadId, request: { details }, answer: { valuation, unacceptedLeadDueAt: due } }, { fromStage: evaluation.stage });
    if (!moved) throw new HttpError(409, ALREADY_SENT);
    return moved;
  });
  return { updated, valuation };
}

export function evaluationAnswer(e: Evaluation, vehicle: ValuationVehicle, km: number | null, valuation: Valuation) {
  return {
    ...valuationResult(e.id, vehicle, km),
    lead_id: e.leadId,
    stage: TRADE_IN_STAGES[e.stage],
    ...(valuation.kind === "offer"
      ? // The visitor reads the offer and the reasons from their own answers; the workings (retail estimate, margin) stay with staff.
        { offer_price: valuation.offerPrice, valid_until: valuation.validUntil, adjustments: customerReasons(valuation.adjustments) }
      : { offer_price: null, reason: valuation.reason }),
  };
}

/** Accepts the evaluation's online offer (still valid, checked by the caller) and sends its lead on. */
export async function acceptOffer(ctx: Pick<OfferContext, "db" | "tenant">, scope: EvaluationScope, evaluation: Evaluation, now: Date): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // The evaluation's row is the claim (the unaccepted-offer sweep claims it the same way): from
    // "valuation" the lead is delivered for the first time, accepted; from "offer-not-accepted" (the
    // dealer already has it, marked not accepted) the same lead is sent again, updated — never a second lead.
    for (const from of ["valuation", "offer-not-accepted"] as const) {
      const claimed = await updateEvaluation(tx, scope, evaluation.id, { stage: "offer-accepted", answer: { acceptedAt: now.toISOString() } }, { fromStage: from });
      if (!claimed) continue;
      await acceptLead({ db: tx, tenant: ctx.tenant }, scope, claimed, from);
      return;
    }
  });
}
