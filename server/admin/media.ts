/**
 * A site's media library: the pictures uploaded for it (table site_media, filled by storeUpload in
 * ./uploads.ts), with their size and alt text, and where the sites' drafts and published documents
 * use them. Documents name a picture by its address (/media/uploads/{slug}/{file}), so:
 * - replacing a picture stores the new file, points the entry at it and swaps the address (and
 *   size) in the site's draft and, when it shows there, in a new published version ("Picture
 *   replaced") — history keeps the old version and its file;
 * - deleting is refused while a draft or published document uses the picture, naming where; the file
 *   itself stays while an older version still names it (restoring that version keeps working).
 */
import { and, desc, eq, or, sql } from "drizzle-orm";
import type { Db, DbHandle } from "../db";
import { auditLog, siteMedia, tenants, tenantVersions } from "../db/schema";
import { type ErrorBody, HttpError, NotFoundError, ValidationError } from "../errors";
import { getDraft, PUBLISHED_CHANNEL, saveDraft } from "../tenants/store";
import type { AdminUser } from "./accounts";
import { assertTenantAccess, canAccessTenant } from "./access";
import { uploadKey, writePicture } from "../media/uploads";
import { mediaStorage } from "../media/storage";
import { fieldPlace } from "../../domain/field-place";

export const MAX_ALT = 300;

export interface MediaUse {
  /** The site whose document uses the picture ("" — and no pointer or words — when the person may not see that site). */
  site: string;
  document: "draft" | "published";
  pointer: string;
  /** Where, in the editor's words (fieldPlace): `Theme › Logo`, `Home page › Search hero › Background image`. */
  where: string;
}

export interface MediaEntry {
  id: number;
  src: string;
  width: number;
  height: number;
  bytes: number;
  alt: string;
  uploadedBy: string;
  uploadedAt: Date;
  uses: MediaUse[];
}

export const mediaSrc = (slug: string, file: string) => `/media/uploads/${slug}/${file}`;

/** A picture still in use: the answer names each place (409). */
export class MediaInUseError extends HttpError {
  constructor(
    message: string,
    readonly uses: MediaUse[],
  ) {
    super(409, message);
  }

  override body(): ErrorBody {
    return { message: this.message, uses: this.uses };
  }
}

/**
 * Where a picture is used, in the editor's words for the field (fieldPlace): "Theme › Logo",
 * "Home page › Search hero › Background image"; an image's address is named by its image.
 */
export function describePointer(doc: unknown, pointer: string): string {
  return fieldPlace(pointer.endsWith("/src") ? pointer.slice(0, -"/src".length) : pointer, doc);
}

/** Every place in `doc` whose value is one of `srcs`, by address. */
function usesIn(doc: unknown, srcs: Set<string>): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const walk = (value: unknown, pointer: string) => {
    if (typeof value === "string") {
      if (srcs.has(value)) found.set(value, [...(found.get(value) ?? []), pointer]);
    } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${pointer}/${i}`));
    else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, `${pointer}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`);
  };
  walk(doc, "");
  return found;
}

/** Where the drafts and published documents of every site use the pictures `srcs` (all of one site's folder). */
async function findUses(db: Db, user: AdminUser, folder: string, srcs: string[]): Promise<Map<string, MediaUse[]>> {
  const out = new Map<string, MediaUse[]>(srcs.map((s) => [s, []]));
  if (!srcs.length) return out;
  const wanted = new Set(srcs);
  const rows = await db
    .select({ slug: tenants.slug, draft: tenants.draft, published: tenantVersions.document })
    .from(tenants)
    .leftJoin(tenantVersions, eq(tenantVersions.id, tenants.publishedVersionId))
    .where(or(sql`position(${folder} in ${tenants.draft}::text) > 0`, sql`position(${folder} in ${tenantVersions.document}::text) > 0`))
    .orderBy(tenants.slug);
  for (const row of rows) {
    for (const [document, doc] of [["draft", row.draft], ["published", row.published]] as const) {
      for (const [src, pointers] of usesIn(doc, wanted)) {
        // Another dealer's site is named neither by its slug nor by its pages.
        const seen = canAccessTenant(user, row.slug);
        out.get(src)!.push(...pointers.map((pointer) => (seen ? { site: row.slug, document, pointer, where: describePointer(doc, pointer) } : { site: "", document, pointer: "", where: "" })));
      }
    }
  }
  return out;
}

const folderOf = (slug: string) => `/media/uploads/${slug}/`;

async function entryRow(db: Db, slug: string, id: number) {
  const [row] = await db.select().from(siteMedia).where(and(eq(siteMedia.tenantSlug, slug), eq(siteMedia.id, id)));
  if (!row) throw new NotFoundError(`This site's library has no picture ${id}.`);
  return row;
}

const entryOf = (row: typeof siteMedia.$inferSelect, uses: MediaUse[]): MediaEntry => ({
  id: row.id, src: mediaSrc(row.tenantSlug, row.file), width: row.width, height: row.height, bytes: row.bytes, alt: row.alt,
  uploadedBy: row.uploadedBy, uploadedAt: row.uploadedAt, uses,
});

async function siteExists(db: Db, slug: string) {
  const [site] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug));
  if (!site) throw new NotFoundError(`There is no site "${slug}".`);
  return site;
}

/** The site's pictures, newest first, each with where it is used. */
export async function listMedia(db: Db, user: AdminUser, slug: string): Promise<MediaEntry[]> {
  assertTenantAccess(user, slug);
  await siteExists(db, slug);
  const rows = await db.select().from(siteMedia).where(eq(siteMedia.tenantSlug, slug)).orderBy(desc(siteMedia.uploadedAt), desc(siteMedia.id));
  const uses = await findUses(db, user, folderOf(slug), rows.map((r) => mediaSrc(slug, r.file)));
  return rows.map((r) => entryOf(r, uses.get(mediaSrc(slug, r.file)) ?? []));
}

/** The alt text as typed: at most MAX_ALT characters, on one line; trimmed. */
export function altTextErrors(alt: unknown) {
  if (typeof alt !== "string") return [{ pointer: "/alt", message: "Alternative text: send it as text (empty for a decorative picture)." }];
  if (alt.length > MAX_ALT || /[\u0000-\u001f\u007f]/.test(alt)) return [{ pointer: "/alt", message: `Alternative text: at most ${MAX_ALT} characters, on one line.` }];
  return [];
}

export async function setMediaAlt(db: Db, user: AdminUser, slug: string, id: number, alt: unknown): Promise<MediaEntry> {
  assertTenantAccess(user, slug);
  const errors = altTextErrors(alt);
  if (errors.length) throw new ValidationError("The alternative text was not saved:", errors);
  const row = await entryRow(db, slug, id);
  const [updated] = await db.update(siteMedia).set({ alt: (alt as string).trim() }).where(eq(siteMedia.id, row.id)).returning();
  const src = mediaSrc(slug, row.file);
  return entryOf(updated, (await findUses(db, user, folderOf(slug), [src])).get(src) ?? []);
}

/** `doc` with `from` swapped for `to`: as a plain string, or as an image's src (its width and height follow). */
export function swapPicture(doc: unknown, from: string, to: { src: string; width: number; height: number }): { doc: unknown; changed: number } {
  let changed = 0;
  const visit = (value: unknown): unknown => {
    if (value === from) {
      changed++;
      return to.src;
    }
    if (Array.isArray(value)) return value.map(visit);
    if (value && typeof value === "object") {
      const obj = value as Record<string, unknown>;
      const next = Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, visit(v)]));
      if (obj.src === from) {
        if (typeof obj.width === "number") next.width = to.width;
        if (typeof obj.height === "number") next.height = to.height;
      }
      return next;
    }
    return value;
  };
  const out = visit(doc);
  return { doc: out, changed };
}

export interface Replaced {
  entry: MediaEntry;
  /** The draft's new revision when the draft used the picture. */
  draftRevision: number | null;
  /** The new published version when the live site showed the picture. */
  publishedVersion: number | null;
}

/**
 * Replaces the picture of entry `id` with `input` (same entry, alt text kept): the site's draft and
 * live site show the new one at once (see the file's comment). Refused when the new picture is
 * already another entry of the library.
 */
export async function replaceMedia(handle: DbHandle, user: AdminUser, slug: string, id: number, input: Buffer): Promise<Replaced> {
  assertTenantAccess(user, slug);
  const { db } = handle;
  const site = await siteExists(db, slug);
  const before = await entryRow(db, slug, id);
  const stored = await writePicture(slug, input);
  const from = mediaSrc(slug, before.file);
  const to = { src: mediaSrc(slug, stored.file), width: stored.width, height: stored.height };
  if (stored.file === before.file) return { entry: (await listMedia(db, user, slug)).find((e) => e.id === id)!, draftRevision: null, publishedVersion: null };
  const [twin] = await db.select({ id: siteMedia.id }).from(siteMedia).where(and(eq(siteMedia.tenantSlug, slug), eq(siteMedia.file, stored.file)));
  if (twin) throw new HttpError(409, `This picture is already in the library (picture ${twin.id}); choose that one where you need it.`);

  const result = await db.transaction(async (tx) => {
    await tx.update(siteMedia).set({ file: stored.file, width: stored.width, height: stored.height, bytes: stored.bytes, uploadedBy: user.email, uploadedAt: new Date() }).where(eq(siteMedia.id, id));
    let draftRevision: number | null = null;
    const draft = await getDraft(tx, slug);
    const swappedDraft = swapPicture(draft.document, from, to);
    if (swappedDraft.changed) draftRevision = (await saveDraft(tx, slug, swappedDraft.doc, { actor: user.email })).revision;

    let publishedVersion: number | null = null;
    const [row] = await tx.select().from(tenants).where(eq(tenants.slug, slug)).for("update");
    const [live] = row.publishedVersionId ? await tx.select().from(tenantVersions).where(eq(tenantVersions.id, row.publishedVersionId)) : [];
    const swappedLive = live ? swapPicture(live.document, from, to) : { doc: null, changed: 0 };
    if (live && swappedLive.changed) {
      // Only the picture changes, so the version is as valid as the one it copies; the live loader checks it all the same.
      const [{ max }] = await tx.select({ max: sql<number>`coalesce(max(${tenantVersions.number}), 0)` }).from(tenantVersions).where(eq(tenantVersions.tenantId, row.id));
      const [version] = await tx
        .insert(tenantVersions)
        .values({ tenantId: row.id, number: Number(max) + 1, document: swappedLive.doc, createdBy: user.email, note: "Picture replaced" })
        .returning();
      await tx.update(tenants).set({ publishedVersionId: version.id }).where(eq(tenants.id, row.id));
      await tx.insert(auditLog).values({ actor: user.email, tenantId: row.id, action: "publish", detail: { version: version.number, via: "replace-picture" } });
      await tx.execute(sql`select pg_notify(${PUBLISHED_CHANNEL}, ${slug})`);
      publishedVersion = version.number;
    }
    await tx.insert(auditLog).values({ actor: user.email, tenantId: site.id, action: "replace-picture", detail: { id, from, to: to.src, width: to.width, height: to.height } });
    return { draftRevision, publishedVersion };
  });
  return { entry: (await listMedia(db, user, slug)).find((e) => e.id === id)!, ...result };
}

const placeOf = (u: MediaUse) => `${u.document === "draft" ? "the draft" : "the published site"}${u.site ? ` of ${u.site} (${u.where})` : " of another site"}`;

/**
 * Deletes entry `id`, refused (409, naming each place) while a draft or published document of any
 * site uses it. Its file is removed too unless an older version of some site still names it.
 */
export async function deleteMedia(db: Db, user: AdminUser, slug: string, id: number): Promise<void> {
  assertTenantAccess(user, slug);
  const site = await siteExists(db, slug);
  const row = await entryRow(db, slug, id);
  const src = mediaSrc(slug, row.file);
  const uses = (await findUses(db, user, folderOf(slug), [src])).get(src) ?? [];
  if (uses.length) {
    throw new MediaInUseError(`This picture is in use, so it was not deleted. Used in ${uses.map(placeOf).join("; ")}. Remove it there first.`, uses);
  }
  await db.delete(siteMedia).where(eq(siteMedia.id, id));
  await db.insert(auditLog).values({ actor: user.email, tenantId: site.id, action: "delete-picture", detail: { id, src, alt: row.alt } });
  const [old] = await db.select({ id: tenantVersions.id }).from(tenantVersions).where(sql`position(${src} in ${tenantVersions.document}::text) > 0`).limit(1);
  if (!old) await mediaStorage().delete(uploadKey(slug, row.file)).catch((e) => console.error(`[media] could not delete ${src}:`, (e as Error).message));
}
