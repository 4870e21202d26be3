import { challengeRoute } from "../../../../../../server/reservations/http";

export const dynamic = "force-dynamic";

/** The embedded payment provider's 3-D Secure page, and the shopper's answer to it (server/reservations/http.ts). */
export const GET = challengeRoute;
export const POST = challengeRoute;
