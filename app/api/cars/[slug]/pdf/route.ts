import { vehiclePdfRoute } from "../../../../../server/inventory/http";

export const dynamic = "force-dynamic";

/** The PDF of one of the site's cars, saved as {slug}.pdf (spec §7 "PDF download"). */
export const GET = vehiclePdfRoute;
