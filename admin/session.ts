import { cookies } from "next/headers";
import { forbidden, notFound, redirect } from "next/navigation";
import { NotFoundError } from "../server/errors";
import { cache } from "react";
import { getDb } from "../server/db";
import { ADMIN_COOKIE, adminSessionUser, type AdminUser } from "../server/admin/accounts";
import { canAccessTenant } from "../server/admin/access";

/** The signed-in admin of this request, or null (one lookup per request). */
export const currentAdmin = cache(async (): Promise<AdminUser | null> => {
  const token = (await cookies()).get(ADMIN_COOKIE)?.value;
  if (!token) return null;
  return adminSessionUser((await getDb()).db, token);
});

/** The signed-in admin; anyone else is sent to the sign-in page, and brought back to `path` after. */
export async function requireAdmin(path: string): Promise<AdminUser> {
  const user = await currentAdmin();
  if (!user) redirect(`/admin/sign-in?next=${encodeURIComponent(path)}`);
  return user;
}

/** The signed-in admin who may edit `slug`; 403 for a dealer of another site. */
export async function requireTenantAdmin(slug: string, path: string): Promise<AdminUser> {
  const user = await requireAdmin(path);
  if (!canAccessTenant(user, slug)) forbidden();
  return user;
}

/** `load()`, with an unknown site, version or path answered 404. */
export async function orNotFound<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (e) {
    if (e instanceof NotFoundError) notFound();
    throw e;
  }
}
