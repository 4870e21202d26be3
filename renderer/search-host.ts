/**
 * Which site (and which draft) a search is for. Kept apart from the search client so that blocks
 * can name their search host without pulling the algoliasearch library into every page.
 */

const PREVIEW_SUFFIX = /\/preview\/([A-Za-z0-9_-]+)$/;

/**
 * The host a site's search is asked for: `{slug}.localhost`, or for a draft shown by preview link
 * `previewToken` `{slug}.localhost/preview/{token}`, so the preview's search uses the draft's settings
 * (and works before the site is first published) on the server and in the browser alike. Blocks read
 * it from their context (`ctx.searchHost`), which the page sets.
 */
export function searchHost(identity: { slug: string }, previewToken?: string | null): string {
  return `${identity.slug}.localhost${previewToken ? `/preview/${previewToken}` : ""}`;
}

/** The slug and preview token a search host names; the token is null for a live site. */
export function parseSearchHost(host: string): { host: string; token: string | null } {
  const m = PREVIEW_SUFFIX.exec(host);
  return m ? { host: host.slice(0, m.index), token: m[1] } : { host, token: null };
}
