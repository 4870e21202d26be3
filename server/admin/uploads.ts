/**
 * An admin's picture upload (server/media/uploads.ts stores the picture): checked against the
 * person's sites, audited, and entered in the site's media library.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../db";
import { auditLog, siteMedia, tenants } from "../db/schema";
import { NotFoundError } from "../errors";
import { writePicture, type StoredUpload } from "../media/uploads";
import type { AdminUser } from "./accounts";
import { assertTenantAccess } from "./access";

/**
 * Stores an uploaded picture for a site the person may edit and enters it in the site's media
 * library (server/admin/media.ts); the same picture again is the same entry, with its alt text.
 */
export async function storeUpload(db: Db, user: AdminUser, slug: string, input: Buffer): Promise<StoredUpload & { id: number; alt: string }> {
  assertTenantAccess(user, slug);
  const [site] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug));
  if (!site) throw new NotFoundError(`There is no site "${slug}".`);
  const { file, width, height, bytes } = await writePicture(slug, input);
  const src = `/media/uploads/${slug}/${file}`;
  await db.insert(auditLog).values({ actor: user.email, tenantId: site.id, action: "upload", detail: { src, width, height, bytes } });
  await db.insert(siteMedia).values({ tenantSlug: slug, file, width, height, bytes, uploadedBy: user.email }).onConflictDoNothing();
  const [entry] = await db.select().from(siteMedia).where(and(eq(siteMedia.tenantSlug, slug), eq(siteMedia.file, file)));
  return { src, width: entry.width, height: entry.height, bytes: entry.bytes, id: entry.id, alt: entry.alt };
}
