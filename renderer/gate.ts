import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { gatedKind } from "../domain/gated-routes";
import { gateRedirect } from "../server/auth/gate";
import { SESSION_COOKIE } from "../server/auth/sessions";
import { getDb } from "../server/db";
import { tenantForHost } from "../server/tenants/live";
import type { BlockContext, TenantDocument } from "./types";

/** The path and query of a page request, from its path and Next's searchParams. */
export function requestedPath(path: string, query?: BlockContext["query"]): string {
  const q = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) q.append(name, v);
  }
  const search = q.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Call at the top of a site page (a server component) that may be a gated route: an anonymous
 * visitor is redirected to sign-in (server/auth/gate.ts); otherwise it returns and the page renders.
 * E.g. the checkout page: `await enforceGate(tenant, `/cars/${slug}/checkout`, await searchParams)`.
 */
export async function enforceGate(tenant: TenantDocument, path: string, query?: BlockContext["query"]): Promise<void> {
  // Most pages are not gated: no cookie or header is read for them.
  if (!gatedKind(tenant, path)) return;
  const [jar, head] = await Promise.all([cookies(), headers()]);
  const to = await gateRedirect((await getDb()).db, tenant, {
    requested: requestedPath(path, query),
    sessionToken: jar.get(SESSION_COOKIE)?.value,
    referer: head.get("referer"),
    host: head.get("host"),
  });
  if (to) redirect(to);
}

/** enforceGate for a page that knows only its host (the checkout pages): the host's live site, if any, decides. */
export async function enforceGateForHost(host: string, path: string, query?: BlockContext["query"]): Promise<void> {
  const live = await tenantForHost(host);
  if (live) await enforceGate(live.document, path, query);
}
