import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantBaseFilter } from "../../domain/search-rules";
import { validateTenant } from "../../domain/tenant-validation";
import { makeTenant } from "../../tests/fixtures/tenant";
import { backends } from "../../tests/databases";
import { dealerships, vehicles } from "../db/schema";
import { listDealerships } from "../admin/dealerships";
import { previewDealerships } from "../admin/preview";
import { loadSearchRecords } from "../inventory/records";
import { SearchIndex } from "../search/engine";
import { vehicleIndexSettings } from "../search/vehicle-index";
import { seededBackends } from "../../tests/seeded-databases";
import { seedDemoTenants } from "./seed";
import { getLiveDocument, listTenants } from "../tenants/store";
import type { TenantDocument } from "../../schemas/generated/tenant";

const staff = { id: 0, email: "staff@test.example", role: "staff" as const, tenants: [] };

// A copy of the run's seeded template (tests/seeded-databases.ts): the demo seed ran on it.
describe.each(seededBackends)("the demo platform's unassigned dealership on %s", (_name, make) => {
  it("dealership 701 belongs to no site and has 30 used cars, indexed; no demo site's count changes", async (ctx) => {
    const tdb = await make();
    if (!tdb) return ctx.skip();
    const h = await tdb.open();
    try {
      const now = new Date();
      const [row] = await h.db.select().from(dealerships).where(eq(dealerships.id, 701));
      expect(row).toMatchObject({ tenantSlug: null, name: "Waratah Motor Group", assignedBy: null });
      expect((await listDealerships(h.db, staff)).find((d) => d.id === 701)).toMatchObject({ tenant: null, name: "Waratah Motor Group", vehicles: 30 });
      const stock = await h.db.select({ type: vehicles.carType }).from(vehicles).where(eq(vehicles.dealershipId, 701));
      expect(stock.map((v) => v.type)).toEqual(new Array(30).fill("used"));

      const records = await loadSearchRecords(h.db);
      const own = records.filter((r) => r.dealership_id === 701);
      expect(own).toHaveLength(30);
      expect(own[0]).toMatchObject({ dealership_slug: "waratah-motor-group", dealership_name: "Waratah Motor Group", location_id: null });
      const index = (rs: typeof records) => {
        const i = new SearchIndex(vehicleIndexSettings);
        i.replaceAll(rs);
        return i;
      };
      const [all, without] = [index(records), index(records.filter((r) => r.dealership_id !== 701))];
      const count = async (i: SearchIndex, doc: TenantDocument) =>
        ((await i.multipleQueries([{ indexName: "vehicles", params: { query: "", hitsPerPage: 0 } }], { baseFilter: tenantBaseFilter(doc, now) })).results[0] as { nbHits: number }).nbHits;

      // No demo site names it: every site finds just what it found without it.
      const sites = await listTenants(h.db);
      expect(sites).toHaveLength(6);
      for (const t of sites) {
        const doc = (await getLiveDocument(h.db, t.slug))!.document;
        expect(doc.dealerships.map((d) => d.id)).not.toContain(701);
        const n = await count(all, doc);
        expect(n, t.slug).toBeGreaterThan(0);
        expect(n, t.slug).toBe(await count(without, doc));
      }
      // A new site's draft naming it (staff may: it is unassigned) shows its cars in the preview.
      const valid = validateTenant(makeTenant("waratah", "Waratah Toyota", 701));
      if (!valid.ok) throw new Error(JSON.stringify(valid.errors));
      const draft = valid.document;
      const preview = await previewDealerships(h.db, "waratah", draft);
      expect(preview.dealerships.map((d) => d.id)).toEqual([701]);
      expect(await count(all, preview)).toBeGreaterThan(20);
    } finally {
      await h.close();
      await tdb.cleanup();
    }
  }, 180_000);
});

describe.each(backends)("a seed from another folder on %s", (_name, make) => {
  it("a seed from another folder (a test's) lists no unassigned dealership", async (ctx) => {
    const tdb = await make();
    if (!tdb) return ctx.skip();
    const h = await tdb.open();
    try {
      const { mkdtempSync, writeFileSync } = await import("node:fs");
      const { join } = await import("node:path");
      const { tmpdir } = await import("node:os");
      const dir = mkdtempSync(join(tmpdir(), "forecourt-seed-"));
      writeFileSync(join(dir, "alpha.json"), JSON.stringify(makeTenant("alpha", "Alpha Motors", 1)));
      expect(await seedDemoTenants(h, dir)).toEqual(["alpha"]);
      expect(await h.db.select({ id: dealerships.id, tenant: dealerships.tenantSlug }).from(dealerships)).toEqual([{ id: 1, tenant: "alpha" }]);
    } finally {
      await h.close();
      await tdb.cleanup();
    }
  }, 120_000);
});
