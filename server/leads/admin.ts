import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db";
import { leadDeliveries, leads, type DeliveryChannel } from "../db/schema";

export interface DeliveryView {
  id: number;
  leadId: string;
  tenant: string;
  dealershipId: number;
  channel: DeliveryChannel;
  target: string | null;
  status: "pending" | "sent" | "kept" | "dead" | "replaced";
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  sentAt: Date | null;
  subject: string | null;
  body: string;
  createdAt: Date;
}

/** The newest outbox rows (newest first), optionally of some statuses or one lead. */
export async function recentDeliveries(db: Db, opts: { limit?: number; statuses?: DeliveryView["status"][]; leadId?: string } = {}): Promise<DeliveryView[]> {
  const where = and(opts.statuses?.length ? inArray(leadDeliveries.status, opts.statuses) : undefined, opts.leadId ? eq(leadDeliveries.leadId, opts.leadId) : undefined);
  const rows = await db
    .select({
      id: leadDeliveries.id,
      leadId: leads.id,
      tenant: leads.tenant,
      dealershipId: leads.dealershipId,
      channel: leadDeliveries.channel,
      target: leadDeliveries.target,
      status: leadDeliveries.status,
      attempts: leadDeliveries.attempts,
      nextAttemptAt: leadDeliveries.nextAttemptAt,
      lastError: leadDeliveries.lastError,
      sentAt: leadDeliveries.sentAt,
      subject: leadDeliveries.subject,
      body: leadDeliveries.body,
      createdAt: leadDeliveries.createdAt,
    })
    .from(leadDeliveries)
    .innerJoin(leads, eq(leads.id, leadDeliveries.leadId))
    .where(where)
    .orderBy(desc(leadDeliveries.createdAt), desc(leadDeliveries.id))
    .limit(opts.limit ?? 20);
  return rows;
}

/** Dead deliveries (of one lead, or all) back to pending with a fresh count of attempts, due now. */
export async function replayDead(db: Db, leadId?: string): Promise<{ id: number; leadId: string | null; channel: string; target: string | null; lastError: string | null }[]> {
  return db
    .update(leadDeliveries)
    .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()` })
    .where(and(eq(leadDeliveries.status, "dead"), leadId ? eq(leadDeliveries.leadId, leadId) : undefined))
    .returning({ id: leadDeliveries.id, leadId: leadDeliveries.leadId, channel: leadDeliveries.channel, target: leadDeliveries.target, lastError: leadDeliveries.lastError });
}

/** One delivery as a person reads it in a terminal. */
export function formatDelivery(d: DeliveryView): string {
  const head = [
    `#${d.id} ${d.channel.toUpperCase()} ${d.status}  lead ${d.leadId}  site ${d.tenant}  dealership ${d.dealershipId}`,
    `  to: ${d.target ?? "(no address)"}   created ${d.createdAt.toISOString()}   attempts ${d.attempts}${d.sentAt ? `   sent ${d.sentAt.toISOString()}` : ""}`,
    d.status === "pending" ? `  next attempt: ${d.nextAttemptAt.toISOString()}` : "",
    d.lastError ? `  last error: ${d.lastError}` : "",
    d.subject ? `  subject: ${d.subject}` : "",
  ].filter(Boolean);
  const body = d.body.replace(/\n$/, "").split("\n").map((l) => `  | ${l}`);
  return [...head, ...body].join("\n");
}
