import type { TenantDocument } from "../schemas/generated/tenant";

/** The watchlist shows where the site has it and sign-in on: it needs a signed-in visitor (spec §6). */
export const watchlistEnabled = (tenant: Pick<TenantDocument, "features">): boolean =>
  tenant.features.watchlist === true && tenant.features.auth?.enabled === true;

/** Where an anonymous visitor who tries to save a car is sent: sign-in, then back to `from` (path + query). */
export function watchlistSignInHref(from: string): string {
  const q = new URLSearchParams({ type: "watchlist", redirect: from, back: from });
  return `/sign-in?${q.toString()}`;
}

export const WATCHLIST_PATH = "/watchlist";
