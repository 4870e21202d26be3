import { eventsRoute } from "../../../server/analytics/http";

export const dynamic = "force-dynamic";

/** An analytics event from a site's pages (renderer/analytics.ts), kept server-side (server/analytics/http.ts). */
export const POST = eventsRoute;
