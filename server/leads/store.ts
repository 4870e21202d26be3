import { createHash, randomUUID } from "node:crypto";
import { and, eq, lt, max } from "drizzle-orm";
import type { Db } from "../db";
import { HttpError } from "../errors";
import { leadDeliveries, leads } from "../db/schema";
import { buildAdf, type LeadContext } from "./adf";
import { buildLeadEmail } from "./email";
import { leadEventRows, type LeadEventPlan } from "./lead-events";

export type { Lead } from "./validation";

/** The Idempotency-Key was used for another lead. */
export class IdempotencyConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

export interface StoredLead {
  leadId: string;
  /** false when the Idempotency-Key had already stored this lead (nothing new was written). */
  created: boolean;
}

/** A canonical JSON (sorted keys) of the validated lead, hashed: the same key with a different lead is refused. */
export function payloadHash(value: unknown): string {
  const canon = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(canon) : v && typeof v === "object" ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canon((v as Record<string, unknown>)[k])])) : v;
  return createHash("sha256").update(JSON.stringify(canon(value))).digest("hex");
}

/**
 * Stores the lead and its outbox rows in one transaction, once per (site, Idempotency-Key):
 * INSERT … ON CONFLICT DO NOTHING, then the row with that key is read back, so concurrent
 * duplicates all answer the one stored id (on PostgreSQL the loser waits for the winner's commit).
 * Deliveries: always an e-mail row (sent by SMTP, or kept in the outbox), an ADF row when the
 * dealership has a CRM URL; none for an earlier step of a multi-step form (isLastStep false).
 * `userId`: the site's signed-in visitor who sent it (their My Garage lists it); null when anonymous.
 * `events`: the lead's server-side analytics events (server/leads/lead-events.ts), queued with its deliveries.
 */
export async function storeLead(
  db: Db,
  ctx: Omit<LeadContext, "leadId" | "createdAt">,
  idempotencyKey: string,
  opts: { userId?: number | null; events?: LeadEventPlan | null } = {},
): Promise<StoredLead> {
  const hash = payloadHash(ctx.lead);
  const leadId = randomUUID();
  const createdAt = new Date();
  const full: LeadContext = { ...ctx, leadId, createdAt };
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(leads)
      .values({ id: leadId, tenant: ctx.site.slug, dealershipId: ctx.dealership.id, idempotencyKey, payloadHash: hash, payload: ctx.lead, userId: opts.userId ?? null, createdAt })
      .onConflictDoNothing({ target: [leads.tenant, leads.idempotencyKey] })
      .returning({ id: leads.id });
    if (!inserted.length) {
      const [existing] = await tx
        .select({ id: leads.id, payloadHash: leads.payloadHash })
        .from(leads)
        .where(and(eq(leads.tenant, ctx.site.slug), eq(leads.idempotencyKey, idempotencyKey)));
      if (!existing) throw new Error("lead insert conflicted but no lead holds the key");
      if (existing.payloadHash !== hash) throw new IdempotencyConflictError("This Idempotency-Key was already used for a different lead; send a new key for a new lead.");
      return { leadId: existing.id, created: false };
    }
    if (ctx.lead.isLastStep !== false) await tx.insert(leadDeliveries).values([...deliveryRows(full), ...leadEventRows(full, opts.events)]);
    return { leadId, created: true };
  });
}

/** The outbox rows of a lead: always an e-mail, an ADF document when the dealership has a CRM URL. */
function deliveryRows(ctx: LeadContext): (typeof leadDeliveries.$inferInsert)[] {
  const email = buildLeadEmail(ctx);
  const rows: (typeof leadDeliveries.$inferInsert)[] = [
    { leadId: ctx.leadId, channel: "email", target: ctx.dealership.leadEmail ?? null, subject: email.subject, body: email.text },
  ];
  if (ctx.dealership.crmUrl) rows.push({ leadId: ctx.leadId, channel: "adf", target: ctx.dealership.crmUrl, body: buildAdf(ctx) });
  return rows;
}

/** The site's lead's payload replaced by `ctx.lead`; its creation time, or null when the site has no such lead. */
async function replacePayload(tx: Pick<Db, "update">, ctx: Omit<LeadContext, "createdAt">): Promise<{ createdAt: Date } | null> {
  const [row] = await tx
    .update(leads)
    .set({ payload: ctx.lead, payloadHash: payloadHash(ctx.lead), dealershipId: ctx.dealership.id })
    .where(and(eq(leads.id, ctx.leadId), eq(leads.tenant, ctx.site.slug)))
    .returning({ createdAt: leads.createdAt });
  return row ?? null;
}

/**
 * A stored lead moved on (a multi-step lead such as the trade-in's, whose subcategory is its stage):
 * its payload replaced and, once it is complete (isLastStep not false), its outbox rows added — in
 * one transaction, and only once: a lead that already has deliveries gets no more. False when the
 * site has no lead with this id. `events`: as storeLead's, queued with the deliveries.
 */
export async function updateLeadStage(db: Db, ctx: Omit<LeadContext, "createdAt">, events?: LeadEventPlan | null): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await replacePayload(tx, ctx);
    if (!row) return false;
    if (ctx.lead.isLastStep !== false) {
      const [sent] = await tx.select({ id: leadDeliveries.id }).from(leadDeliveries).where(eq(leadDeliveries.leadId, ctx.leadId)).limit(1);
      if (!sent) {
        const full = { ...ctx, createdAt: row.createdAt };
        await tx.insert(leadDeliveries).values([...deliveryRows(full), ...leadEventRows(full, events)]);
      }
    }
    return true;
  });
}

/**
 * A delivered lead moved on again (a trade-in offer accepted after it was sent as not accepted):
 * its payload replaced and a new round of outbox rows — the same lead id, so the dealer's e-mail and
 * CRM see an update of the lead they have, never a second lead. Rows of earlier rounds still waiting
 * are replaced (the newer content goes out instead). In the caller's transaction when given one.
 */
export async function redeliverLead(db: Db, ctx: Omit<LeadContext, "createdAt">): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await replacePayload(tx, ctx);
    if (!row) return false;
    const [{ last }] = await tx.select({ last: max(leadDeliveries.round) }).from(leadDeliveries).where(eq(leadDeliveries.leadId, ctx.leadId));
    const round = (last ?? -1) + 1;
    await tx.insert(leadDeliveries).values(deliveryRows({ ...ctx, createdAt: row.createdAt }).map((d) => ({ ...d, round })));
    await tx
      .update(leadDeliveries)
      .set({ status: "replaced" })
      .where(and(eq(leadDeliveries.leadId, ctx.leadId), eq(leadDeliveries.status, "pending"), lt(leadDeliveries.round, round)));
    return true;
  });
}

/** A site's lead as stored: its payload, owner-token hash and dealership (null when the site has no lead with this id). */
export async function siteLead(db: Db, tenant: string, leadId: string) {
  const [row] = await db
    .select({ payload: leads.payload, ownerTokenHash: leads.ownerTokenHash, dealershipId: leads.dealershipId })
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.tenant, tenant)));
  return row ?? null;
}

/** Keeps the SHA-256 of a lead's owner token (a service booking's first step). */
export async function setLeadOwnerTokenHash(db: Db, leadId: string, hash: string): Promise<void> {
  await db.update(leads).set({ ownerTokenHash: hash }).where(eq(leads.id, leadId));
}
