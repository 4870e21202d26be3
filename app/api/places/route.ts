import { placesRoute } from "../../../server/geocoding/http";

export const dynamic = "force-dynamic";

/** The place a shopper names in the search box: ?q=2148 or ?q=Parramatta (server/geocoding/http.ts). */
export const GET = placesRoute;
