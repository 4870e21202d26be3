/** One lead of the admin's inbox with every delivery attempt, and its resend. */
import { and, asc, desc, eq, lt, max, notInArray } from "drizzle-orm";
import type { Db } from "../db";
import { auditLog, leadDeliveries, leads, NOT_DEALER_CHANNELS, tenants, type DeliveryChannel } from "../db/schema";
import { HttpError, NotFoundError } from "../errors";
import type { AdminUser } from "../admin/accounts";
import { NO_SUCH_LEAD, NOTHING_TO_RESEND, RESEND_RACE, selectLeads, siteInfo, type InboxRow, type SiteInfo } from "./inbox";
import type { Lead } from "./validation";

export interface DeliveryAttempt {
  id: number;
  round: number;
  channel: DeliveryChannel;
  target: string | null;
  status: "pending" | "sent" | "kept" | "dead" | "replaced";
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  nextAttemptAt: Date;
}

export interface LeadDetail {
  site: SiteInfo;
  lead: InboxRow;
  payload: Partial<Lead>;
  deliveries: DeliveryAttempt[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** One lead of the site with every delivery attempt, newest round first; 404 for a lead of another site. */
export async function leadDetail(db: Db, user: AdminUser, slug: string, id: string): Promise<LeadDetail> {
  const site = await siteInfo(db, user, slug);
  if (!UUID.test(id)) throw new NotFoundError(NO_SUCH_LEAD);
  const [row] = await selectLeads(db, site, and(eq(leads.tenant, slug), eq(leads.id, id)), 1, 0);
  if (!row) throw new NotFoundError(NO_SUCH_LEAD);
  const deliveries = await db
    .select({
      id: leadDeliveries.id, round: leadDeliveries.round, channel: leadDeliveries.channel, target: leadDeliveries.target, status: leadDeliveries.status,
      attempts: leadDeliveries.attempts, lastError: leadDeliveries.lastError, createdAt: leadDeliveries.createdAt, sentAt: leadDeliveries.sentAt,
      nextAttemptAt: leadDeliveries.nextAttemptAt,
    })
    .from(leadDeliveries)
    .where(eq(leadDeliveries.leadId, id))
    .orderBy(desc(leadDeliveries.round), asc(leadDeliveries.channel));
  const { payload, ...lead } = row;
  return { site, lead, payload, deliveries };
}

export interface ResendResult {
  round: number;
  deliveries: { channel: DeliveryChannel; target: string | null }[];
  /** Attempts of the earlier round still waiting to be sent, stopped so the dealer gets the lead once. */
  replaced: number;
}

/**
 * Queues the lead's deliveries again: a new round with the newest round's messages (the same
 * e-mail and ADF to the same addresses), due now; rows of earlier rounds still pending are marked
 * replaced so the outbox sends the lead once. Audited as "resend-lead". The caller kicks the outbox.
 */
export async function resendLead(db: Db, user: AdminUser, slug: string, id: string): Promise<ResendResult> {
  await siteInfo(db, user, slug);
  if (!UUID.test(id)) throw new NotFoundError(NO_SUCH_LEAD);
  return db.transaction(async (tx) => {
    const [lead] = await tx.select({ id: leads.id }).from(leads).where(and(eq(leads.id, id), eq(leads.tenant, slug)));
    if (!lead) throw new NotFoundError(NO_SUCH_LEAD);
    const [{ last }] = await tx.select({ last: max(leadDeliveries.round) }).from(leadDeliveries).where(and(eq(leadDeliveries.leadId, id), notInArray(leadDeliveries.channel, NOT_DEALER_CHANNELS)));
    if (last === null) throw new HttpError(409, NOTHING_TO_RESEND);
    // The dealer's deliveries only: the buyer's confirmation and the lead's analytics events are not sent again.
    const latest = await tx
      .select()
      .from(leadDeliveries)
      .where(and(eq(leadDeliveries.leadId, id), eq(leadDeliveries.round, last), notInArray(leadDeliveries.channel, NOT_DEALER_CHANNELS)))
      .orderBy(asc(leadDeliveries.channel));
    const round = last + 1;
    const inserted = await tx
      .insert(leadDeliveries)
      .values(latest.map((d) => ({ leadId: id, channel: d.channel, target: d.target, subject: d.subject, body: d.body, round })))
      .onConflictDoNothing()
      .returning({ channel: leadDeliveries.channel, target: leadDeliveries.target });
    if (inserted.length !== latest.length) throw new HttpError(409, RESEND_RACE);
    const replaced = await tx
      .update(leadDeliveries)
      .set({ status: "replaced" })
      .where(and(eq(leadDeliveries.leadId, id), eq(leadDeliveries.status, "pending"), lt(leadDeliveries.round, round)))
      .returning({ id: leadDeliveries.id });
    const [site] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug));
    await tx.insert(auditLog).values({ actor: user.email, tenantId: site.id, action: "resend-lead", detail: { lead: id, round, channels: inserted.map((d) => d.channel) } });
    return { round, deliveries: inserted, replaced: replaced.length };
  });
}

/** The resend's outcome in words, for the person who pressed the button. */
export function describeResend(r: ResendResult): string {
  const what = r.deliveries.map((d) => (d.channel === "email" ? `the e-mail to ${d.target ?? "(no address)"}` : `the ADF to ${d.target ?? "(no address)"}`));
  const list = what.length > 1 ? `${what.slice(0, -1).join(", ")} and ${what.at(-1)}` : what[0];
  return `Sent again: ${list} ${what.length > 1 ? "are" : "is"} queued (resend ${r.round}).${r.replaced ? " The earlier sending that had not gone through yet was stopped, so the lead goes out once." : ""}`;
}
