import { tagScriptRoute } from "../../../../server/analytics/tag-scripts-http";

export const dynamic = "force-dynamic";

/** A tag script of the site's GA4 id or pixel, from the site's own origin (server/analytics/tag-scripts-http.ts). */
export const GET = tagScriptRoute;
