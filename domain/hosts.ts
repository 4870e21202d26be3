/** Which site a request's Host header names. Pure, so proxy, server and tests share it. */
export type HostTarget = { kind: "admin" } | { kind: "slug"; slug: string } | { kind: "domain"; domain: string };

/** The request header proxy.ts puts the asked-for path in (a site's pages are served under an internal /s/{host}/ route). */
export const PAGE_PATH_HEADER = "x-forecourt-path";

/**
 * A site's 404 page carries this tag (renderer/not-found-page.tsx), and the server that sends the
 * sites' pages whole (serving/late-scripts.ts) answers it with status 404: Next sets a 404 only
 * for a notFound() thrown outside Suspense, and then sends an empty page drawn in the browser.
 */
export const NOT_FOUND_META = { name: "x-fc-status", content: "404" } as const;
export const NOT_FOUND_MARK = `<meta name="${NOT_FOUND_META.name}" content="${NOT_FOUND_META.content}"/>`;

const ADMIN_HOSTS = new Set(["localhost", "admin.localhost", "127.0.0.1", "[::1]"]);
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const HOSTNAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

/** The hostname without port or trailing dot, lower-cased; null when it is not a hostname at all. */
export function hostname(hostHeader: string | null | undefined): string | null {
  if (!hostHeader) return null;
  const host = hostHeader.trim().toLowerCase();
  const name = host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.replace(/:\d+$/, "");
  return name.replace(/\.$/, "") || null;
}

export function parseHost(hostHeader: string | null | undefined): HostTarget | null {
  const name = hostname(hostHeader);
  if (!name) return null;
  if (ADMIN_HOSTS.has(name)) return { kind: "admin" };
  if (name.endsWith(".localhost")) {
    const slug = name.slice(0, -".localhost".length);
    return SLUG.test(slug) ? { kind: "slug", slug } : null;
  }
  return HOSTNAME.test(name) ? { kind: "domain", domain: name } : null;
}

/**
 * A page's public address: the site's first domain over https (the canonical URL search engines and
 * shares use); a site without a domain, the host it was asked on; null when neither is known.
 */
export function publicPageUrl(domains: readonly string[], path: string, host?: string | null): string | null {
  const domain = domains[0];
  if (domain) return `https://${domain}${path === "/" ? "" : path}`;
  return host ? `http://${decodeURIComponent(host)}${path}` : null;
}
