/**
 * Which site each dealership belongs to (the `dealerships` table). A dealership's stock and leads
 * go to whichever site names it in its document, so naming one is an ownership claim:
 * - a dealership assigned to another site is never accepted in a draft or a published document
 *   (for anyone, staff included);
 * - a dealer account may name only dealerships already assigned to its site;
 * - staff may name an unassigned one: publishing the site assigns it (audited);
 * - staff assign and unassign explicitly (assignDealership), never away from a site whose published
 *   document still names the dealership.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db";
import { auditLog, dealerships, tenants, tenantVersions, vehicles } from "../db/schema";
import { NotFoundError, ValidationError } from "../errors";
import { PUBLISHED_CHANNEL } from "../tenants/channel";
import type { TenantError } from "../../domain/tenant-validation";
import type { AdminUser } from "./accounts";
import { assertStaff } from "./access";

export const belongsToAnotherSite = (id: number) => `Dealership ${id} belongs to another site.`;
export const notAssignedToThisSite = (id: number) => `Dealership ${id} is not assigned to this site; ask Forecourt staff to assign it.`;

export interface NamedDealership {
  id: number;
  name: string;
  /** Where the id sits in the document: /dealerships/N/id. */
  pointer: string;
}

const MAX_ID = 2 ** 31 - 1;

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

export interface DealershipRow {
  id: number;
  name: string;
  /** The site it belongs to; null when unassigned. */
  tenant: string | null;
  assignedAt: Date | null;
  assignedBy: string | null;
  /** Vehicles stored for it (any status). */
  vehicles: number;
}

/** Staff: every dealership (also those only vehicles name) with its site and stock; a dealer: those of their sites. */
export async function listDealerships(db: Db, user: AdminUser): Promise<DealershipRow[]> {
  const rows = await db.select().from(dealerships).orderBy(dealerships.id);
  const counts = await db.select({ id: vehicles.dealershipId, n: sql<number>`count(*)::int` }).from(vehicles).groupBy(vehicles.dealershipId);
  const stock = new Map(counts.map((c) => [c.id, Number(c.n)]));
  const out: DealershipRow[] = rows.map((r) => ({
    id: r.id, name: r.name, tenant: r.tenantSlug, assignedAt: r.assignedAt, assignedBy: r.assignedBy, vehicles: stock.get(r.id) ?? 0,
  }));
  for (const [id, n] of stock) if (!rows.some((r) => r.id === id)) out.push({ id, name: "", tenant: null, assignedAt: null, assignedBy: null, vehicles: n });
  out.sort((a, b) => a.id - b.id);
  return user.role === "staff" ? out : out.filter((d) => d.tenant !== null && user.tenants.includes(d.tenant));
}

/**
 * Staff assign dealership `id` to site `tenant` (null: unassign), optionally renaming it. Refused
 * while the site it belongs to now still names it in its published document. Audited.
 */
export async function assignDealership(db: Db, user: AdminUser, id: number, change: { tenant: string | null; name?: string }): Promise<DealershipRow> {
  assertStaff(user, "assign dealerships");
  return db.transaction(async (tx) => {
    let target: { id: number; slug: string } | undefined;
    if (change.tenant !== null) {
      [target] = await tx.select({ id: tenants.id, slug: tenants.slug }).from(tenants).where(eq(tenants.slug, change.tenant));
      if (!target) throw new NotFoundError(`No site with slug "${change.tenant}".`);
    }
    await tx.insert(dealerships).values({ id }).onConflictDoNothing();
    const [row] = await tx.select().from(dealerships).where(eq(dealerships.id, id)).for("update");
    const from = row.tenantSlug;
    if (from !== null && from !== change.tenant) {
      const [published] = await tx
        .select({ document: tenantVersions.document })
        .from(tenants)
        .innerJoin(tenantVersions, eq(tenantVersions.id, tenants.publishedVersionId))
        .where(eq(tenants.slug, from));
      if (published && namedDealerships(published.document).some((d) => d.id === id)) {
        throw new ValidationError(`Dealership ${id} is still on the published site "${from}"; remove it there and publish first.`, [
          { pointer: "/tenant", message: `dealership ${id} is named by the published site "${from}"` },
        ]);
      }
    }
    const [owner] = from !== null ? await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, from)) : [];
    const [updated] = await tx
      .update(dealerships)
      .set({
        ...(change.name !== undefined ? { name: change.name } : {}),
        ...(from !== change.tenant ? { tenantSlug: change.tenant, assignedAt: change.tenant ? new Date() : null, assignedBy: change.tenant ? user.email : null } : {}),
      })
      .where(eq(dealerships.id, id))
      .returning();
    await tx.insert(auditLog).values({
      actor: user.email,
      tenantId: target?.id ?? owner?.id ?? null,
      action: change.tenant ? "assign-dealership" : "unassign-dealership",
      detail: { dealership: id, from, to: change.tenant, ...(change.name !== undefined ? { name: change.name } : {}) },
    });
    // The sites on either side serve their documents afresh (which versions may be served depends on this).
    for (const slug of new Set([from, change.tenant])) if (slug) await tx.execute(sql`select pg_notify(${PUBLISHED_CHANNEL}, ${slug})`);
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(vehicles).where(and(eq(vehicles.dealershipId, id)));
    return { id, name: updated.name, tenant: updated.tenantSlug, assignedAt: updated.assignedAt, assignedBy: updated.assignedBy, vehicles: Number(n) };
  });
}
