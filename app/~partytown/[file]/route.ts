import { partytownFile } from "../../../server/analytics/partytown-http";
import { platformRoute } from "../../../server/http/platform-route";

export const dynamic = "force-dynamic";

/** Partytown's loader and service worker, from its package (renderer/tag-worker.ts runs the tags with them). */
export const GET = platformRoute((_request, _ctx, params) => partytownFile(params.file ?? ""));
