import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { makeTenant } from "../../tests/fixtures/tenant";
import { backends, withTestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { tenants, tenantVersions, auditLog } from "../db/schema";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import {
  createTenant, getDraft, getLiveDocument, listVersions, liveDocuments, publish, PUBLISHED_CHANNEL,
  restoreVersion, saveDraft, slugForDomain,
} from "./store";

describe.each(backends)("tenant store on %s", (_name, make) => {
  let h: DbHandle;
  const { need } = withTestDatabase(make, (opened) => (h = opened));

  it("creates a draft that is not public until published", async (ctx) => {
    need(ctx);
    const draft = await createTenant(h.db, makeTenant("alpha", "Alpha Motors"), "staff@test");
    expect(draft.errors).toEqual([]);
    expect(draft.revision).toBe(1);
    expect(await getLiveDocument(h.db, "alpha")).toBeNull();
    await expect(createTenant(h.db, makeTenant("alpha"), "staff@test")).rejects.toThrow('A site with slug "alpha" already exists.');
  });

  it("publishes a valid draft as version 1 with defaults applied and its domains mapped", async (ctx) => {
    need(ctx);
    const v = await publish(h, "alpha", { actor: "staff@test" });
    expect(v.number).toBe(1);
    const live = await getLiveDocument(h.db, "alpha");
    expect(live?.version).toBe(1);
    expect(live?.document.identity.name).toBe("Alpha Motors");
    expect(live?.document.features.favourites).toBe(true);
    expect(live?.document.copy.noPriceText).toBe("Enquire for price");
    expect(live?.document.search.hitsPerPage).toBe(21);
    expect(await slugForDomain(h.db, "www.alpha.test")).toBe("alpha");
    expect(await slugForDomain(h.db, "www.nobody.test")).toBeNull();
  });

  it("stores an invalid draft but refuses to publish it, and the live version stays", async (ctx) => {
    need(ctx);
    const bad = makeTenant("alpha", "Broken Motors");
    (bad.pages[0].blocks as unknown[]).push({ id: "oops", type: "no-such-block", props: {} });
    const draft = await saveDraft(h.db, "alpha", bad, { actor: "dealer@test" });
    expect(draft.errors).toContainEqual({ pointer: "/pages/0/blocks/1/type", message: 'There is no block type "no-such-block".' });
    const refused = await publish(h, "alpha", { actor: "dealer@test" }).catch((e) => e);
    expect(refused).toBeInstanceOf(ValidationError);
    expect(refused.errors).toContainEqual({ pointer: "/pages/0/blocks/1/type", message: 'There is no block type "no-such-block".' });
    const live = await getLiveDocument(h.db, "alpha");
    expect(live?.version).toBe(1);
    expect(live?.document.identity.name).toBe("Alpha Motors");
    expect((await getDraft(h.db, "alpha")).document).toEqual(bad);
  });

  it("refuses a save based on an out-of-date revision and keeps the other person's draft", async (ctx) => {
    need(ctx);
    const current = await getDraft(h.db, "alpha");
    const mine = await saveDraft(h.db, "alpha", makeTenant("alpha", "Mine Motors"), { actor: "a@test", expectedRevision: current.revision });
    const theirs = await saveDraft(h.db, "alpha", makeTenant("alpha", "Theirs Motors"), { actor: "b@test", expectedRevision: current.revision }).catch((e) => e);
    expect(theirs).toBeInstanceOf(ConflictError);
    expect(theirs.current.updatedBy).toBe("a@test");
    expect(theirs.current.revision).toBe(mine.revision);
    expect(((await getDraft(h.db, "alpha")).document as { identity: { name: string } }).identity.name).toBe("Mine Motors");
  });

  it("refuses to change the slug or save a non-object", async (ctx) => {
    need(ctx);
    await expect(saveDraft(h.db, "alpha", makeTenant("beta"), { actor: "x" })).rejects.toThrow('The slug of an existing site cannot be changed');
    await expect(saveDraft(h.db, "alpha", [] as unknown, { actor: "x" })).rejects.toThrow("A draft must be a JSON object.");
    await expect(saveDraft(h.db, "nobody", makeTenant("nobody"), { actor: "x" })).rejects.toBeInstanceOf(NotFoundError);
  });

  it("restores an old version as a new draft, and publishing it brings it back", async (ctx) => {
    need(ctx);
    await saveDraft(h.db, "alpha", makeTenant("alpha", "Alpha Motors Two"), { actor: "staff@test" });
    expect((await publish(h, "alpha", { actor: "staff@test" })).number).toBe(2);
    expect((await getLiveDocument(h.db, "alpha"))?.document.identity.name).toBe("Alpha Motors Two");

    const restored = await restoreVersion(h.db, "alpha", 1, { actor: "staff@test" });
    expect((restored.document as { identity: { name: string } }).identity.name).toBe("Alpha Motors");
    expect((await getLiveDocument(h.db, "alpha"))?.version).toBe(2); // restore alone changes only the draft
    await publish(h, "alpha", { actor: "staff@test" });
    const live = await getLiveDocument(h.db, "alpha");
    expect(live?.version).toBe(3);
    expect(live?.document.identity.name).toBe("Alpha Motors");
    const versions = await listVersions(h.db, "alpha");
    expect(versions.map((v) => [v.number, v.live])).toEqual([[3, true], [2, false], [1, false]]);
    await expect(restoreVersion(h.db, "alpha", 99, { actor: "x" })).rejects.toThrow('"alpha" has no version 99.');
    const actions = await h.db.select({ action: auditLog.action }).from(auditLog);
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(["create", "publish", "save-draft", "restore"]));
  });

  it("serves the newest valid version when the live one no longer validates", async (ctx) => {
    need(ctx);
    const [t] = await h.db.select().from(tenants).where(eq(tenants.slug, "alpha"));
    const broken = { ...makeTenant("alpha", "Never Served"), template: "retired-template" };
    const [v] = await h.db.insert(tenantVersions).values({ tenantId: t.id, number: 4, document: broken, createdBy: "migration" }).returning();
    await h.db.update(tenants).set({ publishedVersionId: v.id }).where(eq(tenants.id, t.id));
    const live = await getLiveDocument(h.db, "alpha");
    expect(live?.version).toBe(3);
    expect(live?.document.identity.name).toBe("Alpha Motors");
  });

  it("refuses a domain that already serves another site", async (ctx) => {
    need(ctx);
    const other = makeTenant("gamma", "Gamma Cars", 3);
    other.identity.domains = ["www.gamma.test", "www.alpha.test"];
    await createTenant(h.db, other, "staff@test");
    const refused = await publish(h, "gamma", { actor: "staff@test" }).catch((e) => e);
    expect(refused).toBeInstanceOf(ValidationError);
    expect(refused.errors).toEqual([{ pointer: "/identity/domains/1", message: '"www.alpha.test" already serves another site' }]);
    expect(await slugForDomain(h.db, "www.gamma.test")).toBeNull();
  });

  it("announces each publish on the notification channel", async (ctx) => {
    need(ctx);
    const heard: string[] = [];
    await h.listen(PUBLISHED_CHANNEL, (slug) => heard.push(slug));
    const doc = makeTenant("gamma", "Gamma Cars", 3);
    await saveDraft(h.db, "gamma", doc, { actor: "staff@test" });
    await publish(h, "gamma", { actor: "staff@test" });
    await expect.poll(() => heard, { timeout: 5000 }).toContain("gamma");
  });

  it("exports the live documents as they were written", async (ctx) => {
    need(ctx);
    const docs = await liveDocuments(h.db);
    expect(docs.map((d) => d.slug)).toEqual(["alpha", "gamma"]);
    expect(docs[1].document).toEqual(makeTenant("gamma", "Gamma Cars", 3));
  });
});
