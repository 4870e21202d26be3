import { unsubscribeRoute } from "../../../../server/saved-searches/http";

export const dynamic = "force-dynamic";

/** The alert's unsubscribe link: GET shows a button, POST (RFC 8058 one-click) unsubscribes (server/saved-searches/http.ts). */
export const GET = unsubscribeRoute;
export const POST = unsubscribeRoute;
