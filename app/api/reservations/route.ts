import { reserveRoute } from "../../../server/reservations/http";

export const dynamic = "force-dynamic";

/** Reserve a car with a deposit (server/reservations/http.ts). */
export const POST = reserveRoute;
