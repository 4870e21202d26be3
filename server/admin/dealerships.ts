/**
 * The admin's dealerships directory: staff list, assign and add dealerships (a dealer sees those of
 * their sites). Which site a dealership belongs to, and what a document may name, is
 * server/tenants/dealerships.ts.
 */
import { eq, inArray, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../db";
import { auditLog, dealershipApiKeys, dealerships, tenants, tenantVersions, vehicles } from "../db/schema";
import { NotFoundError, ValidationError } from "../errors";
import { PUBLISHED_CHANNEL } from "../tenants/channel";
import { MAX_ID, namedDealerships } from "../tenants/dealerships";
import type { TenantError } from "../../domain/tenant-validation";
import type { AdminUser } from "./accounts";
import { assertStaff } from "./access";

export interface DealershipRow {
  id: number;
  name: string;
  /** The site it belongs to; null when unassigned. */
  tenant: string | null;
  assignedAt: Date | null;
  assignedBy: string | null;
  /** Vehicles stored for it (any status). */
  vehicles: number;
  /** Vehicles in stock (status in_stock). */
  stock: number;
  /** The newest change of one of its vehicles (the feed or an import); null when it has none. */
  lastFeedAt: Date | null;
}

/** Per dealership: vehicles of any status, in stock, and the newest vehicle change. */
async function stockOf(db: Db, ids?: number[]) {
  const rows = await db
    .select({
      id: vehicles.dealershipId,
      n: sql<number>`count(*)::int`,
      stock: sql<number>`(count(*) filter (where ${vehicles.status} = 'in_stock'))::int`,
      last: sql<Date | string | null>`max(${vehicles.updatedAt})`,
    })
    .from(vehicles)
    .where(ids ? inArray(vehicles.dealershipId, ids) : undefined)
    .groupBy(vehicles.dealershipId);
  return new Map(rows.map((r) => [r.id, { vehicles: Number(r.n), stock: Number(r.stock), lastFeedAt: r.last ? new Date(r.last) : null }]));
}

const NO_STOCK = { vehicles: 0, stock: 0, lastFeedAt: null };
const rowOf = (r: typeof dealerships.$inferSelect, s: { vehicles: number; stock: number; lastFeedAt: Date | null } = NO_STOCK): DealershipRow => ({
  id: r.id, name: r.name, tenant: r.tenantSlug, assignedAt: r.assignedAt, assignedBy: r.assignedBy, ...s,
});

/** Staff: every dealership (also those only vehicles name) with its site and stock; a dealer: those of their sites. */
export async function listDealerships(db: Db, user: AdminUser): Promise<DealershipRow[]> {
  const rows = await db.select().from(dealerships).orderBy(dealerships.id);
  const stock = await stockOf(db);
  const out: DealershipRow[] = rows.map((r) => rowOf(r, stock.get(r.id)));
  for (const [id, s] of stock) if (!rows.some((r) => r.id === id)) out.push({ id, name: "", tenant: null, assignedAt: null, assignedBy: null, ...s });
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
    return rowOf(updated, (await stockOf(tx, [id])).get(id));
  });
}

/** A dealership's name as staff type it: 1 to 200 characters, no control characters. */
export function dealershipNameErrors(name: unknown, pointer = "/name"): TenantError[] {
  if (typeof name !== "string" || !name.trim()) return [{ pointer, message: "Name: enter the dealership's name." }];
  if (name.length > 200 || /[\u0000-\u001f\u007f]/.test(name)) return [{ pointer, message: "Name: at most 200 characters, on one line." }];
  return [];
}

/**
 * Staff add a dealership to the directory (unassigned). Without an id, the next free one (above every
 * id the table, vehicles and feed keys use). Refused when the id is taken. Audited.
 */
export async function addDealership(db: Db, user: AdminUser, input: { id?: number; name: string }): Promise<DealershipRow> {
  assertStaff(user, "add dealerships");
  const errors = dealershipNameErrors(input.name);
  if (input.id !== undefined && (!Number.isInteger(input.id) || input.id < 1 || input.id > MAX_ID)) {
    errors.push({ pointer: "/id", message: `Id: a whole number from 1 to ${MAX_ID}, or leave it empty to have one chosen.` });
  }
  if (errors.length) throw new ValidationError("The dealership was not added:", errors);
  const name = input.name.trim();
  return db.transaction(async (tx) => {
    // One add at a time, so two staff adding at once do not pick the same id.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('forecourt.add-dealership'))`);
    let id = input.id;
    if (id === undefined) {
      const maxOf = async (column: AnyPgColumn) => Number((await tx.select({ m: sql<number>`coalesce(max(${column}), 0)` }).from(column.table))[0].m);
      id = Math.max(await maxOf(dealerships.id), await maxOf(vehicles.dealershipId), await maxOf(dealershipApiKeys.dealershipId)) + 1;
      if (id > MAX_ID) throw new ValidationError("The dealership was not added:", [{ pointer: "/id", message: "Id: no free id is left; enter one." }]);
    }
    const [taken] = await tx.select().from(dealerships).where(eq(dealerships.id, id));
    if (taken) {
      throw new ValidationError("The dealership was not added:", [
        { pointer: "/id", message: `Id: dealership ${id} already exists${taken.name ? ` (${taken.name})` : ""}.` },
      ]);
    }
    const [row] = await tx.insert(dealerships).values({ id, name }).returning();
    await tx.insert(auditLog).values({ actor: user.email, tenantId: null, action: "add-dealership", detail: { dealership: id, name } });
    return rowOf(row, (await stockOf(tx, [id])).get(id));
  });
}
