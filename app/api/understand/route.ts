import { understandRoute } from "../../../server/understand/http";

export const dynamic = "force-dynamic";

/** A request the search box's parser could not wholly place, read with the optional language model (server/understand/http.ts). */
export const POST = understandRoute;
