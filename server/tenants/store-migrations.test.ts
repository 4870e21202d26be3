/**
 * The tenant store migrates documents (schemas/migrations) before validating them. The registry has
 * no migration yet, so these tests inject one: schemaVersion 0 documents called the site's name
 * identity.title, and 001-identity-name renames it to identity.name (today's schemaVersion 1).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import { makeTenant } from "../../tests/fixtures/tenant";
import { backends, withTestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { tenants, tenantVersions } from "../db/schema";
import { ValidationError } from "../errors";
import { seedDemoTenants } from "../demo/seed";
import { validateTenant } from "../../domain/tenant-validation";
import { createTenant, getDraft, getLiveDocument, getVersion, publish, restoreVersion, saveDraft } from "./store";

vi.mock("../../schemas/migrations", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../schemas/migrations")>();
  const renameTitle: import("../../schemas/migrations").Migration = {
    version: 1,
    name: "001-identity-name",
    migrate: (doc) => {
      const { title, ...identity } = doc.identity as Record<string, unknown>;
      return { ...doc, identity: { ...identity, name: title } };
    },
  };
  return { ...actual, migrateDocument: (doc: unknown) => actual.migrateDocument(doc, [renameTitle], 1) };
});

/** `makeTenant(slug, name)` as schemaVersion 0 wrote it. */
function oldTenant(slug: string, name: string, dealershipId: number) {
  const { name: _name, ...identity } = makeTenant(slug, name, dealershipId).identity;
  return { ...makeTenant(slug, name, dealershipId), schemaVersion: 0, identity: { ...identity, title: name } };
}

const FUTURE = "schemaVersion 2 is newer than this version of Forecourt understands (1); it was written by a newer release.";

describe.each(backends)("tenant store migrations on %s", (_name, make) => {
  let h: DbHandle;
  const { need } = withTestDatabase(make, (opened) => (h = opened));
  const tmp = mkdtempSync(join(tmpdir(), "forecourt-docmig-"));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  const row = async (slug: string) => (await h.db.select().from(tenants).where(eq(tenants.slug, slug)))[0];
  const versionDoc = async (slug: string, number: number) => (await getVersion(h.db, slug, number)).document;

  it("the old document fails validation as it is (so only migrating can make it servable)", () => {
    const result = validateTenant(oldTenant("x", "X", 1));
    expect(result.ok).toBe(false);
  });

  it("seeds an old tenants/*.json migrated", async (ctx) => {
    need(ctx);
    const dir = join(tmp, "seed");
    mkdirSync(dir);
    writeFileSync(join(dir, "seeded.json"), JSON.stringify(oldTenant("seeded", "Seeded Motors", 7)));
    expect(await seedDemoTenants(h, dir)).toEqual(["seeded"]);
    expect(await versionDoc("seeded", 1)).toEqual(makeTenant("seeded", "Seeded Motors", 7));
    expect((await getLiveDocument(h.db, "seeded"))?.document.identity.name).toBe("Seeded Motors");
  });

  it("serves an old published version upgraded, not the older valid version before it", async (ctx) => {
    need(ctx);
    await createTenant(h.db, makeTenant("mig", "First Name", 1), "staff@test");
    await publish(h, "mig", { actor: "staff@test" });
    // Version 2 was published by a release whose schema was version 0.
    const t = await row("mig");
    const [v2] = await h.db.insert(tenantVersions).values({ tenantId: t.id, number: 2, document: oldTenant("mig", "Second Name", 1), createdBy: "old release" }).returning();
    await h.db.update(tenants).set({ publishedVersionId: v2.id }).where(eq(tenants.id, t.id));
    const live = await getLiveDocument(h.db, "mig");
    expect(live?.version).toBe(2);
    expect(live?.document.schemaVersion).toBe(1);
    expect(live?.document.identity.name).toBe("Second Name");
    expect(live?.document.identity).not.toHaveProperty("title");
    // The stored version is left as it was written.
    expect(await versionDoc("mig", 2)).toEqual(oldTenant("mig", "Second Name", 1));
  });

  it("opens an old draft migrated, and publishes (and keeps) it migrated", async (ctx) => {
    need(ctx);
    const before = await row("mig");
    await h.db.update(tenants).set({ draft: oldTenant("mig", "Draft Name", 1) }).where(eq(tenants.id, before.id));
    const draft = await getDraft(h.db, "mig");
    expect(draft.errors).toEqual([]);
    expect(draft.document).toEqual(makeTenant("mig", "Draft Name", 1));
    const v = await publish(h, "mig", { actor: "staff@test", expectedRevision: draft.revision });
    expect(v.number).toBe(3);
    expect(await versionDoc("mig", 3)).toEqual(makeTenant("mig", "Draft Name", 1));
    const after = await row("mig");
    expect(after.draft).toEqual(makeTenant("mig", "Draft Name", 1));
    expect(after.draftRevision).toBe(before.draftRevision);
    expect((await getLiveDocument(h.db, "mig"))?.document.identity.name).toBe("Draft Name");
  });

  it("restores an old version into the draft migrated", async (ctx) => {
    need(ctx);
    const draft = await restoreVersion(h.db, "mig", 2, { actor: "staff@test" });
    expect(draft.errors).toEqual([]);
    expect(draft.document).toEqual(makeTenant("mig", "Second Name", 1));
    expect((await row("mig")).draft).toEqual(makeTenant("mig", "Second Name", 1));
  });

  it("saves and creates old documents migrated", async (ctx) => {
    need(ctx);
    const saved = await saveDraft(h.db, "mig", oldTenant("mig", "Saved Name", 1), { actor: "staff@test" });
    expect(saved.document).toEqual(makeTenant("mig", "Saved Name", 1));
    expect((await row("mig")).draft).toEqual(makeTenant("mig", "Saved Name", 1));
    const created = await createTenant(h.db, oldTenant("made", "Made Motors", 2), "staff@test");
    expect(created.errors).toEqual([]);
    expect((await row("made")).draft).toEqual(makeTenant("made", "Made Motors", 2));
    expect((await row("made")).name).toBe("Made Motors");
  });

  it("refuses to save or create a document from a newer release, and nothing stored changes", async (ctx) => {
    need(ctx);
    const before = await row("mig");
    const refused = await saveDraft(h.db, "mig", { ...makeTenant("mig", "Future"), schemaVersion: 2 }, { actor: "staff@test" }).catch((e) => e);
    expect(refused).toBeInstanceOf(ValidationError);
    expect(refused.status).toBe(422);
    expect(refused.errors).toEqual([{ pointer: "/schemaVersion", message: FUTURE }]);
    const after = await row("mig");
    expect(after.draft).toEqual(before.draft);
    expect(after.draftRevision).toBe(before.draftRevision);
    const notCreated = await createTenant(h.db, { ...makeTenant("future", "Future"), schemaVersion: 2 }, "staff@test").catch((e) => e);
    expect(notCreated).toBeInstanceOf(ValidationError);
    expect(notCreated.errors).toEqual([{ pointer: "/schemaVersion", message: FUTURE }]);
    expect(await row("future")).toBeUndefined();
  });

  it("reports a newer release's draft and version with the reason, and serves the version before", async (ctx) => {
    need(ctx);
    const t = await row("mig");
    const future = { ...makeTenant("mig", "Future"), schemaVersion: 2 };
    await h.db.update(tenants).set({ draft: future }).where(eq(tenants.id, t.id));
    const draft = await getDraft(h.db, "mig");
    expect(draft.document).toEqual(future);
    expect(draft.errors).toEqual([{ pointer: "/schemaVersion", message: FUTURE }]);
    const refused = await publish(h, "mig", { actor: "staff@test" }).catch((e) => e);
    expect(refused).toBeInstanceOf(ValidationError);
    expect(refused.errors).toEqual([{ pointer: "/schemaVersion", message: FUTURE }]);

    const [v4] = await h.db.insert(tenantVersions).values({ tenantId: t.id, number: 4, document: future, createdBy: "new release" }).returning();
    await h.db.update(tenants).set({ publishedVersionId: v4.id }).where(eq(tenants.id, t.id));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const live = await getLiveDocument(h.db, "mig");
      expect(live?.version).toBe(3);
      expect(logged).toHaveBeenCalledWith(`[tenants] mig version 4 is invalid and is not served:\n  /schemaVersion: ${FUTURE}`);
    } finally {
      logged.mockRestore();
    }
    const versions = await h.db.select({ n: tenantVersions.number }).from(tenantVersions).where(and(eq(tenantVersions.tenantId, t.id)));
    expect(versions.map((v) => v.n).sort()).toEqual([1, 2, 3, 4]);
  });
});
