/**
 * Preview links: the real site rendered from a draft, on the site's own host, at
 * /preview/{token}/{path}. The admin mints a token for a signed-in person who may edit the site;
 * it is random (32 bytes), stored only as a SHA-256, bound to one site and valid for
 * PREVIEW_TTL_MS — the admin's cookie never reaches a dealer's host, so the link carries the right
 * to look. Preview pages are rendered per request and never cached (no-store).
 *
 * A preview shows only the draft's dealerships that are the site's or unassigned (staff may publish
 * an unassigned one): a restored or edited draft naming another site's dealership shows none of its
 * cars (search, vehicle pages, the sample car) and none of its offers (previewDealerships).
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import { getDb, type Db } from "../db";
import { parseHost } from "../../domain/hosts";
import { adminPreviewTokens } from "../db/schema";
import { getDraft, lastValidDraft, slugForDomain } from "../tenants/store";
import { validateTenant, type TenantError } from "../../domain/tenant-validation";
import type { TenantDocument } from "../../schemas/generated/tenant";
import type { AdminUser } from "./accounts";
import { assertTenantAccess } from "./access";
import { foreignDealerships } from "../tenants/dealerships";

export const PREVIEW_TTL_MS = 30 * 60_000;
const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");

export async function createPreviewToken(db: Db, user: AdminUser, slug: string, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  assertTenantAccess(user, slug);
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + PREVIEW_TTL_MS);
  await db.insert(adminPreviewTokens).values({ tokenHash: sha256(token), tenantSlug: slug, userId: user.id, expiresAt, createdAt: now });
  await db.delete(adminPreviewTokens).where(lt(adminPreviewTokens.expiresAt, now));
  return { token, expiresAt };
}

/**
 * What a preview link shows: the draft when it is valid; while it has errors, the last version of
 * the draft without errors (`stale`: the draft's errors); an error list when there never was one
 * (with the draft, which names its pages and blocks).
 */
export type PreviewResult =
  | { ok: true; document: TenantDocument; revision: number; stale?: { errors: TenantError[]; revision: number } }
  | { ok: false; errors: TenantError[]; revision: number; draft: unknown };

/** The draft of `slug` for a preview token; null when the token is unknown, expired or of another site. */
export async function previewDraft(db: Db, slug: string, token: string, now = new Date()): Promise<PreviewResult | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select({ slug: adminPreviewTokens.tenantSlug })
    .from(adminPreviewTokens)
    .where(and(eq(adminPreviewTokens.tokenHash, sha256(token)), gt(adminPreviewTokens.expiresAt, now)));
  if (!row || row.slug !== slug) return null;
  const draft = await getDraft(db, slug);
  const result = validateTenant(draft.document);
  if (!result.ok) {
    const last = await lastValidDraft(db, slug);
    if (!last) return { ok: false, errors: result.errors, revision: draft.revision, draft: draft.document };
    const stale = { errors: result.errors, revision: draft.revision };
    return { ok: true, document: await previewDealerships(db, slug, last.document), revision: last.revision, stale };
  }
  return { ok: true, document: await previewDealerships(db, slug, result.document), revision: draft.revision };
}

/**
 * `doc` without the dealerships that belong to a site other than `slug` (and without their offers):
 * what a preview of `slug` searches, looks cars up and routes with. Unassigned ones stay.
 */
export async function previewDealerships<T extends { dealerships?: { id: number; slug?: string }[]; offers?: { dealership: string }[] }>(
  db: Db,
  slug: string,
  doc: T,
): Promise<T> {
  const foreign = new Set(await foreignDealerships(db, slug, doc));
  if (!foreign.size || !Array.isArray(doc.dealerships)) return doc;
  const dropped = new Set(doc.dealerships.filter((d) => foreign.has(d.id)).map((d) => d.slug));
  const offers = Array.isArray(doc.offers) ? { offers: doc.offers.filter((o) => !dropped.has(o.dealership)) } : {};
  return { ...doc, dealerships: doc.dealerships.filter((d) => !foreign.has(d.id)), ...offers } as T;
}

/** The preview address of a site's page for a token, on the host the admin answered on (same port). */
export function previewUrl(slug: string, token: string, adminHost: string | null, path = "/"): string {
  const port = adminHost?.match(/:(\d+)$/)?.[1];
  return `http://${slug}.localhost${port ? `:${port}` : ""}/preview/${token}${path === "/" ? "/" : path}`;
}

/** What a preview link on `host` (a site's domain or {slug}.localhost) shows; null for a wrong or expired link. */
export async function previewFor(host: string, token: string): Promise<(PreviewResult & { slug: string }) | null> {
  const target = parseHost(host);
  if (!target || target.kind === "admin") return null;
  const { db } = await getDb();
  const slug = target.kind === "slug" ? target.slug : await slugForDomain(db, target.domain);
  if (!slug) return null;
  const result = await previewDraft(db, slug, token);
  return result && { ...result, slug };
}

/** The draft document a preview link shows, when it is valid. */
export async function previewDocument(host: string, token: string): Promise<TenantDocument | null> {
  const p = await previewFor(host, token);
  return p?.ok ? p.document : null;
}
