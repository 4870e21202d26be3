import { deliveryQuoteRoute } from "../../../server/delivery/route";

export const dynamic = "force-dynamic";

/** The delivery calculator's estimate: ?postcode=4000&car={slug} (server/delivery/http.ts). */
export function GET(request: Request) {
  return deliveryQuoteRoute(request);
}
