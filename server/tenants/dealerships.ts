/**
 * Which site each dealership belongs to (the `dealerships` table). A dealership's stock and leads
 * go to whichever site names it in its document, so naming one is an ownership claim:
 * - a dealership assigned to another site is never accepted in a draft or a published document
 *   (for anyone, staff included);
 * - a dealer account may name only dealerships already assigned to its site;
 * - staff may name an unassigned one: publishing the site assigns it (audited);
 * - staff assign and unassign explicitly (assignDealership), never away from a site whose published
 *   document still names the dealership (server/admin/dealerships.ts).
 */
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../db";
import { auditLog, dealerships } from "../db/schema";
import type { TenantError } from "../../domain/tenant-validation";

export const belongsToAnotherSite = (id: number) => `Dealership ${id} belongs to another site.`;
export const notAssignedToThisSite = (id: number) => `Dealership ${id} is not assigned to this site; ask Forecourt staff to assign it.`;

export interface NamedDealership {
  id: number;
  name: string;
  /** Where the id sits in the document: /dealerships/N/id. */
  pointer: string;
}

/** The largest dealership id (PostgreSQL integer). */
export const MAX_ID = 2 ** 31 - 1;

/** The dealerships a document names (entries without a whole-number id are the schema's business). */
export function namedDealerships(doc: unknown): NamedDealership[] {
  const list = (doc as { dealerships?: unknown } | null)?.dealerships;
  if (!Array.isArray(list)) return [];
  return list.flatMap((d, i) => {
    const id = (d as { id?: unknown } | null)?.id;
    if (typeof id !== "number" || !Number.isInteger(id)) return [];
    const name = (d as { name?: unknown }).name;
    return [{ id, name: typeof name === "string" ? name.slice(0, 200) : "", pointer: `/dealerships/${i}/id` }];
  });
}

interface Rules {
  /** Unassigned dealerships may be named (staff; publishing then assigns them). */
  mayClaim: boolean;
  /** Unassigned dealerships tolerated anyway (a dealer keeping what staff already put in the draft). */
  tolerate?: Set<number>;
}

function check(slug: string, named: NamedDealership[], owners: Map<number, string | null>, rules: Rules): TenantError[] {
  const errors: TenantError[] = [];
  for (const d of named) {
    const owner = owners.get(d.id) ?? null;
    if (d.id < 1 || d.id > MAX_ID) errors.push({ pointer: d.pointer, message: `A dealership id is a whole number from 1 to ${MAX_ID}.` });
    else if (owner !== null && owner !== slug) errors.push({ pointer: d.pointer, message: belongsToAnotherSite(d.id) });
    else if (owner === null && !rules.mayClaim && !rules.tolerate?.has(d.id)) errors.push({ pointer: d.pointer, message: notAssignedToThisSite(d.id) });
  }
  return errors;
}

async function ownersOf(db: Db, allIds: number[], lock = false): Promise<Map<number, string | null>> {
  const ids = allIds.filter((id) => id >= 1 && id <= MAX_ID);
  if (!ids.length) return new Map();
  const q = db.select({ id: dealerships.id, owner: dealerships.tenantSlug }).from(dealerships).where(inArray(dealerships.id, ids));
  const rows = lock ? await q.for("update") : await q;
  return new Map(rows.map((r) => [r.id, r.owner]));
}

/** The stock feed's names of the dealerships `doc`'s locations refer to (for validateTenant's messages). */
export async function locationDealershipNames(db: Db, doc: unknown): Promise<Map<number, string>> {
  const locations = (doc as { locations?: unknown } | null)?.locations;
  const ids = (Array.isArray(locations) ? locations : []).map((l) => (l as { dealership_id?: unknown } | null)?.dealership_id);
  const wanted = [...new Set(ids.filter((id): id is number => Number.isInteger(id) && (id as number) >= 1 && (id as number) <= MAX_ID))];
  if (!wanted.length) return new Map();
  const rows = await db.select({ id: dealerships.id, name: dealerships.name }).from(dealerships).where(inArray(dealerships.id, wanted));
  return new Map(rows.filter((r) => r.name.trim()).map((r) => [r.id, r.name]));
}

/** What is wrong with the dealerships `doc` names for site `slug` under `rules` (empty when nothing). */
export async function ownershipErrors(db: Db, slug: string, doc: unknown, rules: Rules): Promise<TenantError[]> {
  const named = namedDealerships(doc);
  return check(slug, named, await ownersOf(db, named.map((d) => d.id)), rules);
}

/** The dealerships `doc` names that belong to a site other than `slug` (a document published before the rule). */
export async function foreignDealerships(db: Db, slug: string, doc: unknown): Promise<number[]> {
  const named = namedDealerships(doc);
  const owners = await ownersOf(db, named.map((d) => d.id));
  return named.filter((d) => { const o = owners.get(d.id) ?? null; return o !== null && o !== slug; }).map((d) => d.id);
}

/**
 * Inside a transaction that publishes (or seeds) site `tenant`: checks the dealerships `doc` names
 * and, with `claim`, assigns the unassigned ones to the site (each assignment audited). Answers the
 * errors (nothing assigned then) and the ids assigned.
 */
export async function settleDealerships(
  tx: Db,
  tenant: { id: number; slug: string },
  doc: unknown,
  opts: { claim: boolean; actor: string; via: string },
): Promise<{ errors: TenantError[]; assigned: number[] }> {
  const named = namedDealerships(doc);
  if (!named.length) return { errors: [], assigned: [] };
  const ids = [...new Set(named.map((d) => d.id))].filter((id) => id >= 1 && id <= MAX_ID);
  // A row for every id, so that two publishes claiming the same dealership queue on its lock.
  if (opts.claim) await tx.insert(dealerships).values(ids.map((id) => ({ id }))).onConflictDoNothing();
  const owners = await ownersOf(tx, ids, true);
  const errors = check(tenant.slug, named, owners, { mayClaim: opts.claim });
  if (errors.length || !opts.claim) return { errors, assigned: [] };
  const assigned = ids.filter((id) => (owners.get(id) ?? null) === null);
  const now = new Date();
  for (const id of assigned) {
    const name = named.find((d) => d.id === id)!.name;
    await tx.update(dealerships).set({ tenantSlug: tenant.slug, name, assignedAt: now, assignedBy: opts.actor }).where(eq(dealerships.id, id));
    await tx.insert(auditLog).values({ actor: opts.actor, tenantId: tenant.id, action: "assign-dealership", detail: { dealership: id, from: null, to: tenant.slug, via: opts.via } });
  }
  return { errors, assigned };
}
