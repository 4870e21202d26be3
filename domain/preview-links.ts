/**
 * A preview (/preview/{token}/… on a site's host) stays in the draft: its links to the site's own
 * pages lead to the same page of the preview. Shared by the server, which writes the token into
 * every link of a preview's HTML (serving/preview-links.ts), and the preview's script in the
 * browser, which does the same for links drawn later (admin/preview-links.client.tsx).
 */

/** The address under the preview for a same-site address, or null when it leaves the site or is already there. */
export function previewHref(href: string, token: string, origin: string): string | null {
  // Only site-rooted and absolute addresses: "#main", "?page=2" and "tel:…" stay as they are.
  if (!/^(\/|https?:)/i.test(href.trim())) return null;
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname.startsWith("/preview/") || /^\/(api|media|_next|demo)\//.test(url.pathname)) return null;
  return `/preview/${token}${url.pathname}${url.search}${url.hash}`;
}

const LINK_TAG = /<(a|area|form)\b[^>]*>/gi;
const LINK_ATTR = /(\s(?:href|action|formaction)=)"([^"]*)"/gi;
const unescapeAttr = (v: string) => v.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
const escapeAttr = (v: string) => v.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/** `html` with every link and form of the site's own pages (<a href>, <area href>, <form action>) under the preview. */
export function previewHtml(html: string, token: string, origin: string): string {
  return html.replace(LINK_TAG, (tag) =>
    tag.replace(LINK_ATTR, (attr, name: string, value: string) => {
      const to = previewHref(unescapeAttr(value), token, origin);
      return to ? `${name}"${escapeAttr(to)}"` : attr;
    }),
  );
}

/** Said by the preview and above it in the editor while the draft has errors (server/admin/preview.ts shows its last valid version). */
export const STALE_BANNER = "This draft has errors: the preview shows the last version without errors";

/** The message a preview in the editor's frame sends when a block in it is clicked. */
export const PREVIEW_BLOCK_MESSAGE = "forecourt:preview-block";
export interface PreviewBlockMessage {
  type: typeof PREVIEW_BLOCK_MESSAGE;
  id: string;
}

/** The block id of a preview's message, or null for anything else (any page can post to the editor). */
export function previewBlockId(data: unknown): string | null {
  if (!data || typeof data !== "object") return null;
  const { type, id } = data as Record<string, unknown>;
  return type === PREVIEW_BLOCK_MESSAGE && typeof id === "string" && /^[A-Za-z0-9_-]{1,100}$/.test(id) ? id : null;
}
