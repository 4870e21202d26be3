/**
 * Which site (and which draft) a search is for. Kept apart from the search client so that blocks
 * can name their search host without pulling the algoliasearch library into every page.
 */

// The identities of drafts being previewed (admin/preview-page.tsx), with their preview tokens.
const previews = new WeakMap<object, string>();
const PREVIEW_SUFFIX = /\/preview\/([A-Za-z0-9_-]+)$/;

/** Marks a draft's identity as shown by preview link `token`: its search then answers from the draft. */
export function markPreview(identity: object, token: string): void {
  previews.set(identity, token);
}

/**
 * The host a site's search is asked for: `{slug}.localhost`, or for a draft being previewed
 * `{slug}.localhost/preview/{token}`, so the preview's search uses the draft's settings (and works
 * before the site is first published) on the server and in the browser alike.
 */
export function searchHost(identity: { slug: string }): string {
  const token = previews.get(identity);
  return `${identity.slug}.localhost${token ? `/preview/${token}` : ""}`;
}

/** The slug and preview token a search host names; the token is null for a live site. */
export function parseSearchHost(host: string): { host: string; token: string | null } {
  const m = PREVIEW_SUFFIX.exec(host);
  return m ? { host: host.slice(0, m.index), token: m[1] } : { host, token: null };
}
