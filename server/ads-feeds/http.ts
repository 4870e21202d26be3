/**
 * GET /feeds/google-vehicle-ads.xml and /feeds/meta-vehicles.csv on a site's host (proxy.ts rewrites
 * them to app/s/{host}/feeds/…): the site's vehicle ads feeds (server/ads-feeds/feeds.ts). 404 "Not
 * found" for an unknown host or a feed the site does not publish.
 */
import { createHash } from "node:crypto";
import type { AdsFeed } from "../../domain/ads-feeds";
import { decodeComponent } from "../../domain/uri";
import { rawReply } from "../http/endpoint";
import { platformRoute } from "../http/platform-route";
import { tenantForHost } from "../tenants/live";
import { adsFeed, FEED_TYPES } from "./feeds";

const notFound = () => rawReply(404, "Not found", { "content-type": "text/plain; charset=utf-8" });

/** The route of one feed: the file, with an ETag of the stock and site it was built from. */
const adsFeedRoute = (feed: AdsFeed) =>
  platformRoute(async (request, { db }, params) => {
    const host = decodeComponent(params.host);
    const live = await tenantForHost(host);
    if (!live) return notFound();
    const built = await adsFeed(await db(), live, host, feed);
    if (!built) return notFound();
    const etag = `"${createHash("sha256").update(built.key).digest("hex").slice(0, 16)}"`;
    const headers = { etag, "cache-control": "public, max-age=900" };
    if (request.headers.get("if-none-match") === etag) return rawReply(304, null, headers);
    return rawReply(200, built.body, { ...headers, "content-type": `${FEED_TYPES[feed]}; charset=utf-8` });
  });

export const googleFeedRoute = adsFeedRoute("google");
export const metaFeedRoute = adsFeedRoute("meta");
