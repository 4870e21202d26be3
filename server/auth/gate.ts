/**
 * The gate of gated routes (spec leads §4 "Gated pages", §6): an anonymous visitor who opens a page
 * the site keeps for signed-in visitors (features.auth.enabled and the page's kind in
 * features.auth.gatedRoutes; domain/gated-routes.ts maps paths to kinds) is sent to
 * `/sign-in?type={type}&redirect={the path and query asked for}&back={the same-site page they came
 * from, else /}`. A signed-in visitor of the site passes; so does everyone where the site gates
 * nothing. Trade-in and sell-my-car are never gated.
 */
import { backFromReferer, gatedKind, SIGN_IN_TYPE, signInHref, type GatedKind } from "../../domain/gated-routes";
import type { TenantDocument } from "../../schemas/generated/tenant";
import type { Db } from "../db";
import { sessionUser } from "./sessions";

export interface GateRequest {
  /** The path and query the visitor asked for, e.g. "/finance?car_id=abc". */
  requested: string;
  /** The session cookie's value (fc_session), if any. */
  sessionToken: string | null | undefined;
  /** The Referer and Host headers: `back` is the referring page when it is the same host's. */
  referer?: string | null;
  host?: string | null;
}

export type GateResult = { pass: true; kind: GatedKind | null } | { pass: false; kind: GatedKind; redirect: string };

export async function gate(db: Db, tenant: Pick<TenantDocument, "features" | "identity">, req: GateRequest, now = new Date()): Promise<GateResult> {
  const kind = gatedKind(tenant, req.requested);
  if (!kind) return { pass: true, kind: null };
  if (await sessionUser(db, tenant.identity.slug, req.sessionToken, now)) return { pass: true, kind };
  return { pass: false, kind, redirect: signInHref(SIGN_IN_TYPE[kind], req.requested, backFromReferer(req.referer, req.host)) };
}

/** The sign-in redirect for an anonymous visitor of a gated route; null when they may see the page. */
export async function gateRedirect(db: Db, tenant: Pick<TenantDocument, "features" | "identity">, req: GateRequest, now = new Date()): Promise<string | null> {
  const result = await gate(db, tenant, req, now);
  return result.pass ? null : result.redirect;
}
