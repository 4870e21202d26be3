/**
 * A preview's pages keep their token in every link (issue 17): serving/index.ts puts this in front
 * of Next, and the HTML of a page under /preview/{token}/ on a site's host has each link and form
 * of the site's own pages rewritten to the same page of the preview (domain/preview-links.ts), so
 * a link opened in a new tab, or followed before the page's scripts run, stays in the draft. Links
 * the page's scripts draw later are rewritten in the browser (admin/preview-links.client.tsx).
 * React does not compare attributes when it hydrates a production page, so the rewritten links stay.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { parseHost } from "../domain/hosts";
import { previewHtml } from "../domain/preview-links";
import { holdResponse } from "./hold-response";
import type { ServingContract } from "./contract";

const PREVIEW_PAGE = /^\/preview\/([A-Za-z0-9_-]{20,100})(\/[^?]*)?(\?.*)?$/;

/** The token of a preview page request whose HTML is rewritten, else null (assets, the API, client navigations). */
export function previewPageToken(req: Pick<IncomingMessage, "method" | "url" | "headers">): string | null {
  if (req.method !== "GET" || !req.url) return null;
  if (req.headers.rsc || req.headers["next-router-prefetch"] || /[?&]_rsc=/.test(req.url)) return null;
  const target = parseHost(req.headers.host);
  if (!target || target.kind === "admin") return null;
  const m = PREVIEW_PAGE.exec(req.url);
  if (!m || /^\/(api|_next|media)\//.test(m[2] ?? "/")) return null;
  return m[1];
}

type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

/**
 * Wraps Next's request handler: a preview page is answered whole (uncompressed: a preview is one
 * person's, not worth compressing) with its links rewritten; everything else passes untouched.
 */
export function withPreviewLinks(next: Handler): Handler {
  return (req, res) => {
    const token = previewPageToken(req);
    if (!token) return next(req, res);
    delete req.headers["accept-encoding"];
    const origin = `http://${req.headers.host}`;
    holdResponse(res, (body) => {
      const html = /^text\/html/i.test(String(res.getHeader("content-type") ?? "")) && !res.getHeader("content-encoding");
      const out = html ? Buffer.from(previewHtml(body.toString("utf8"), token, origin), "utf8") : body;
      res.removeHeader("transfer-encoding");
      res.setHeader("content-length", out.length);
      res.end(out);
    });
    return next(req, res);
  };
}

/** What this layer expects of Next's pages (serving/contract.ts): the site's links are plain `<a href="/…">` it can rewrite. */
export const contract: ServingContract = {
  layer: "preview links",
  check({ home }) {
    const token = "contract-check-token-0123456789";
    const type = home.headers["content-type"] ?? "";
    if (!/^text\/html/i.test(type)) return [`Next answered ${home.path} as "${type}", not text/html, so a preview's links are not rewritten`];
    if (!/<a(?: [^>]*)? href="\//.test(home.html)) return [`Next's HTML of ${home.path} no longer has links as <a href="/…">`];
    return previewHtml(home.html, token, "http://contract.localhost").includes(`/preview/${token}/`) ? [] : [`none of the links in Next's HTML of ${home.path} is rewritten to the preview (domain/preview-links.ts no longer reads them)`];
  },
};
