import { siteAnalytics } from "../../../../domain/analytics-standards";
import { handleTagScript } from "../../../../server/analytics/tag-scripts-http";
import { siteRoute } from "../../../../server/http/site-route";

export const dynamic = "force-dynamic";

/** A tag script of the site's GA4 id or pixel, from the site's own origin (server/analytics/tag-scripts-http.ts). */
export const GET = siteRoute((request, ctx) => handleTagScript(request, siteAnalytics(ctx.tenant)));
