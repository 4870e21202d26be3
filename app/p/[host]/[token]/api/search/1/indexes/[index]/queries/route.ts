import { previewMultiQueryRoute } from "../../../../../../../../../../server/search/http";

export const dynamic = "force-dynamic";

/** A preview's search (proxy.ts rewrites /preview/{token}/api/search/… on a site's host to here). */
export const POST = previewMultiQueryRoute;
