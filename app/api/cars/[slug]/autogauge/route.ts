import { autogaugeRoute } from "../../../../../server/price-comparison/http";

export const dynamic = "force-dynamic";

/** The price comparison of one of the site's cars (server/price-comparison/http.ts). */
export function GET(request: Request) {
  return autogaugeRoute(request);
}
