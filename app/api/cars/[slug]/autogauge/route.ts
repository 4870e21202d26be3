import { autogaugeRoute } from "../../../../../server/price-comparison/http";

export const dynamic = "force-dynamic";

/** The price comparison of one of the site's cars (server/price-comparison/http.ts). */
export const GET = autogaugeRoute;
