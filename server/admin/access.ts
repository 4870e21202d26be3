/**
 * Who may do what in the admin. staff: every site, and creating and archiving sites. dealer: only
 * the sites listed on the account — their content, pages and feature flags, but not their domains
 * or slug (those decide where a site answers, which is Forecourt's business).
 */
import { ForbiddenError } from "../errors";
import type { AdminUser } from "./accounts";

export const NO_ACCESS = "You do not have access to this site.";
export const DEALER_IDENTITY_LOCKED = "Dealers cannot change a site's domains or slug. Ask Forecourt staff to change them.";

export function canAccessTenant(user: AdminUser, slug: string): boolean {
  return user.role === "staff" || user.tenants.includes(slug);
}

export function assertTenantAccess(user: AdminUser, slug: string): void {
  if (!canAccessTenant(user, slug)) throw new ForbiddenError(NO_ACCESS);
}

export function assertStaff(user: AdminUser, what: string): void {
  if (user.role !== "staff") throw new ForbiddenError(`Only Forecourt staff can ${what}.`);
}

const identityOf = (doc: unknown) => (doc as { identity?: { slug?: unknown; domains?: unknown } } | null)?.identity ?? {};

/** Refuses a dealer's document whose slug or domains differ from the current draft's. */
export function assertDealerChangeAllowed(user: AdminUser, before: unknown, after: unknown): void {
  if (user.role === "staff") return;
  const [a, b] = [identityOf(before), identityOf(after)];
  if (a.slug !== b.slug || JSON.stringify(a.domains ?? []) !== JSON.stringify(b.domains ?? [])) throw new ForbiddenError(DEALER_IDENTITY_LOCKED);
}
