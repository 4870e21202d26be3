import { deleteRoute } from "../../../../server/saved-searches/http";

export const dynamic = "force-dynamic";

/** My Garage's Delete button for one of the visitor's saved searches (server/saved-searches/http.ts). */
export const POST = deleteRoute;
