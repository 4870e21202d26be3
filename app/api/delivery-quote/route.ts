import { deliveryQuoteRoute } from "../../../server/delivery/http";

export const dynamic = "force-dynamic";

/** The delivery calculator's estimate: ?postcode=4000&car={slug} (server/delivery/http.ts). */
export const GET = deliveryQuoteRoute;
