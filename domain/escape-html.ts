/** Escapes text for HTML content and quoted attribute values: & < > " ' (the one copy; e-mails, server-built pages, starters; valid in XML too: the sitemap and the Google feed). */
const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => entities[c]!);
