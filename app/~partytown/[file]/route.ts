import { partytownRoute } from "../../../server/analytics/partytown-http";

export const dynamic = "force-dynamic";

/** Partytown's loader and service worker, from its package (renderer/tag-worker.ts runs the tags with them). */
export const GET = partytownRoute;
