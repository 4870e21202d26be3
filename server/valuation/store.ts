/**
 * Trade-in evaluations (the trade_in_evaluations table): created at Step One, updated as the
 * wizard goes on, read back by id. Every function is scoped to a site (and, when given, a
 * visitor): an id of another site's — or another visitor's — evaluation reads and changes nothing,
 * exactly as an id that does not exist. Ids that are not UUIDs are not looked up at all.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { TradeInStage, TradeInState } from "../../domain/trade-in";
import { MAX_TRADE_IN_IMAGES, type TradeInImageType } from "../../domain/trade-in-images";
import type { Db } from "../db";
import { tradeInEvaluations } from "../db/schema";

export type { Valuation, ValuationVehicle } from "./provider";

/** An uploaded image as stored with the evaluation (the picture itself lives elsewhere, at `path`). */
export interface TradeInImage {
  name: string;
  type: TradeInImageType;
  bytes: number;
  sha256: string;
  path: string;
  addedAt: string;
}

export interface Evaluation {
  id: string;
  site: string;
  dealershipId: number | null;
  visitorId: string | null;
  leadId: string | null;
  carId: string | null;
  stage: TradeInStage;
  rego: string;
  state: TradeInState;
  request: Record<string, unknown>;
  answer: Record<string, unknown>;
  images: TradeInImage[];
  createdAt: Date;
  updatedAt: Date;
}

/** Whose evaluation: the site's, and the visitor's when `visitorId` is given. */
export interface EvaluationScope {
  site: string;
  visitorId?: string;
}

export interface NewEvaluation {
  rego: string;
  state: TradeInState;
  stage?: TradeInStage;
  dealershipId?: number;
  visitorId?: string;
  carId?: string;
  request?: Record<string, unknown>;
  answer?: Record<string, unknown>;
}

export interface EvaluationPatch {
  stage?: TradeInStage;
  dealershipId?: number;
  leadId?: string;
  /** Merged into the stored request (top-level keys replaced). */
  request?: Record<string, unknown>;
  /** Merged into the stored answer (top-level keys replaced). */
  answer?: Record<string, unknown>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isEvaluationId = (id: unknown): id is string => typeof id === "string" && UUID.test(id);

const toEvaluation = (row: typeof tradeInEvaluations.$inferSelect): Evaluation => ({
  ...row,
  stage: row.stage as TradeInStage,
  state: row.state as TradeInState,
  images: row.images as TradeInImage[],
});

function scoped(id: string, scope: EvaluationScope): SQL {
  const where = [eq(tradeInEvaluations.id, id), eq(tradeInEvaluations.site, scope.site)];
  if (scope.visitorId !== undefined) where.push(eq(tradeInEvaluations.visitorId, scope.visitorId));
  return and(...where)!;
}

export async function createEvaluation(db: Db, site: string, input: NewEvaluation): Promise<Evaluation> {
  const [row] = await db
    .insert(tradeInEvaluations)
    .values({
      id: randomUUID(),
      site,
      rego: input.rego,
      state: input.state,
      stage: input.stage ?? "initial",
      dealershipId: input.dealershipId ?? null,
      visitorId: input.visitorId ?? null,
      carId: input.carId ?? null,
      request: input.request ?? {},
      answer: input.answer ?? {},
    })
    .returning();
  return toEvaluation(row);
}

/** The evaluation, or null when there is none with this id for this site (and visitor). */
export async function getEvaluation(db: Db, scope: EvaluationScope, id: string): Promise<Evaluation | null> {
  if (!isEvaluationId(id)) return null;
  const [row] = await db.select().from(tradeInEvaluations).where(scoped(id, scope));
  return row ? toEvaluation(row) : null;
}

/**
 * Applies `patch` in one statement; null when there is no such evaluation for this site (and visitor),
 * or, with `fromStage`, when it is no longer at that stage: the row is the claim, so of two processes
 * moving it on from one stage only one gets it.
 */
export async function updateEvaluation(db: Db, scope: EvaluationScope, id: string, patch: EvaluationPatch, opts: { fromStage?: TradeInStage } = {}): Promise<Evaluation | null> {
  if (!isEvaluationId(id)) return null;
  const [row] = await db
    .update(tradeInEvaluations)
    .set({
      ...(patch.stage ? { stage: patch.stage } : {}),
      ...(patch.dealershipId !== undefined ? { dealershipId: patch.dealershipId } : {}),
      ...(patch.leadId !== undefined ? { leadId: patch.leadId } : {}),
      ...(patch.request ? { request: sql`${tradeInEvaluations.request} || ${JSON.stringify(patch.request)}::jsonb` } : {}),
      ...(patch.answer ? { answer: sql`${tradeInEvaluations.answer} || ${JSON.stringify(patch.answer)}::jsonb` } : {}),
      updatedAt: new Date(),
    })
    .where(opts.fromStage ? and(scoped(id, scope), eq(tradeInEvaluations.stage, opts.fromStage)) : scoped(id, scope))
    .returning();
  return row ? toEvaluation(row) : null;
}

/**
 * Evaluations whose offer was not accepted by its time (answer.unacceptedLeadDueAt, set with the
 * offer): still at stage "valuation" with a lead. Oldest first, at most `limit`. Read only: the
 * caller claims each with updateEvaluation(…, { fromStage: "valuation" }).
 */
export async function unacceptedOffersDue(db: Db, now: Date, limit = 50): Promise<Pick<Evaluation, "id" | "site">[]> {
  const due = sql`${tradeInEvaluations.answer}->>'unacceptedLeadDueAt'`;
  return db
    .select({ id: tradeInEvaluations.id, site: tradeInEvaluations.site })
    .from(tradeInEvaluations)
    .where(and(eq(tradeInEvaluations.stage, "valuation"), isNotNull(tradeInEvaluations.leadId), sql`(${due})::timestamptz <= ${now.toISOString()}::timestamptz`))
    .orderBy(due)
    .limit(limit);
}

export type AddImageResult = { ok: true; evaluation: Evaluation } | { ok: false; reason: "not-found" | "too-many" | "too-many-bytes" };

/** The bytes of an evaluation's stored pictures. */
export const imageBytes = (images: readonly TradeInImage[]) => images.reduce((sum, i) => sum + i.bytes, 0);

/**
 * Appends one image's metadata. The count (and, with `maxBytes`, the stored bytes with this one) is
 * checked in the same UPDATE, so two uploads at once can never make an 11th or pass the bytes: the
 * one that would is refused ("too-many", "too-many-bytes").
 */
export async function addEvaluationImage(db: Db, scope: EvaluationScope, id: string, image: TradeInImage, opts: { maxBytes?: number } = {}): Promise<AddImageResult> {
  if (!isEvaluationId(id)) return { ok: false, reason: "not-found" };
  const storedBytes = sql`(select coalesce(sum((i->>'bytes')::bigint), 0) from jsonb_array_elements(${tradeInEvaluations.images}) i)`;
  const withinBytes = opts.maxBytes === undefined ? sql`true` : sql`${storedBytes} + ${image.bytes} <= ${opts.maxBytes}`;
  const [row] = await db
    .update(tradeInEvaluations)
    .set({ images: sql`${tradeInEvaluations.images} || ${JSON.stringify([image])}::jsonb`, updatedAt: new Date() })
    .where(and(scoped(id, scope), sql`jsonb_array_length(${tradeInEvaluations.images}) < ${MAX_TRADE_IN_IMAGES}`, withinBytes))
    .returning();
  if (row) return { ok: true, evaluation: toEvaluation(row) };
  const now = await getEvaluation(db, scope, id);
  if (!now) return { ok: false, reason: "not-found" };
  return { ok: false, reason: now.images.length >= MAX_TRADE_IN_IMAGES ? "too-many" : "too-many-bytes" };
}

/**
 * Locks (FOR UPDATE SKIP LOCKED: another process sweeping at the same time takes other rows) up to
 * `limit` evaluations created before `before` that never became a lead and still have pictures.
 * Call inside a transaction, then clearPictures on the same ids before it commits.
 */
export async function lockStalePictures(tx: Db, before: Date, limit = 50): Promise<Pick<Evaluation, "id" | "site" | "images">[]> {
  const rows = await tx
    .select({ id: tradeInEvaluations.id, site: tradeInEvaluations.site, images: tradeInEvaluations.images })
    .from(tradeInEvaluations)
    .where(and(isNull(tradeInEvaluations.leadId), lt(tradeInEvaluations.createdAt, before), sql`jsonb_array_length(${tradeInEvaluations.images}) > 0`))
    .orderBy(tradeInEvaluations.createdAt)
    .limit(limit)
    .for("update", { skipLocked: true });
  return rows.map((r) => ({ ...r, images: r.images as TradeInImage[] }));
}

/** Forgets the pictures of these (locked) evaluations, noting when and how many in the answer. */
export async function clearPictures(tx: Db, rows: Pick<Evaluation, "id" | "images">[], now: Date): Promise<void> {
  for (const r of rows) {
    const note = { picturesDeletedAt: now.toISOString(), picturesDeleted: r.images.length };
    await tx
      .update(tradeInEvaluations)
      .set({ images: sql`'[]'::jsonb`, answer: sql`${tradeInEvaluations.answer} || ${JSON.stringify(note)}::jsonb`, updatedAt: now })
      .where(and(eq(tradeInEvaluations.id, r.id), isNull(tradeInEvaluations.leadId)));
  }
}

/** The site's (and visitor's) evaluations, newest first (at most `limit`). */
export async function listEvaluations(db: Db, scope: EvaluationScope, limit = 20): Promise<Evaluation[]> {
  const where = [eq(tradeInEvaluations.site, scope.site)];
  if (scope.visitorId !== undefined) where.push(eq(tradeInEvaluations.visitorId, scope.visitorId));
  const rows = await db
    .select()
    .from(tradeInEvaluations)
    .where(and(...where))
    .orderBy(desc(tradeInEvaluations.createdAt))
    .limit(limit);
  return rows.map(toEvaluation);
}

/** The evaluation whose lead is `leadId`, for this site (and visitor); null otherwise. */
export async function findEvaluationByLead(db: Db, scope: EvaluationScope, leadId: string): Promise<Evaluation | null> {
  if (!isEvaluationId(leadId)) return null;
  const where = [eq(tradeInEvaluations.leadId, leadId), eq(tradeInEvaluations.site, scope.site)];
  if (scope.visitorId !== undefined) where.push(eq(tradeInEvaluations.visitorId, scope.visitorId));
  const [row] = await db.select().from(tradeInEvaluations).where(and(...where));
  return row ? toEvaluation(row) : null;
}
