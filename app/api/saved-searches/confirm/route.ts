import { confirmRoute } from "../../../../server/saved-searches/http";

export const dynamic = "force-dynamic";

/** The confirmation link: GET shows a Confirm button, POST confirms (server/saved-searches/http.ts). */
export const GET = confirmRoute;
export const POST = confirmRoute;
