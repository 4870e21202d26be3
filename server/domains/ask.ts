/**
 * Caddy's on-demand TLS asks before it requests a certificate for a name it has not seen
 * (`on_demand_tls { ask … }`, GET …?domain=NAME): yes (200) only for a custom domain a *published*
 * site lists — exactly, as the site's live document has it. Every other name is no: a draft-only
 * domain, an archived site's, a `{slug}.localhost` or admin host, an IP address, a name with a
 * trailing dot or any character a hostname may not have. So nobody can make the platform request
 * certificates for names that are not its sites'. It is asked on each new handshake name, so it
 * reads the tenant cache (server/tenants/live.ts), which also remembers unknown names.
 */
import { isIP } from "node:net";
import { parseHost } from "../../domain/hosts";
import { BadRequest, NotFoundError } from "../errors";
import { tenantForHost } from "../tenants/live";
import type { LiveDocument } from "../tenants/store";

export const ASK_NO_DOMAIN = "Say which domain: ?domain=www.example.com.au (once).";
export const ASK_MALFORMED = "The domain is not a host name: lower or upper case letters, digits, hyphens and dots, no trailing dot, at most 253 characters.";
export const ASK_IP = "An IP address gets no certificate: only a site's domain name does.";
export const ASK_UNLISTED = "No published site lists this domain.";

const NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** The one `domain` parameter of the ask, lower-cased; a 400 when it is missing, repeated or not a host name. */
export function askedDomain(url: URL): string {
  const values = url.searchParams.getAll("domain");
  if (values.length !== 1 || !values[0]) throw new BadRequest(ASK_NO_DOMAIN);
  const name = values[0].toLowerCase();
  if (isIP(name) || isIP(name.replace(/^\[|\]$/g, ""))) throw new BadRequest(ASK_IP);
  // An all-digit last label is an address in disguise to some resolvers ("0x7f.1", "127.1").
  if (!NAME.test(name) || /(^|\.)\d+$/.test(name)) throw new BadRequest(ASK_MALFORMED);
  return name;
}

/** A name's live site, read through the tenant cache; tests give their own. */
export type FindSite = (host: string) => Promise<LiveDocument | null>;

/**
 * Whether the platform may get a certificate for `name` (already `askedDomain`'s): the slug of the
 * published site that lists it; a 404 otherwise. The live document is read again (not only the
 * domain table) because the version served may be an older valid one that does not list it.
 */
export async function siteForCertificate(name: string, find: FindSite = tenantForHost): Promise<string> {
  const target = parseHost(name);
  if (target?.kind !== "domain" || target.domain !== name) throw new NotFoundError(ASK_UNLISTED);
  const live = await find(name);
  const listed = live?.document.identity.domains.some((d) => d.toLowerCase() === name);
  if (!live || !listed) throw new NotFoundError(ASK_UNLISTED);
  return live.slug;
}
