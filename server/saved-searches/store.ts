/**
 * Saved searches in the database (the truth every process's matcher reads): the searches, the cars
 * each has matched (saved_search_hits) and what is waiting for its next alert. Writes that two
 * processes may race on are single statements (insert … on conflict, update … where), and the alert
 * itself is an outbox row whose idempotency key is the search and the day.
 */
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gte, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { SAVED_SEARCH_LIMITS, SAVED_SEARCH_MESSAGES, SavedSearchInputError, type SavedSearchState } from "../../domain/saved-search";
import type { Db } from "../db";
import { leadDeliveries, leads, savedSearchHits, savedSearches } from "../db/schema";

export type SavedSearch = typeof savedSearches.$inferSelect;

export interface NewSavedSearch {
  tenant: string;
  email: string;
  state: SavedSearchState;
  label: string;
  origin: string;
  path: string;
  userId: number | null;
}

/** Stores a pending search; throws SavedSearchInputError when the address already keeps the most it may on the site. */
export async function insertSavedSearch(db: Db, s: NewSavedSearch): Promise<SavedSearch> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(savedSearches)
    .where(and(eq(savedSearches.tenant, s.tenant), eq(savedSearches.email, s.email), ne(savedSearches.status, "unsubscribed")));
  if (n >= SAVED_SEARCH_LIMITS.perEmail) throw new SavedSearchInputError(SAVED_SEARCH_MESSAGES.tooMany);
  const [row] = await db.insert(savedSearches).values({ id: randomUUID(), ...s }).returning();
  return row;
}

export async function savedSearchById(db: Db, id: string): Promise<SavedSearch | null> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  const [row] = await db.select().from(savedSearches).where(eq(savedSearches.id, id));
  return row ?? null;
}

/** pending → active (once; a second confirmation, or one after unsubscribing, changes nothing). Answers the row as it is now. */
export async function activateSavedSearch(db: Db, id: string, now = new Date()): Promise<SavedSearch | null> {
  const [row] = await db
    .update(savedSearches)
    .set({ status: "active", confirmedAt: now, updatedAt: now })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.status, "pending")))
    .returning();
  return row ?? savedSearchById(db, id);
}

/** Stops a search's alerts; true when it was not already stopped. */
export async function unsubscribeSavedSearch(db: Db, id: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(savedSearches)
    .set({ status: "unsubscribed", updatedAt: now })
    .where(and(eq(savedSearches.id, id), ne(savedSearches.status, "unsubscribed")))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

/** A signed-in visitor's searches on a site (My Garage), newest first, unsubscribed ones left out. */
export function savedSearchesOfUser(db: Db, tenant: string, userId: number): Promise<SavedSearch[]> {
  return db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.tenant, tenant), eq(savedSearches.userId, userId), ne(savedSearches.status, "unsubscribed")))
    .orderBy(desc(savedSearches.createdAt))
    .limit(50);
}

/** Deletes one of a signed-in visitor's searches (its hits go with it); false when it is not theirs. */
export async function deleteSavedSearchOfUser(db: Db, tenant: string, userId: number, id: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return false;
  // Marked first, so every process's matcher drops it on its next read (a deleted row leaves no trace to read).
  const rows = await db
    .update(savedSearches)
    .set({ status: "unsubscribed", updatedAt: new Date(), userId: null, email: "" })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.tenant, tenant), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  if (rows.length) await db.delete(savedSearchHits).where(eq(savedSearchHits.searchId, id));
  return rows.length > 0;
}

/** Searches changed since `since` (every one when null), for a matcher's incremental read. */
export function savedSearchesChangedSince(db: Db, since: Date | null) {
  return db
    .select({ id: savedSearches.id, tenant: savedSearches.tenant, state: savedSearches.state, status: savedSearches.status, updatedAt: savedSearches.updatedAt })
    .from(savedSearches)
    .where(since ? gte(savedSearches.updatedAt, since) : undefined)
    .orderBy(asc(savedSearches.updatedAt));
}

export interface Match {
  searchId: string;
  vehicleId: string;
  price: number;
}

/**
 * Records matches. A car new to a search is pending "new" (or, with `baseline`, recorded as already
 * seen: the cars a search matched when it was confirmed); a known car whose price fell is pending
 * "price", keeping the price it fell from. One statement per batch: two processes recording the same
 * change leave one pending hit.
 */
export async function recordMatches(db: Db, matches: Match[], opts: { baseline?: boolean } = {}): Promise<void> {
  const seen = new Map<string, Match>();
  for (const m of matches) seen.set(`${m.searchId}|${m.vehicleId}`, m);
  const all = [...seen.values()];
  for (let i = 0; i < all.length; i += 1000) {
    const values = all.slice(i, i + 1000).map((m) => ({ searchId: m.searchId, vehicleId: m.vehicleId, price: Math.round(m.price), pending: opts.baseline ? null : ("new" as const) }));
    const fell = sql`excluded.price > 0 and excluded.price < ${savedSearchHits.price}`;
    await db
      .insert(savedSearchHits)
      .values(values)
      .onConflictDoUpdate({
        target: [savedSearchHits.searchId, savedSearchHits.vehicleId],
        set: opts.baseline
          ? { price: sql`excluded.price` }
          : {
              wasPrice: sql`case when ${fell} and ${savedSearchHits.pending} is null then ${savedSearchHits.price} else ${savedSearchHits.wasPrice} end`,
              pending: sql`case when ${fell} then coalesce(${savedSearchHits.pending}, 'price') else ${savedSearchHits.pending} end`,
              price: sql`excluded.price`,
              updatedAt: sql`now()`,
            },
      });
  }
}

/** Active searches with something pending (of `ids` when given). */
export async function searchesWithPending(db: Db, ids?: string[]): Promise<SavedSearch[]> {
  if (ids && !ids.length) return [];
  const pendingIds = db.selectDistinct({ id: savedSearchHits.searchId }).from(savedSearchHits).where(isNotNull(savedSearchHits.pending));
  return db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.status, "active"), inArray(savedSearches.id, pendingIds), ids ? inArray(savedSearches.id, ids) : undefined));
}

export function pendingHits(db: Db, searchId: string) {
  return db
    .select()
    .from(savedSearchHits)
    .where(and(eq(savedSearchHits.searchId, searchId), isNotNull(savedSearchHits.pending)))
    .orderBy(asc(savedSearchHits.updatedAt))
    .limit(200);
}

/** Whether the outbox already has the row of this key (today's alert of a search, its confirmation). */
export async function outboxHas(db: Db, key: string): Promise<boolean> {
  const [row] = await db.select({ id: leadDeliveries.id }).from(leadDeliveries).where(eq(leadDeliveries.idempotencyKey, key)).limit(1);
  return !!row;
}

export interface OutboxMail {
  searchId: string;
  key: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/**
 * Puts an e-mail in the outbox once per key, and clears the hits it announced (`hits`: vehicle ids)
 * in the same transaction. False when the key was already used (another process, or earlier today):
 * the hits stay pending for the next one.
 */
export async function enqueueMail(db: Db, mail: OutboxMail, hits: string[] = []): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(leadDeliveries)
      .values({ leadId: null, channel: "alert", target: mail.to, subject: mail.subject, body: mail.text, html: mail.html, headers: mail.headers, savedSearchId: mail.searchId, idempotencyKey: mail.key })
      .onConflictDoNothing()
      .returning({ id: leadDeliveries.id });
    if (!inserted.length) return false;
    if (hits.length) await clearPending(tx, mail.searchId, hits);
    return true;
  });
}

export async function clearPending(db: Db, searchId: string, vehicleIds: string[]): Promise<void> {
  if (!vehicleIds.length) return;
  await db
    .update(savedSearchHits)
    .set({ pending: null, wasPrice: null })
    .where(and(eq(savedSearchHits.searchId, searchId), inArray(savedSearchHits.vehicleId, vehicleIds)));
}

/** A saved search's e-mails in the outbox, oldest first (tests, the e2e check). */
export function outboxOfSearch(db: Db, searchId: string) {
  return db.select().from(leadDeliveries).where(eq(leadDeliveries.savedSearchId, searchId)).orderBy(asc(leadDeliveries.id));
}

/**
 * Demand (the admin): active searches per make and model on a site, counted once per search and
 * pair it names (a search for two makes counts for each; no model named: "Any model"). No address.
 */
export async function demandOfSite(db: Db, tenant: string): Promise<{ make: string; model: string; searches: number }[]> {
  const rows = await db
    .select({ state: savedSearches.state })
    .from(savedSearches)
    .where(and(eq(savedSearches.tenant, tenant), eq(savedSearches.status, "active")));
  const counts = new Map<string, number>();
  for (const { state } of rows) {
    const makes = state.refinementList?.make ?? [];
    const models = state.refinementList?.model ?? [];
    const pairs = new Set<string>();
    for (const mm of state.refinementList?.make_model ?? []) pairs.add(mm.replace(" > ", "\u0000"));
    for (const make of makes.length ? makes : models.length ? ["Any make"] : []) for (const model of models.length ? models : ["Any model"]) pairs.add(`${make}\u0000${model}`);
    if (!pairs.size) pairs.add("Any make\u0000Any model");
    for (const p of pairs) counts.set(p, (counts.get(p) ?? 0) + 1);
  }
  return [...counts]
    .map(([k, searches]) => {
      const [make, model] = k.split("\u0000");
      return { make, model, searches };
    })
    .sort((a, b) => b.searches - a.searches || a.make.localeCompare(b.make) || a.model.localeCompare(b.model));
}

/**
 * The active searches whose address also sent this site a lead (its e-mail field, any case): the
 * one case the Demand tab shows an address, as the shopper gave it to the dealer already.
 */
export async function searchesOfLeadSenders(db: Db, tenant: string): Promise<{ email: string; label: string }[]> {
  return db
    .select({ email: savedSearches.email, label: savedSearches.label })
    .from(savedSearches)
    .where(
      and(
        eq(savedSearches.tenant, tenant),
        eq(savedSearches.status, "active"),
        sql`exists (select 1 from ${leads} where ${leads.tenant} = ${tenant} and lower(trim(${leads.payload}->'fields'->>'email')) = ${savedSearches.email})`,
      ),
    )
    .orderBy(asc(savedSearches.email), asc(savedSearches.label));
}
