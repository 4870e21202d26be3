import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { and, eq } from "drizzle-orm";
import type { DbHandle } from "../db";
import { adminUsers, auditLog, dealerships, tenants } from "../db/schema";
import { upsertAdminUser } from "../admin/accounts";
import { settleDealerships } from "../tenants/dealerships";
import { createTenant, getLiveDocument, listTenants, publish } from "../tenants/store";
import { DEMO_UNASSIGNED_DEALERSHIPS, generateDemoInventory, unassignedDemoInventory } from "./inventory";
import { upsertVehicles } from "../inventory/store";

export const tenantsDir = () => resolve(process.cwd(), "tenants");

/**
 * On first start (no tenants yet), creates and publishes every demo tenant in tenants/ (assigning
 * each its dealerships), lists the demo platform's unassigned dealerships (DEMO_UNASSIGNED_DEALERSHIPS,
 * with `unassigned`: only for the demo's own tenants/), then seeds the demo inventory. Returns the
 * tenants' slugs.
 */
export async function seedDemoTenants(handle: DbHandle, dir = tenantsDir(), opts: { unassigned?: boolean } = {}): Promise<string[]> {
  const existing = await handle.db.select({ id: tenants.id }).from(tenants).limit(1);
  if (existing.length) return [];
  const slugs: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) {
    const doc = JSON.parse(readFileSync(join(dir, file), "utf8"));
    // createTenant migrates an older document (schemas/migrations); the rest works on what it stored.
    const { slug, document } = await createTenant(handle.db, doc, "seed");
    // The demo site's dealerships are assigned to it as it is created (server/admin/dealerships.ts).
    await handle.db.transaction(async (tx) => {
      const [row] = await tx.select({ id: tenants.id, slug: tenants.slug }).from(tenants).where(eq(tenants.slug, slug));
      const { errors } = await settleDealerships(tx, row, document, { claim: true, actor: "seed", via: "seed" });
      if (errors.length) throw new Error(`tenants/${file}: ${errors.map((e) => `${e.pointer} ${e.message}`).join("; ")}`);
    });
    await publish(handle, slug, { actor: "seed", note: `seeded from tenants/${file}` });
    slugs.push(slug);
  }
  if (slugs.length && (opts.unassigned ?? resolve(dir) === tenantsDir())) {
    const rows = DEMO_UNASSIGNED_DEALERSHIPS.map((d) => ({ id: d.id, name: d.name, tenantSlug: null }));
    await handle.db.insert(dealerships).values(rows).onConflictDoNothing();
  }
  if (slugs.length) await seedDemoInventory(handle);
  return slugs;
}

const INVENTORY_SEEDED = "seed-demo-inventory";

/**
 * Seeds the demo stock of every published site's dealerships (server/demo/inventory.ts), once per
 * database: an audit entry records that it ran, so stock deleted later does not come back. Safe to
 * call on every start (a database seeded before inventory existed gets its stock on the next one).
 * Returns the number of vehicles written.
 */
export async function seedDemoInventory(handle: DbHandle, opts: { now?: Date } = {}): Promise<number> {
  const { db } = handle;
  const [done] = await db.select({ id: auditLog.id }).from(auditLog).where(and(eq(auditLog.action, INVENTORY_SEEDED), eq(auditLog.actor, "seed"))).limit(1);
  if (done) return 0;
  const now = opts.now ?? new Date();
  const seen = new Set<number>();
  const vehicles = [];
  for (const t of await listTenants(db)) {
    const live = t.archivedAt ? null : await getLiveDocument(db, t.slug);
    if (!live) continue;
    vehicles.push(...generateDemoInventory(live.document, { now, skip: seen }));
    for (const d of live.document.dealerships) seen.add(d.id);
  }
  // The unassigned demo dealerships the `dealerships` table still lists as no site's.
  const unassigned = await db.select({ id: dealerships.id, tenant: dealerships.tenantSlug }).from(dealerships);
  for (const d of DEMO_UNASSIGNED_DEALERSHIPS) {
    if (!seen.has(d.id) && unassigned.some((r) => r.id === d.id && r.tenant === null)) vehicles.push(...unassignedDemoInventory(d, { now }));
  }
  const result = await upsertVehicles(db, vehicles, { now });
  for (const r of result.rejected.slice(0, 5)) {
    console.error(`[seed] demo vehicle ${(vehicles[r.index] as { id: string }).id} refused: ${r.errors.map((e) => `${e.pointer} ${e.message}`).join("; ")}`);
  }
  await db.insert(auditLog).values({ actor: "seed", action: INVENTORY_SEEDED, detail: { vehicles: result.written.length, rejected: result.rejected.length } });
  return result.written.length;
}

/**
 * The demo's admin accounts, created when the database has none (documented in the README; change
 * or remove them on a real deployment with npm run admin:create-user).
 */
export const DEMO_ACCOUNTS = [
  { email: "staff@forecourt.test", password: "forecourt-staff-demo", role: "staff" as const, tenants: [] as string[] },
  { email: "dealer@harbourline.test", password: "harbourline-dealer-demo", role: "dealer" as const, tenants: ["harbourline"] },
];

export async function seedDemoAccounts(handle: DbHandle): Promise<string[]> {
  const [any] = await handle.db.select({ id: adminUsers.id }).from(adminUsers).limit(1);
  if (any) return [];
  const slugs = new Set((await listTenants(handle.db)).map((t) => t.slug));
  const created: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    if (!account.tenants.every((t) => slugs.has(t))) continue;
    await upsertAdminUser(handle.db, account);
    created.push(account.email);
  }
  return created;
}
