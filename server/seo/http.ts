/**
 * GET /sitemap.xml[?part=N] and /robots.txt on a site's host (proxy.ts rewrites them to
 * app/s/{host}/…): text answers, 404 "Not found" for an unknown host or part (server/seo/sitemap.ts).
 */
import { decodeComponent } from "../../domain/uri";
import { rawReply } from "../http/endpoint";
import { platformRoute } from "../http/platform-route";
import { tenantForHost } from "../tenants/live";
import { buildSitemap, robotsTxt } from "./sitemap";

const text = (body: string, type: string) => rawReply(200, body, { "content-type": `${type}; charset=utf-8`, "cache-control": "public, max-age=3600" });
const notFound = () => rawReply(404, "Not found", { "content-type": "text/plain; charset=utf-8" });

/** GET /sitemap.xml[?part=N] on a site's host. */
export const sitemapRoute = platformRoute(async (request, { db }, params) => {
  const host = decodeComponent(params.host);
  const live = await tenantForHost(host);
  if (!live) return notFound();
  const body = await buildSitemap(await db(), live.document, host, new URL(request.url).searchParams.get("part"));
  return body === null ? notFound() : text(body, "application/xml");
});

/** GET /robots.txt on a site's host. */
export const robotsRoute = platformRoute(async (_request, _ctx, params) => {
  const host = decodeComponent(params.host);
  const live = await tenantForHost(host);
  return live ? text(robotsTxt(live.document, host), "text/plain") : notFound();
});
