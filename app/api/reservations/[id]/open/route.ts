import { openRoute } from "../../../../../server/reservations/http";

export const dynamic = "force-dynamic";

/** The link e-mailed to the buyer: this browser becomes the buyer's, then the confirmation page (server/reservations/http.ts). */
export const GET = openRoute;
