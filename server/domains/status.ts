/**
 * The admin's view of a site's custom domains (GET /api/admin/tenants/{slug}/domains): every domain
 * of the draft and of the live version, whether it is published (only then does the TLS ask say
 * yes, server/domains/ask.ts), whether it points here and whether its certificate is issued
 * (server/domains/checks.ts). Checked when asked, never cached: the admin's "Check again" is the point.
 */
import { parseHost } from "../../domain/hosts";
import type { Db } from "../db";
import type { AdminUser } from "../admin/accounts";
import { assertTenantAccess } from "../admin/access";
import { getDraft } from "../tenants/store";
import { liveTenant } from "../tenants/live";
import { certificateIssued, domainSettings, pointsHere, type Check, type DomainSettings, type Resolve } from "./checks";

export interface DomainState {
  domain: string;
  /** Listed by the live (published) version: the TLS ask answers yes for it. */
  published: boolean;
  pointsHere: Check;
  certificate: Check;
}

/** At most this many domains are checked in one request (each costs a lookup and a handshake). */
export const MAX_CHECKED_DOMAINS = 20;

export const NOT_PUBLISHED: Check = { ok: false, text: "No certificate until the site is published with this domain." };

const domainsOf = (doc: unknown): string[] => {
  const list = (doc as { identity?: { domains?: unknown } } | null)?.identity?.domains;
  return Array.isArray(list) ? list.filter((d): d is string => typeof d === "string" && parseHost(d)?.kind === "domain") : [];
};

export interface StatusOptions {
  settings?: DomainSettings;
  resolve?: Resolve;
  /** The live document's domains (default: the tenant cache's live version). */
  liveDomains?: (slug: string) => Promise<string[]>;
}

const cachedLiveDomains = async (slug: string) => domainsOf((await liveTenant(slug))?.document);

/** Each domain's state, draft's first then any only the live version still has. */
export async function domainStates(db: Db, user: AdminUser, slug: string, opts: StatusOptions = {}): Promise<{ checkedAt: string; domains: DomainState[] }> {
  assertTenantAccess(user, slug);
  const draft = await getDraft(db, slug);
  const live = new Set((await (opts.liveDomains ?? cachedLiveDomains)(slug)).map((d) => d.toLowerCase()));
  const names = [...new Set([...domainsOf(draft.document), ...live].map((d) => d.toLowerCase()))].slice(0, MAX_CHECKED_DOMAINS);
  const settings = opts.settings ?? domainSettings();
  const domains = await Promise.all(
    names.map(async (domain) => {
      const published = live.has(domain);
      const [where, certificate] = await Promise.all([pointsHere(domain, settings, opts.resolve), published ? certificateIssued(domain, settings) : NOT_PUBLISHED]);
      return { domain, published, pointsHere: where, certificate };
    }),
  );
  return { checkedAt: new Date().toISOString(), domains };
}
