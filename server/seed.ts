import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { DbHandle } from "./db";
import { tenants } from "./db/schema";
import { createTenant, publish } from "./tenants/store";

export const tenantsDir = () => resolve(process.cwd(), "tenants");

/** On first start (no tenants yet), creates and publishes every demo tenant in tenants/. Returns their slugs. */
export async function seedDemoTenants(handle: DbHandle, dir = tenantsDir()): Promise<string[]> {
  const existing = await handle.db.select({ id: tenants.id }).from(tenants).limit(1);
  if (existing.length) return [];
  const slugs: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) {
    const doc = JSON.parse(readFileSync(join(dir, file), "utf8"));
    const { slug } = await createTenant(handle.db, doc, "seed");
    await publish(handle, slug, { actor: "seed", note: `seeded from tenants/${file}` });
    slugs.push(slug);
  }
  return slugs;
}
