import { listLookupRoute } from "../../../server/car-lists/http";

export const dynamic = "force-dynamic";

/** The current state of the cars in a visitor's favourites or compare list (server/car-lists/http.ts). */
export const GET = listLookupRoute;
