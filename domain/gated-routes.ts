/**
 * Gated routes (spec leads §2 routes, §4 "Gated pages", §6): pages a site may keep for signed-in
 * visitors. Each kind of gated route (features.auth.gatedRoutes) covers its paths; an anonymous
 * visitor who opens one is sent to `/sign-in?type={type}&redirect={path asked for}&back={origin}`.
 * Trade-in and sell-my-car are never gated. Pure: the server's gate (server/auth/gate.ts) and the
 * sign-in page share it.
 */
import type { TenantDocument } from "../schemas/generated/tenant";
import { safeLocalPath } from "./safe-path";

export type GatedKind = NonNullable<NonNullable<TenantDocument["features"]["auth"]>["gatedRoutes"]>[number];

/** Every kind, in the tenant schema's order. */
export const GATED_KINDS: readonly GatedKind[] = ["checkout", "finance", "spin-to-win", "online-payment", "equifax-finance", "my-garage"];

/** The sign-in page's `type` values (spec leads §2: trade-in … my-garage; search §2: watchlist). */
export const SIGN_IN_TYPES = ["trade-in", "checkout", "finance", "spin-to-win", "online-payment", "car-finance", "my-garage", "watchlist"] as const;
export type SignInType = (typeof SIGN_IN_TYPES)[number];

/** The sign-in type of each gated kind: equifax finance signs in as car-finance. */
export const SIGN_IN_TYPE: Record<GatedKind, SignInType> = {
  checkout: "checkout",
  finance: "finance",
  "spin-to-win": "spin-to-win",
  "online-payment": "online-payment",
  "equifax-finance": "car-finance",
  "my-garage": "my-garage",
};

/** What the sign-in page says the visitor is signing in for. */
export const SIGN_IN_HEADINGS: Record<SignInType, string> = {
  "trade-in": "Sign in to value your car",
  checkout: "Sign in to reserve this car",
  finance: "Sign in to apply for finance",
  "spin-to-win": "Sign in to spin to win",
  "online-payment": "Sign in to make a payment",
  "car-finance": "Sign in to check your car finance",
  "my-garage": "Sign in to see My Garage",
  watchlist: "Sign in to save cars to your watchlist",
};

/** POST /api/reservations on a site that gates checkout, from a visitor not signed in (401). */
export const RESERVE_SIGN_IN_REQUIRED = `${SIGN_IN_HEADINGS.checkout}: this site takes reservations from signed-in visitors only. Sign in, then reserve the car.`;

/** The sign-in type of a query value, or null for anything else. */
export const signInType = (value: string | null | undefined): SignInType | null =>
  (SIGN_IN_TYPES as readonly string[]).includes(value ?? "") ? (value as SignInType) : null;

/** The garage pages every site with the garage on answers (spec leads §2), besides its own garage path. */
export const GARAGE_ALIASES = ["/mymotorama", "/mybigboxcars", "/myblinkr", "/myservco", "/my-garage"] as const;

/** The finance pages the finance gate covers (spec leads §2 routes). */
export const FINANCE_PATHS = ["/finance", "/finance-enquiry", "/apply-for-finance", "/finance-pre-approval", "/personalised/finance"] as const;

/**
 * The equifax finance pages (sign-in type car-finance). The spec names the gate but not its page;
 * these are the paths a site gives it.
 */
export const EQUIFAX_FINANCE_PATHS = ["/car-finance", "/equifax-finance"] as const;

/** Never gated, whatever a site sets (spec leads §2, §6). */
export const NEVER_GATED = ["/trade-in", "/sell-my-car", "/cars/trade-in"] as const;

const CHECKOUT = /^\/cars\/[a-z0-9-]+\/(checkout|buy-online)$/;

/** A path as the gate compares it: no query or fragment, lower case, no trailing slash. */
export function gatePath(pathAndQuery: string): string {
  const path = pathAndQuery.split(/[?#]/)[0] ?? "";
  return `/${path.split("/").filter(Boolean).join("/")}`.toLowerCase();
}

/** The site's garage paths: its own (features.garage.path) and the aliases. */
export function garagePaths(tenant: Pick<TenantDocument, "features">): string[] {
  const own = tenant.features.garage?.path ?? "/my-garage";
  return [...new Set([own.toLowerCase(), ...GARAGE_ALIASES])];
}

/** Whether the site has the garage (features.garage.enabled). */
export const garageEnabled = (tenant: Pick<TenantDocument, "features">) => tenant.features.garage?.enabled === true;

/** The kind of gated route a path is, whatever the site's settings; null for every other path. */
export function routeKind(tenant: Pick<TenantDocument, "features">, pathAndQuery: string): GatedKind | null {
  const path = gatePath(pathAndQuery);
  if ((NEVER_GATED as readonly string[]).includes(path)) return null;
  if (CHECKOUT.test(path) || path === "/checkout-journey") return "checkout";
  if ((FINANCE_PATHS as readonly string[]).includes(path)) return "finance";
  if (path === "/spin-to-win") return "spin-to-win";
  if (path === "/online-payment") return "online-payment";
  if ((EQUIFAX_FINANCE_PATHS as readonly string[]).includes(path)) return "equifax-finance";
  if (garagePaths(tenant).includes(path)) return "my-garage";
  return null;
}

/** The kind of gated route a path is on this site: only with sign-in on and the kind in its gatedRoutes. */
export function gatedKind(tenant: Pick<TenantDocument, "features">, pathAndQuery: string): GatedKind | null {
  const auth = tenant.features.auth;
  if (auth?.enabled !== true) return null;
  const kind = routeKind(tenant, pathAndQuery);
  return kind && (auth.gatedRoutes ?? []).includes(kind) ? kind : null;
}

/** The sign-in page for a type: after signing in the visitor goes to `redirect`, Back goes to `back` (both same-site paths, else /). */
export function signInHref(type: SignInType, redirect: string, back: string): string {
  const q = new URLSearchParams({ type, redirect: safeLocalPath(redirect), back: safeLocalPath(back) });
  return `/sign-in?${q.toString()}`;
}

/**
 * Where a visitor came from, as a same-site path for `back`: the Referer's path and query when it
 * is a page of the same host, else /.
 */
export function backFromReferer(referer: string | null | undefined, host: string | null | undefined): string {
  if (!referer || !host || referer.length > 2000) return "/";
  try {
    const url = new URL(referer);
    if ((url.protocol !== "https:" && url.protocol !== "http:") || url.host.toLowerCase() !== host.toLowerCase()) return "/";
    return safeLocalPath(`${url.pathname}${url.search}`);
  } catch {
    return "/";
  }
}
