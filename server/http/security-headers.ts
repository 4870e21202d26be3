/**
 * The security headers of every answer (issue 12 item 11). Pages get theirs from proxy.ts (and a
 * cached vehicle page from serving/page-cache.ts, per request); the API, Next's assets and the
 * files of public/ get STATIC_SECURITY_HEADERS from next.config.ts.
 *
 * - Referrer-Policy strict-origin-when-cross-origin and X-Content-Type-Options nosniff everywhere.
 * - Framing: the admin and dealer sites may not be framed at all (X-Frame-Options DENY and CSP
 *   frame-ancestors 'none'; sites are not embedded anywhere). A preview page (/preview/{token}/… on
 *   a site's host) is shown by the admin's editor in an iframe, so it may be framed by the admin's
 *   origins (and itself), and carries no X-Frame-Options (which cannot name an origin).
 * - Content-Security-Policy without nonces: Next inlines its scripts (the RSC payload), the theme's
 *   variables are an inline style, and a nonce would have to change on every answer — the vehicle page
 *   cache serves one rendering to many visitors, so a nonce there would be a repeated, public one.
 *   The policy still confines scripts, connections, frames, forms, <base> and plugins to the site's
 *   own origin. No 'unsafe-eval' on the dealer sites and previews: their lead forms interpret the
 *   form's JSON Schema (domain/json-schema-lite.ts) instead of compiling it with ajv. The admin
 *   keeps 'unsafe-eval' (its editor's @rjsf/validator-ajv8 compiles JSON Schemas to functions), and
 *   so does every page under `next dev` (React's development build evaluates code for its
 *   debugging stacks). Google's gtag.js and Meta's fbevents.js run in Partytown's worker, inside a
 *   same-origin sandbox page its service worker makes (renderer/tag-worker.ts): that page, and so the
 *   worker, has no policy of its own, which Partytown needs (it runs the tags' code with `new Function`)
 *   while the dealer's pages keep theirs without 'unsafe-eval'. Where a browser has no service
 *   worker, Partytown runs the tags on the page itself, so a dealer site's pages still allow them to
 *   load and report (TAG_SCRIPTS, TAG_CONNECT): the site starts them only when it has their ids and the
 *   visitor agreed (renderer/standard-analytics.ts). Images may come from anywhere (a site's document may name any http(s)
 *   picture). The admin also frames the preview on *.localhost.
 * - Strict-Transport-Security only on an answer to an https request.
 */
import { parseHost } from "../../domain/hosts";
import { trustedProxyCount } from "./client-address";

export type PageKind = "admin" | "site" | "preview";

/** The admin's origins (domain/hosts.ts ADMIN_HOSTS, any port), which may frame a preview. */
const ADMIN_ORIGINS = ["localhost", "admin.localhost", "127.0.0.1", "[::1]"].flatMap((h) => [`http://${h}:*`, `https://${h}:*`]);
const ALGOLIA = ["https://*.algolia.net", "https://*.algolianet.com"];
/** Google's and Meta's analytics hosts (their content-security-policy guides), for a dealer site's pages only. */
export const TAG_SCRIPTS = ["https://www.googletagmanager.com", "https://connect.facebook.net"];
export const TAG_CONNECT = ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com", "https://www.facebook.com"];
export const HSTS = "max-age=31536000; includeSubDomains";

/** Headers of every answer, whatever it is. */
export const COMMON_SECURITY_HEADERS: Record<string, string> = {
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-content-type-options": "nosniff",
};

/** For answers that are not pages (API, assets, public files): never framed. */
export const STATIC_SECURITY_HEADERS: Record<string, string> = {
  ...COMMON_SECURITY_HEADERS,
  "x-frame-options": "DENY",
  "content-security-policy": "frame-ancestors 'none'",
};

/** Which kind of page a request for `pathname` on `host` is. */
export function pageKind(host: string | null | undefined, pathname: string): PageKind {
  if (parseHost(host)?.kind === "admin") return "admin";
  return /^\/preview\//.test(pathname) ? "preview" : "site";
}

/** What the policy depends on: Algolia's hosts when configured; 'unsafe-eval' everywhere under `next dev`. */
type PolicyEnv = NodeJS.ProcessEnv | { ALGOLIA_APP_ID?: string; NODE_ENV?: string };

/** The Content-Security-Policy of a page. */
export function contentSecurityPolicy(kind: PageKind, env: PolicyEnv = process.env): string {
  const algolia = kind !== "admin" && env.ALGOLIA_APP_ID?.trim() ? ALGOLIA : [];
  const evaluates = kind === "admin" || env.NODE_ENV === "development";
  const tags = kind === "site";
  const directives = [
    "default-src 'self'",
    ["script-src 'self' 'unsafe-inline'", ...(evaluates ? ["'unsafe-eval'"] : []), ...(tags ? TAG_SCRIPTS : [])].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src * data: blob:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...algolia, ...(tags ? TAG_CONNECT : [])].join(" "),
    kind === "admin" ? "frame-src 'self' http://*.localhost:* https://*.localhost:*" : "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    kind === "preview" ? ["frame-ancestors 'self'", ...ADMIN_ORIGINS].join(" ") : "frame-ancestors 'none'",
  ];
  return directives.join("; ");
}

/**
 * Whether the request came over https: its own URL, or X-Forwarded-Proto when a trusted proxy
 * (TRUSTED_PROXIES, server/http/client-address.ts) is in front, which sets it.
 */
export function cameOverHttps(headers: { get(name: string): string | null }, url?: string, trusted = trustedProxyCount()): boolean {
  if (url?.startsWith("https:")) return true;
  return trusted > 0 && headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase() === "https";
}

/** The names of every header above (lower case), which a cached page never replays as stored. */
export const SECURITY_HEADER_NAMES = ["referrer-policy", "x-content-type-options", "x-frame-options", "content-security-policy", "strict-transport-security"];

/** Every security header of a page of `kind`. */
export function pageSecurityHeaders(kind: PageKind, opts: { https: boolean; env?: PolicyEnv }): Record<string, string> {
  return {
    ...COMMON_SECURITY_HEADERS,
    ...(kind === "preview" ? {} : { "x-frame-options": "DENY" }),
    "content-security-policy": contentSecurityPolicy(kind, opts.env),
    ...(opts.https ? { "strict-transport-security": HSTS } : {}),
  };
}

/**
 * The headers every answer starts with (serving/node-server.ts), before proxy.ts or next.config.ts
 * set a page's own: a preview's (it may be framed by the admin), otherwise never framed; HSTS on https.
 * So an answer nothing else dresses (a 400 for a malformed path, Next's trailing-slash 308) has them too.
 */
export function baselineSecurityHeaders(headers: Record<string, string | string[] | undefined>, url: string, trusted: number): Record<string, string> {
  const get = (name: string) => {
    const v = headers[name];
    return (Array.isArray(v) ? v[0] : v) ?? null;
  };
  const https = cameOverHttps({ get }, undefined, trusted);
  const path = url.split("?")[0];
  if (pageKind(get("host"), path) === "preview") return pageSecurityHeaders("preview", { https });
  return { ...STATIC_SECURITY_HEADERS, ...(https ? { "strict-transport-security": HSTS } : {}) };
}
