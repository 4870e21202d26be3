import { saveRoute } from "../../../server/saved-searches/http";

export const dynamic = "force-dynamic";

/** Saves a search with an e-mail address; its confirmation e-mail goes first (server/saved-searches/http.ts). */
export const POST = saveRoute;
