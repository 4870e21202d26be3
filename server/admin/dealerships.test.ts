import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { ADMIN_HOST as ADMIN, ADMIN_ORIGIN as ORIGIN, adminSignIn, seedAdminSites } from "../../tests/fixtures/admin-sites";
import { feedVehicle } from "../../tests/fixtures/vehicle";
import { publishableTenant } from "../../tests/fixtures/tenant";
import { backends, type TestDatabase } from "../../tests/databases";
import { seededBackends } from "../../tests/seeded-databases";
import type { DbHandle } from "../db";
import { auditLog, dealerships, tenants } from "../db/schema";
import { upsertVehicle } from "../inventory/store";
import { getDraft, getLiveDocument, PUBLISHED_CHANNEL, saveDraft } from "../tenants/store";
import {
  adminRoute, handleAssignDealership, handleCreateTenant, handleFlags, handleListDealerships, handlePublish, handleRestore, handleSaveDraft,
} from "./http";

type Doc = ReturnType<typeof publishableTenant>;

/** alpha's document with one more dealership (and nothing else changed). */
const withDealership = (doc: Doc, id: number): Doc => ({ ...doc, dealerships: [...doc.dealerships, { id, slug: `extra-${id}`, name: `Extra ${id}`, leadEmail: `extra-${id}@alpha.test` }] });

describe.each(backends)("dealership ownership on %s", (_name, make) => {
  let tdb: TestDatabase | null;
  let h: DbHandle;
  let staff = "";
  let dealer = "";
  const call = async (
    handler: Parameters<typeof adminRoute>[0],
    opts: { cookie?: string; body?: unknown; params?: Record<string, string>; method?: string; open?: boolean } = {},
  ) => {
    const method = opts.method ?? "POST";
    const headers: Record<string, string> = { host: ADMIN, origin: ORIGIN, "content-type": "application/json" };
    if (opts.cookie) headers.cookie = `fc_admin=${opts.cookie}`;
    const request = new Request(`${ORIGIN}/api/admin/x`, { method, headers, body: method === "GET" ? undefined : JSON.stringify(opts.body ?? {}) });
    const res = await adminRoute(handler, { open: opts.open, handle: async () => h })(request, { params: Promise.resolve(opts.params ?? {}) });
    return { status: res.status, body: await res.json() };
  };
  const signInAs = (email: string, password: string) => adminSignIn(h, email, password);
  const owner = async (id: number) => (await h.db.select().from(dealerships).where(eq(dealerships.id, id)))[0] ?? null;
  const saveAs = async (cookie: string, slug: string, document: unknown) =>
    call(handleSaveDraft, { cookie, params: { slug }, body: { document, revision: (await getDraft(h.db, slug)).revision } });
  const publishAs = async (cookie: string, slug: string, anyway?: string) =>
    call(handlePublish, { cookie, params: { slug }, body: { revision: (await getDraft(h.db, slug)).revision, ...(anyway ? { publishAnyway: true, reason: anyway } : {}) } });

  beforeAll(async () => {
    tdb = await make();
    if (!tdb) return;
    h = await tdb.open();
    await seedAdminSites(h);
    staff = await signInAs("staff@test.example", "staff-password-1");
    dealer = await signInAs("dealer@test.example", "dealer-password-1");
  });
  afterAll(async () => {
    await h?.close();
    await tdb?.cleanup();
  });
  const need = (ctx: { skip: () => void }) => {
    if (!tdb) ctx.skip();
  };

  it("assigns the published sites' dealerships to them when they are published", async (ctx) => {
    need(ctx);
    expect(await owner(1)).toMatchObject({ tenantSlug: "alpha", name: "Alpha Motors Sales", assignedBy: "seed" });
    expect(await owner(2)).toMatchObject({ tenantSlug: "beta", name: "Beta Cars Sales", assignedBy: "seed" });
  });

  it("refuses a dealer's draft naming another site's dealership: the editor gets the error at its field, nothing is saved, publish is refused, nothing changes live", async (ctx) => {
    need(ctx);
    const before = await getDraft(h.db, "alpha");
    const foreign = withDealership(publishableTenant("alpha", "Alpha Motors", 1), 2);
    const saved = await saveAs(dealer, "alpha", foreign);
    expect(saved).toEqual({
      status: 422,
      body: {
        message: "The draft was not saved: Dealership 2 belongs to another site.",
        errors: [{ pointer: "/dealerships/1/id", message: "Dealership 2 belongs to another site." }],
      },
    });
    // Staff are refused the same.
    expect((await saveAs(staff, "alpha", foreign)).body.errors).toEqual([{ pointer: "/dealerships/1/id", message: "Dealership 2 belongs to another site." }]);
    const after = await getDraft(h.db, "alpha");
    expect([after.revision, after.document]).toEqual([before.revision, before.document]);

    // A draft stored before the rule (straight through the store) still cannot be published, by anyone.
    await saveDraft(h.db, "alpha", foreign, { actor: "old-editor" });
    const live = await getLiveDocument(h.db, "alpha");
    for (const who of [dealer, staff]) {
      const refused = await publishAs(who, "alpha");
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({
        message: 'The draft of "alpha" cannot be published:',
        errors: [{ pointer: "/dealerships/1/id", message: "Dealership 2 belongs to another site." }],
      });
    }
    expect(await getLiveDocument(h.db, "alpha")).toEqual(live);
    expect(live!.document.dealerships.map((d) => d.id)).toEqual([1]);
    expect(await owner(2)).toMatchObject({ tenantSlug: "beta" });
    // Nor through the feature flags' save-and-publish step.
    const flags = await call(handleFlags, { cookie: dealer, params: { slug: "alpha" }, body: { flags: {}, revision: (await getDraft(h.db, "alpha")).revision } });
    expect(flags.status).toBe(422);
    expect(flags.body.errors).toEqual([{ pointer: "/dealerships/1/id", message: "Dealership 2 belongs to another site." }]);
    expect(await getLiveDocument(h.db, "alpha")).toEqual(live);
    await saveDraft(h.db, "alpha", publishableTenant("alpha", "Alpha Motors", 1), { actor: "test" });
  });

  it("lets a dealer name only dealerships assigned to their site", async (ctx) => {
    need(ctx);
    const res = await saveAs(dealer, "alpha", withDealership(publishableTenant("alpha", "Alpha Motors", 1), 999));
    expect(res).toEqual({
      status: 422,
      body: {
        message: "The draft was not saved: Dealership 999 is not assigned to this site; ask Forecourt staff to assign it.",
        errors: [{ pointer: "/dealerships/1/id", message: "Dealership 999 is not assigned to this site; ask Forecourt staff to assign it." }],
      },
    });
    expect(await owner(999)).toBeNull();
    // An id no database column holds is refused too, not a 500.
    const huge = await saveAs(staff, "alpha", withDealership(publishableTenant("alpha", "Alpha Motors", 1), 1e12));
    expect(huge.status).toBe(422);
    expect(huge.body.errors).toEqual([{ pointer: "/dealerships/1/id", message: "A dealership id is a whole number from 1 to 2147483647." }]);
    // Their own dealership is fine.
    const ok = await saveAs(dealer, "alpha", { ...publishableTenant("alpha", "Alpha Motors Renamed", 1) });
    expect(ok.status).toBe(200);
    expect(ok.body.errors).toEqual([]);
  });

  it("lets staff name an unassigned dealership: publishing assigns it to the site (audited); then no other site may name it", async (ctx) => {
    need(ctx);
    const draft = withDealership(publishableTenant("alpha", "Alpha Motors", 1), 55);
    const saved = await saveAs(staff, "alpha", draft);
    expect(saved.status).toBe(200);
    expect(saved.body.errors).toEqual([]);
    expect(await owner(55)).toBeNull(); // not before it is published

    // The dealer may keep what staff put in the draft, but not publish it: staff assign dealerships.
    const kept = await saveAs(dealer, "alpha", { ...draft, identity: { ...draft.identity, name: "Alpha Motors Group" } });
    expect(kept.status).toBe(200);
    expect(kept.body.errors).toEqual([{ pointer: "/dealerships/1/id", message: "Dealership 55 is not assigned to this site; ask Forecourt staff to assign it." }]);
    const dealerPublish = await publishAs(dealer, "alpha");
    expect(dealerPublish.status).toBe(422);
    expect(await owner(55)).toBeNull();

    const published = await publishAs(staff, "alpha");
    expect(published.status).toBe(200);
    expect(await owner(55)).toMatchObject({ tenantSlug: "alpha", name: "Extra 55", assignedBy: "staff@test.example" });
    const [alpha] = await h.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, "alpha"));
    const audit = await h.db.select().from(auditLog).where(and(eq(auditLog.tenantId, alpha.id), eq(auditLog.action, "assign-dealership")));
    expect(audit.map((a) => [a.actor, a.detail])).toContainEqual(["staff@test.example", { dealership: 55, from: null, to: "alpha", via: "publish" }]);
    expect((await getLiveDocument(h.db, "alpha"))!.document.dealerships.map((d) => d.id)).toEqual([1, 55]);

    const beta = await saveAs(staff, "beta", withDealership(publishableTenant("beta", "Beta Cars", 2), 55));
    expect(beta.body.errors).toEqual([{ pointer: "/dealerships/1/id", message: "Dealership 55 belongs to another site." }]);
  });

  it("restores an old version naming a dealership that went to another site as a draft that shows the error and cannot be published", async (ctx) => {
    need(ctx);
    // alpha's live version names 55; alpha drops it, staff give it to beta.
    const oldVersion = (await getLiveDocument(h.db, "alpha"))!.version;
    expect((await saveAs(staff, "alpha", publishableTenant("alpha", "Alpha Motors", 1))).status).toBe(200);
    expect((await publishAs(staff, "alpha")).status).toBe(200);
    const moved = await call(handleAssignDealership, { cookie: staff, params: { id: "55" }, body: { tenant: "beta" } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: 55, tenant: "beta", assignedBy: "staff@test.example" });

    const restored = await call(handleRestore, { cookie: dealer, params: { slug: "alpha" }, body: { version: oldVersion, revision: (await getDraft(h.db, "alpha")).revision } });
    expect(restored.status).toBe(200);
    expect(restored.body.errors).toEqual([{ pointer: "/dealerships/1/id", message: "Dealership 55 belongs to another site." }]);
    const refused = await publishAs(staff, "alpha");
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([{ pointer: "/dealerships/1/id", message: "Dealership 55 belongs to another site." }]);
    expect(await owner(55)).toMatchObject({ tenantSlug: "beta" });
    await saveDraft(h.db, "alpha", publishableTenant("alpha", "Alpha Motors", 1), { actor: "test" });
  });

  it("lists dealerships with their site and stock (staff: all; a dealer: their sites'), and only staff assign them", async (ctx) => {
    need(ctx);
    await upsertVehicle(h.db, feedVehicle("own-1", { dealership_id: 1, location_id: 10 }));
    const all = await call(handleListDealerships, { cookie: staff, method: "GET" });
    expect(all.status).toBe(200);
    expect(all.body.dealerships.map((d: { id: number; tenant: string | null; vehicles: number }) => [d.id, d.tenant, d.vehicles])).toEqual([
      [1, "alpha", 1],
      [2, "beta", 0],
      [55, "beta", 0],
    ]);
    const mine = await call(handleListDealerships, { cookie: dealer, method: "GET" });
    expect(mine.body.dealerships.map((d: { id: number }) => d.id)).toEqual([1]);

    const forbidden = await call(handleAssignDealership, { cookie: dealer, params: { id: "77" }, body: { tenant: "alpha" } });
    expect(forbidden).toEqual({ status: 403, body: { message: "Only Forecourt staff can assign dealerships." } });
    expect(await owner(77)).toBeNull();

    const heard: string[] = [];
    await h.listen(PUBLISHED_CHANNEL, (slug) => heard.push(slug));
    const assigned = await call(handleAssignDealership, { cookie: staff, params: { id: "77" }, body: { tenant: "alpha", name: "Alpha Trucks" } });
    expect(assigned).toMatchObject({ status: 200, body: { id: 77, name: "Alpha Trucks", tenant: "alpha", vehicles: 0 } });
    // Now the dealer may name it.
    expect((await saveAs(dealer, "alpha", withDealership(publishableTenant("alpha", "Alpha Motors", 1), 77))).status).toBe(200);
    await saveDraft(h.db, "alpha", publishableTenant("alpha", "Alpha Motors", 1), { actor: "test" });
    const unassigned = await call(handleAssignDealership, { cookie: staff, params: { id: "77" }, body: { tenant: null } });
    expect(unassigned).toMatchObject({ status: 200, body: { id: 77, tenant: null, assignedAt: null, assignedBy: null } });
    // Each change is announced to the site's live document cache.
    await expect.poll(() => heard, { timeout: 5000 }).toEqual(["alpha", "alpha"]);
    const audit = await h.db.select({ action: auditLog.action, detail: auditLog.detail }).from(auditLog).where(sql`${auditLog.detail}->>'dealership' = '77'`).orderBy(auditLog.id);
    expect(audit).toEqual([
      { action: "assign-dealership", detail: { dealership: 77, from: null, to: "alpha", name: "Alpha Trucks" } },
      { action: "unassign-dealership", detail: { dealership: 77, from: "alpha", to: null } },
    ]);

    // A dealership a published document still names stays where it is.
    const inUse = await call(handleAssignDealership, { cookie: staff, params: { id: "1" }, body: { tenant: null } });
    expect(inUse.status).toBe(422);
    expect(inUse.body.message).toBe('Dealership 1 is still on the published site "alpha"; remove it there and publish first.');
    expect((await call(handleAssignDealership, { cookie: staff, params: { id: "1" }, body: { tenant: "beta" } })).status).toBe(422);
    expect(await owner(1)).toMatchObject({ tenantSlug: "alpha" });
  });

  it("answers bad assignments with a 4xx and changes nothing", async (ctx) => {
    need(ctx);
    const cases: [Record<string, string>, unknown, number][] = [
      [{ id: "abc" }, { tenant: "alpha" }, 404],
      [{ id: "1e308" }, { tenant: "alpha" }, 404],
      [{ id: "12345678901234567890" }, { tenant: "alpha" }, 404],
      [{ id: "88" }, {}, 400],
      [{ id: "88" }, { tenant: 5 }, 400],
      [{ id: "88" }, { tenant: "nobody" }, 404],
      [{ id: "88" }, { tenant: "al pha" }, 404],
      [{ id: "88" }, { tenant: "alpha", name: 7 }, 400],
      [{ id: "88" }, { tenant: "alpha", name: "x".repeat(201) }, 400],
      [{ id: "88" }, { tenant: "alpha", name: "Bell\u0007Motors" }, 400],
    ];
    for (const [params, body, status] of cases) {
      const res = await call(handleAssignDealership, { cookie: staff, params, body });
      expect([JSON.stringify([params, body]), res.status, typeof res.body.message]).toEqual([JSON.stringify([params, body]), status, "string"]);
    }
    expect(await owner(88)).toBeNull();
  });

  it("the wizard refuses another site's dealership and accepts an unassigned one", async (ctx) => {
    need(ctx);
    await h.db.insert(dealerships).values({ id: 301, name: "Gamma Motors Sales" });
    const input = (id: number, name: string) => ({
      kind: "used", name, leadEmail: "sales@gamma.test", phone: "07 4600 0000", dealerships: [id], colors: { primary: "#7a1f1f", accent: "#f2c14e" },
      location: { name: "Gamma Toowoomba", street: "1 Ruthven St", city: "Toowoomba", state: "QLD", postcode: "4350" },
      hours: [{ weekday: 1, status: "open", open: "08:00", close: "17:00" }],
    });
    const refused = await call(handleCreateTenant, { cookie: staff, body: input(2, "Gamma") });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([{ pointer: "/dealerships", message: "Dealership 2 (Beta Cars Sales) belongs to another site." }]);
    expect(await h.db.select().from(tenants).where(eq(tenants.slug, "gamma"))).toEqual([]);
    expect((await call(handleCreateTenant, { cookie: staff, body: input(301, "Gamma") })).status).toBe(201);
    expect((await getDraft(h.db, "gamma")).document).toMatchObject({ dealerships: [{ id: 301, name: "Gamma Motors Sales" }] });
    expect(await owner(301)).toMatchObject({ tenantSlug: null });
    // A new site keeps its starter's placeholder copy until it is written (the pre-publish checklist): staff publish it anyway.
    expect((await publishAs(staff, "gamma")).status).toBe(422);
    expect((await publishAs(staff, "gamma", "Test site")).status).toBe(200);
    expect(await owner(301)).toMatchObject({ tenantSlug: "gamma" });
  });

  it("backfills the table from the published documents, the oldest site keeping a dealership two of them name, and lists stock-only dealerships unassigned", async (ctx) => {
    need(ctx);
    const migration = readFileSync(join("server/db/migrations", "0007_dealerships.sql"), "utf8").split("--> statement-breakpoint");
    const backfill = migration.filter((s) => /INSERT INTO "dealerships"/.test(s));
    expect(backfill).toHaveLength(2);
    // Published before the rule: beta's live version 2 names alpha's dealership 1 too.
    expect((await publishAs(staff, "beta")).status).toBe(200);
    const [beta] = await h.db.select().from(tenants).where(eq(tenants.slug, "beta"));
    await h.db.execute(sql`update tenant_versions set document = jsonb_set(document, '{dealerships}', document->'dealerships' || '[{"id": 1, "slug": "stolen", "name": "Stolen"}]'::jsonb) where id = ${beta.publishedVersionId}`);
    await upsertVehicle(h.db, feedVehicle("stock-only", { dealership_id: 2, location_id: undefined }));
    await h.db.execute(sql`update vehicles set dealership_id = 4242 where id = 'stock-only'`);
    await h.db.delete(dealerships);
    for (const statement of backfill) await h.db.execute(sql.raw(statement));
    const rows = await h.db.select({ id: dealerships.id, tenant: dealerships.tenantSlug, by: dealerships.assignedBy }).from(dealerships).orderBy(dealerships.id);
    expect(rows).toEqual([
      { id: 1, tenant: "alpha", by: "migration" },
      { id: 2, tenant: "beta", by: "migration" },
      { id: 301, tenant: "gamma", by: "migration" },
      { id: 4242, tenant: null, by: null },
    ]);
    // That version is not served (its search and leads would reach alpha's dealership): the one before it is.
    const live = await getLiveDocument(h.db, "beta");
    expect([live!.version, live!.document.dealerships.map((d) => d.id)]).toEqual([1, [2]]);
  });
});

// A copy of the run's seeded template (tests/seeded-databases.ts): the demo seed ran on it.
describe.each(seededBackends)("the demo seed on %s", (_name, make) => {
  it("assigns each demo site its dealerships", async (ctx) => {
    const tdb = await make();
    if (!tdb) return ctx.skip();
    const h = await tdb.open();
    try {
      const expected = readdirSync("tenants")
        .filter((f) => f.endsWith(".json"))
        .flatMap((f) => {
          const doc = JSON.parse(readFileSync(join("tenants", f), "utf8"));
          return doc.dealerships.map((d: { id: number; name: string }) => ({ id: d.id, tenant: doc.identity.slug, name: d.name, by: "seed" }));
        })
        .concat([{ id: 701, tenant: null, name: "Waratah Motor Group", by: null }]) // the demo platform's unassigned dealership
        .sort((a, b) => a.id - b.id);
      const rows = await h.db.select({ id: dealerships.id, tenant: dealerships.tenantSlug, name: dealerships.name, by: dealerships.assignedBy }).from(dealerships).orderBy(dealerships.id);
      expect(rows).toEqual(expected);
      expect(expected.length).toBeGreaterThan(10);
    } finally {
      await h.close();
      await tdb.cleanup();
    }
  }, 180_000);
});
