import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { eq, sql } from "drizzle-orm";
import { makeTenant } from "../../tests/fixtures/tenant";
import { backends, withTestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { auditLog, siteMedia, tenants, tenantVersions } from "../db/schema";
import { createTenant, getDraft, getLiveDocument, listVersions, publish, saveDraft } from "../tenants/store";
import { upsertAdminUser } from "./accounts";
import { adminRoute, handleSignIn, handleUpload } from "./http";
import { describePointer, swapPicture } from "./media";
import { handleDeleteMedia, handleListMedia, handleMediaAlt, handleReplaceMedia } from "./media-http";
import { readUpload, uploadsDir } from "../media/uploads";

const ADMIN = "localhost:3000";
const ORIGIN = `http://${ADMIN}`;
const png = (width: number, height: number, r = 200) => sharp({ create: { width, height, channels: 3, background: { r, g: 30, b: 40 } } }).png().toBuffer();

let dataDir = "";
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), "forecourt-media-"));
  process.env.DATA_DIR = dataDir;
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("describePointer", () => {
  const doc = JSON.parse(readFileSync("tenants/harbourline.json", "utf8"));
  it("names the place in the editor's words: section, page by title, block by kind, item by name, field by label", () => {
    expect(describePointer(doc, "/theme/logo/src")).toBe("Theme › Logo");
    expect(describePointer(doc, "/pages/0/blocks/1/props/image/src")).toBe("Home page › Search hero › Background image");
    expect(describePointer(doc, "/locations/0/photo_url")).toBe("Locations › Harbourline Toyota Cleveland Sales › Photo URL");
  });
});

describe("swapPicture", () => {
  it("swaps the address wherever it is and the size of the images that show it, leaving others alone", () => {
    const doc = { a: { src: "/old.webp", alt: "A", width: 10, height: 5 }, b: ["/old.webp", { src: "/other.webp", width: 1, height: 1 }], c: { src: "/old.webp" } };
    const { doc: out, changed } = swapPicture(doc, "/old.webp", { src: "/new.webp", width: 40, height: 30 });
    expect(changed).toBe(3);
    expect(out).toEqual({ a: { src: "/new.webp", alt: "A", width: 40, height: 30 }, b: ["/new.webp", { src: "/other.webp", width: 1, height: 1 }], c: { src: "/new.webp" } });
    expect(doc.a.src).toBe("/old.webp");
  });
});

describe.each(backends)("media library on %s", (_name, make) => {
  let h: DbHandle;
  const cookies: Record<string, string> = {};
  const request = (method: string, body?: BodyInit, cookie = cookies.staff, type = "application/json") =>
    new Request(`${ORIGIN}/api/admin/x`, { method, headers: { host: ADMIN, origin: ORIGIN, cookie: `fc_admin=${cookie}`, "content-type": type }, body });
  const call = async (handler: Parameters<typeof adminRoute>[0], params: Record<string, string>, opts: { method?: string; body?: BodyInit; cookie?: string; type?: string } = {}) => {
    const res = await adminRoute(handler, { handle: async () => h })(request(opts.method ?? "POST", opts.body, opts.cookie, opts.type), { params: Promise.resolve(params) });
    return { status: res.status, body: await res.json() };
  };
  const upload = async (slug: string, bytes: Buffer, cookie = cookies.staff) => call(handleUpload, { slug }, { body: new Uint8Array(bytes), cookie, type: "image/png" });
  const library = async (slug = "alpha", cookie = cookies.staff) => (await call(handleListMedia, { slug }, { method: "GET", cookie })).body.media;
  type Doc = ReturnType<typeof makeTenant>;
  const withLogo = (doc: Doc, { src, width, height }: { src: string; width: number; height: number }): Doc => ({ ...doc, theme: { ...doc.theme, logo: { ...doc.theme.logo, src, width, height } } });
  const logoOf = (doc: unknown) => (doc as Doc).theme.logo;

  const db = withTestDatabase(make, async (opened) => {
    h = opened;
    await createTenant(h.db, makeTenant("alpha", "Alpha Motors", 1), "seed");
    await publish(h, "alpha", { actor: "seed" });
    await createTenant(h.db, makeTenant("beta", "Beta Cars", 2), "seed");
    const users: [string, Parameters<typeof upsertAdminUser>[1]][] = [
      ["staff", { email: "staff@test.example", password: "staff-password-1", role: "staff" }],
      ["dealer", { email: "dealer@test.example", password: "dealer-password-1", role: "dealer", tenants: ["alpha"] }],
    ];
    for (const [key, user] of users) {
      await upsertAdminUser(h.db, user);
      const res = await adminRoute(handleSignIn, { open: true, handle: async () => h })(
        new Request(`${ORIGIN}/api/admin/sign-in`, { method: "POST", headers: { host: ADMIN, origin: ORIGIN, "content-type": "application/json" }, body: JSON.stringify({ email: user.email, password: user.password }) }),
      );
      cookies[key] = /fc_admin=([^;]+)/.exec(res.headers.get("set-cookie")!)![1];
    }
  });

  let logo: { id: number; src: string; width: number; height: number };
  let spare: { id: number; src: string };

  it("enters each upload in the site's library with its size, bytes and uploader; the same picture again is the same entry", async (c) => {
    db.need(c);
    const first = await upload("alpha", await png(600, 200), cookies.dealer);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ width: 600, height: 200, alt: "" });
    logo = first.body;
    const again = await upload("alpha", await png(600, 200));
    expect(again.body.id).toBe(logo.id);
    spare = (await upload("alpha", await png(300, 300, 90))).body;
    const entries = await library();
    expect(entries.map((e: { id: number }) => e.id).sort()).toEqual([logo.id, spare.id].sort());
    const entry = entries.find((e: { id: number }) => e.id === logo.id);
    expect(entry).toMatchObject({ src: logo.src, width: 600, height: 200, alt: "", uploadedBy: "dealer@test.example", uses: [] });
    expect(entry.bytes).toBe(readFileSync(join(uploadsDir(), "alpha", logo.src.split("/").pop()!)).byteLength);
    // Another dealer's site: refused; a site's library lists only its own.
    expect((await call(handleListMedia, { slug: "beta" }, { method: "GET", cookie: cookies.dealer })).status).toBe(403);
    expect(await library("beta")).toEqual([]);
  });

  it("saves alt text (trimmed) and refuses one too long or on two lines, naming the field", async (c) => {
    db.need(c);
    const saved = await call(handleMediaAlt, { slug: "alpha", id: String(logo.id) }, { body: JSON.stringify({ alt: "  Alpha Motors logo " }), cookie: cookies.dealer });
    expect(saved).toMatchObject({ status: 200, body: { id: logo.id, alt: "Alpha Motors logo" } });
    expect((await upload("alpha", await png(600, 200))).body.alt).toBe("Alpha Motors logo");
    for (const alt of ["x".repeat(301), "two\nlines"]) {
      const refused = await call(handleMediaAlt, { slug: "alpha", id: String(logo.id) }, { body: JSON.stringify({ alt }) });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual([{ pointer: "/alt", message: "Alternative text: at most 300 characters, on one line." }]);
    }
    expect((await call(handleMediaAlt, { slug: "beta", id: String(logo.id) }, { body: JSON.stringify({ alt: "x" }) })).status).toBe(404);
    expect((await call(handleMediaAlt, { slug: "alpha", id: "nope" }, { body: JSON.stringify({ alt: "x" }) })).status).toBe(404);
    const [row] = await h.db.select().from(siteMedia).where(eq(siteMedia.id, logo.id));
    expect(row.alt).toBe("Alpha Motors logo");
  });

  it("says where a picture is used and refuses to delete it until no draft or published document uses it", async (c) => {
    db.need(c);
    const draft = await getDraft(h.db, "alpha");
    await saveDraft(h.db, "alpha", withLogo(draft.document as Doc, logo), { actor: "test" });
    await publish(h, "alpha", { actor: "test" });
    const entry = (await library()).find((e: { id: number }) => e.id === logo.id);
    expect(entry.uses).toEqual([
      { site: "alpha", document: "draft", pointer: "/theme/logo/src", where: "Theme › Logo" },
      { site: "alpha", document: "published", pointer: "/theme/logo/src", where: "Theme › Logo" },
    ]);
    const refused = await call(handleDeleteMedia, { slug: "alpha", id: String(logo.id) });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "This picture is in use, so it was not deleted. Used in the draft of alpha (Theme › Logo); the published site of alpha (Theme › Logo). Remove it there first.",
    );
    expect((await h.db.select().from(siteMedia).where(eq(siteMedia.id, logo.id))).length).toBe(1);
    // Another site's draft naming alpha's picture counts too, without naming it to alpha's dealer.
    await saveDraft(h.db, "beta", withLogo(makeTenant("beta", "Beta Cars", 2), { src: spare.src, width: 300, height: 300 }), { actor: "test" });
    const other = await call(handleDeleteMedia, { slug: "alpha", id: String(spare.id) }, { cookie: cookies.dealer });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe("This picture is in use, so it was not deleted. Used in the draft of another site. Remove it there first.");
    expect(other.body.uses).toEqual([{ site: "", document: "draft", pointer: "", where: "" }]);
    await saveDraft(h.db, "beta", makeTenant("beta", "Beta Cars", 2), { actor: "test" });
  });

  it("replaces a picture: same entry and alt text, the draft and the live site show the new one, history keeps the old", async (c) => {
    db.need(c);
    const versionsBefore = (await listVersions(h.db, "alpha")).length;
    const res = await call(handleReplaceMedia, { slug: "alpha", id: String(logo.id) }, { body: new Uint8Array(await png(800, 100, 20)), type: "image/png", cookie: cookies.dealer });
    expect(res.status).toBe(200);
    const { entry, draftRevision, publishedVersion } = res.body;
    expect(entry).toMatchObject({ id: logo.id, alt: "Alpha Motors logo", width: 800, height: 100, uploadedBy: "dealer@test.example" });
    expect(entry.src).not.toBe(logo.src);
    expect(logoOf((await getDraft(h.db, "alpha")).document)).toMatchObject({ src: entry.src, width: 800, height: 100, alt: "Alpha Motors logo" });
    expect((await getDraft(h.db, "alpha")).revision).toBe(draftRevision);
    const live = await getLiveDocument(h.db, "alpha");
    expect(live?.version).toBe(publishedVersion);
    expect(logoOf(live?.document)).toMatchObject({ src: entry.src, width: 800, height: 100 });
    const versions = await listVersions(h.db, "alpha");
    expect(versions.length).toBe(versionsBefore + 1);
    expect(versions[0]).toMatchObject({ number: publishedVersion, note: "Picture replaced", createdBy: "dealer@test.example", live: true });
    // The previous version still names the old file, which is still served.
    expect(logoOf((await h.db.select().from(tenantVersions).where(eq(tenantVersions.number, versions[1].number)))[0].document)).toMatchObject({ src: logo.src });
    expect(await readUpload("alpha", logo.src.split("/").pop()!)).not.toBeNull();
    const audit = await h.db.select({ detail: auditLog.detail }).from(auditLog).where(eq(auditLog.action, "replace-picture"));
    expect(audit).toEqual([{ detail: { id: logo.id, from: logo.src, to: entry.src, width: 800, height: 100 } }]);

    // A picture already in the library as another entry is refused.
    const twin = await call(handleReplaceMedia, { slug: "alpha", id: String(logo.id) }, { body: new Uint8Array(await png(300, 300, 90)), type: "image/png" });
    expect(twin).toEqual({ status: 409, body: { message: `This picture is already in the library (picture ${spare.id}); choose that one where you need it.` } });
    const notPicture = await call(handleReplaceMedia, { slug: "alpha", id: String(logo.id) }, { body: "words", type: "text/plain" });
    expect(notPicture.status).toBe(415);
    logo = entry;
  });

  it("deletes an unused picture and its file, but keeps a file an older version still names", async (c) => {
    db.need(c);
    const sparePath = join(uploadsDir(), "alpha", spare.src.split("/").pop()!);
    expect(existsSync(sparePath)).toBe(true);
    expect(await call(handleDeleteMedia, { slug: "alpha", id: String(spare.id) })).toEqual({ status: 200, body: { deleted: spare.id } });
    expect(existsSync(sparePath)).toBe(false);
    expect((await library()).map((e: { id: number }) => e.id)).toEqual([logo.id]);

    // Take the logo off the site and publish: now it may go, but version history still names its file.
    await saveDraft(h.db, "alpha", makeTenant("alpha", "Alpha Motors", 1), { actor: "test" });
    await publish(h, "alpha", { actor: "test" });
    expect((await call(handleDeleteMedia, { slug: "alpha", id: String(logo.id) }, { cookie: cookies.dealer })).status).toBe(200);
    expect(existsSync(join(uploadsDir(), "alpha", logo.src.split("/").pop()!))).toBe(true);
    expect(await library()).toEqual([]);
    expect((await call(handleDeleteMedia, { slug: "alpha", id: String(logo.id) })).status).toBe(404);
  });

  it("backfills the library from the audit log's uploads (migration 0011)", async (c) => {
    db.need(c);
    const [alpha] = await h.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, "alpha"));
    const file = "0123456789abcdef0123456789abcdef.webp";
    // As the migration finds it: no library yet, and (here) only these uploads in the log.
    await h.db.delete(siteMedia);
    await h.db.delete(auditLog).where(eq(auditLog.action, "upload"));
    await h.db.insert(auditLog).values([
      { actor: "early@test.example", tenantId: alpha.id, action: "upload", detail: { src: `/media/uploads/alpha/${file}`, width: 40, height: 20, bytes: 999 } },
      { actor: "later@test.example", tenantId: alpha.id, action: "upload", detail: { src: `/media/uploads/alpha/${file}`, width: 40, height: 20, bytes: 999 } },
      { actor: "x@test.example", tenantId: alpha.id, action: "upload", detail: { src: `/media/uploads/beta/${file}`, width: 1, height: 1, bytes: 1 } },
      { actor: "x@test.example", tenantId: alpha.id, action: "upload", detail: { src: "/media/uploads/alpha/../x.webp", width: 1, height: 1, bytes: 1 } },
    ]);
    const migration = readFileSync(join("server/db/migrations", "0014_directory_media.sql"), "utf8").split("--> statement-breakpoint");
    await h.db.execute(sql.raw(migration.at(-1)!));
    const rows = await h.db.select().from(siteMedia);
    expect(rows.map((r) => [r.tenantSlug, r.file, r.width, r.height, r.bytes, r.alt, r.uploadedBy])).toEqual([["alpha", file, 40, 20, 999, "", "early@test.example"]]);
  });
});
