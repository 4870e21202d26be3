/**
 * The custom domains' endpoints. GET /api/platform/tls-ask?domain=NAME is Caddy's on-demand TLS
 * `ask` (server/domains/ask.ts): 200 {"domain", "site"} for a published site's domain, 404 for any
 * other name, 400 for one that is not a host name. It answers only on the platform host
 * (localhost, 127.0.0.1, admin.localhost: the address the Caddyfile's ask URL names) and only to a
 * request that did not come through a proxy: Caddy asks an instance directly, while every
 * visitor's request reaches the app through Caddy, which adds X-Forwarded-For — so a tenant host,
 * or a visitor who sends `Host: localhost` through the proxy, gets a 404.
 * GET /api/admin/tenants/{slug}/domains is the admin's check of each domain (server/domains/status.ts).
 */
import { isIP } from "node:net";
import { hostname, parseHost } from "../../domain/hosts";
import type { DbHandle } from "../db";
import { NotFoundError } from "../errors";
import { adminRoute } from "../admin/http";
import { reply } from "../http/endpoint";
import { platformRoute } from "../http/platform-route";
import { askedDomain, siteForCertificate, type FindSite } from "./ask";
import { domainStates, type StatusOptions } from "./status";

const NO_STORE = { "cache-control": "no-store" };
const FORWARDED = ["x-forwarded-for", "forwarded", "via"];

/**
 * Whether a request is Caddy's ask: straight from the caller, on a host no dealer's site can have —
 * the admin hosts, an IP address, or a one-label service name (compose's `app`; no public DNS name
 * and no certificate is one label).
 */
export function isDirectPlatformRequest(request: Request): boolean {
  if (FORWARDED.some((h) => request.headers.has(h))) return false;
  const host = request.headers.get("host");
  const name = hostname(host) ?? "";
  return parseHost(host)?.kind === "admin" || isIP(name.replace(/^\[|\]$/g, "")) > 0 || /^[a-z0-9-]+$/.test(name);
}

export function tlsAskRoute(find?: FindSite) {
  return platformRoute(async (request) => {
    if (!isDirectPlatformRequest(request)) throw new NotFoundError("Not found");
    const domain = askedDomain(new URL(request.url));
    return reply(200, { domain, site: await siteForCertificate(domain, find) }, NO_STORE);
  });
}

export const tlsAsk = tlsAskRoute();

/** GET /api/admin/tenants/{slug}/domains; tests give the settings, the resolver and the database. */
export function domainStatusRoute(opts: StatusOptions & { handle?: () => Promise<DbHandle> } = {}) {
  return adminRoute(async (_request, { handle, user }, { slug }) => reply(200, await domainStates(handle.db, user, slug, opts), NO_STORE), { handle: opts.handle });
}

export const domainStatus = domainStatusRoute();
