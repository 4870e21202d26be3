/**
 * Trade-in offers left unaccepted: a visitor who got an online offer and left is a hot lead. Each
 * minute the server's sweep (started by instrumentation.ts) finds the evaluations whose offer is still
 * not accepted at its time (update-eval sets answer.unacceptedLeadDueAt: the offer's time plus the
 * site's features.tradeIn.unacceptedOfferLeadMinutes, 60 by default) and delivers each one's lead
 * through the lead outbox, marked "Offer status: Not accepted".
 *
 * Exactly once, however many processes sweep: the evaluation's row is the claim (UPDATE … SET stage
 * = 'offer-not-accepted' WHERE stage = 'valuation' RETURNING), in the same transaction as the
 * lead's outbox rows. Accepting later claims the row the same way and sends the same lead again,
 * updated ("Accepted after it was sent as not accepted"): one lead id, never a second lead.
 */
import { and, eq } from "drizzle-orm";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { getDb, type Db, type DbHandle } from "../db";
import { leads } from "../db/schema";
import { every } from "../root/every";
import { updateLeadStage } from "../leads/store";
import type { Lead } from "../leads/validation";
import { getLiveDocument } from "../tenants/store";
import { unacceptedOffersDue, updateEvaluation } from "../valuation/store";
import { leadSite } from "./lead";

export const UNACCEPTED_SWEEP_INTERVAL_MS = 60_000;

/** Delivers the leads of the offers not accepted by `now`; answers how many were sent. */
export async function sendUnacceptedOffers(db: Db, now: Date): Promise<number> {
  let sent = 0;
  const documents = new Map<string, TenantDocument | null>();
  for (const due of await unacceptedOffersDue(db, now)) {
    if (!documents.has(due.site)) documents.set(due.site, ((await getLiveDocument(db, due.site))?.document as TenantDocument | undefined) ?? null);
    const tenant = documents.get(due.site);
    if (!tenant) continue;
    try {
      const done = await db.transaction(async (tx) => {
        const claimed = await updateEvaluation(tx, { site: due.site }, due.id, { stage: "offer-not-accepted", answer: { unacceptedLeadSentAt: now.toISOString() } }, { fromStage: "valuation" });
        if (!claimed?.leadId) return false;
        const [row] = await tx.select({ payload: leads.payload, dealershipId: leads.dealershipId }).from(leads).where(and(eq(leads.id, claimed.leadId), eq(leads.tenant, due.site)));
        if (!row) return false;
        const stored = row.payload as Lead;
        const lead: Lead = { ...stored, isLastStep: true, fields: { ...stored.fields, offer_status: "Not accepted" } };
        return updateLeadStage(tx, { ...(await leadSite({ db: tx, tenant }, claimed, row.dealershipId)), leadId: claimed.leadId, lead });
      });
      if (done) sent++;
    } catch (e) {
      console.error(`[trade-in] the unaccepted offer of evaluation ${due.id} could not be sent:`, (e as Error).message);
    }
  }
  return sent;
}

/** Starts the sweep once per process; returns a function that stops it. */
export async function startUnacceptedOfferSweep(handle?: Promise<DbHandle>, intervalMs = UNACCEPTED_SWEEP_INTERVAL_MS): Promise<() => void> {
  const { db } = await (handle ?? getDb());
  return every("trade-in.unaccepted", intervalMs, async () => {
    try {
      const sent = await sendUnacceptedOffers(db, new Date());
      if (sent) console.log(`[trade-in] sent ${sent} trade-in offer(s) not accepted to the dealers`);
    } catch (e) {
      console.error("[trade-in] the unaccepted-offer sweep failed:", (e as Error).message);
    }
  });
}
