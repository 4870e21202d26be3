import { stripeWebhookRoute } from "../../../../../server/payments/stripe-webhook";

export const dynamic = "force-dynamic";

/** Stripe's signed events about reserve-online deposits (server/payments/stripe-webhook.ts). */
export const POST = stripeWebhookRoute;
