/**
 * The custom domains' endpoints. GET /api/platform/tls-ask?domain=NAME is Caddy's on-demand TLS
 * `ask` (server/domains/ask.ts): 200 {"domain", "site"} for a published site's domain, 404 for any
 * other name, 400 for one that is not a host name. It answers only on the platform host (what the
 * Caddyfile's ask URL names: 127.0.0.1, localhost, an instance's IP or a one-label service name; no
 * dealer's domain is one of those) and only to a caller on this machine or a private network, as
 * the server saw the connection (server/http/client-address.ts): Caddy asks an instance directly,
 * while a visitor's request comes through Caddy with the visitor's address (TRUSTED_PROXIES=1).
 * (X-Forwarded-For cannot tell them apart: Next adds one to every request.)
 * GET /api/admin/tenants/{slug}/domains is the admin's check of each domain (server/domains/status.ts).
 */
import { isIP } from "node:net";
import { hostname, parseHost } from "../../domain/hosts";
import type { DbHandle } from "../db";
import { NotFoundError } from "../errors";
import { adminRoute } from "../admin/http";
import { clientAddress, UNKNOWN_CLIENT } from "../http/client-address";
import { reply } from "../http/endpoint";
import { platformRoute } from "../http/platform-route";
import { askedDomain, siteForCertificate, type FindSite } from "./ask";
import { domainStates, type StatusOptions } from "./status";

const NO_STORE = { "cache-control": "no-store" };

/** Loopback, private (RFC 1918, IPv6 ULA) and link-local addresses: a caller inside the deployment. */
export function isInternalAddress(address: string): boolean {
  if (isIP(address) === 4) {
    const [a, b] = address.split(".").map(Number);
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
  }
  return isIP(address) === 6 && (address === "::1" || /^f[cd]/.test(address) || /^fe[89ab]/.test(address));
}

/**
 * Whether a request may be Caddy's ask: on a host no dealer's site can have (the admin hosts, an IP
 * address, a one-label service name such as compose's `app`), from an internal address — or one
 * the server did not determine (a route called outside `npm start`: the host is all there is).
 */
export function isPlatformCaller(request: Request): boolean {
  const host = request.headers.get("host");
  const name = hostname(host) ?? "";
  const platformHost = parseHost(host)?.kind === "admin" || isIP(name.replace(/^\[|\]$/g, "")) > 0 || /^[a-z0-9-]+$/.test(name);
  const client = clientAddress(request);
  return platformHost && (client === UNKNOWN_CLIENT || isInternalAddress(client));
}

export function tlsAskRoute(find?: FindSite) {
  return platformRoute(async (request) => {
    if (!isPlatformCaller(request)) throw new NotFoundError("Not found");
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
