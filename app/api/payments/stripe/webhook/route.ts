import { stripeWebhookRoute } from "../../../../../server/reservations/stripe-webhook-http";

export const dynamic = "force-dynamic";

/** Stripe's signed events about reserve-online deposits (server/reservations/stripe-webhook-http.ts). */
export const POST = stripeWebhookRoute;
