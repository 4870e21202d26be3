import { cancelRoute } from "../../../../../server/reservations/http";

export const dynamic = "force-dynamic";

/** Cancel a held reservation: the deposit is refunded and the car released (server/reservations/http.ts). */
export const POST = cancelRoute;
