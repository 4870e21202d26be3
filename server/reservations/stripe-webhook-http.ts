/**
 * POST /api/payments/stripe/webhook: Stripe's events about reserve-online deposits, signed with
 * STRIPE_WEBHOOK_SECRET (the Stripe-Signature header over the exact body, at most 5 minutes old).
 * An unsigned, badly signed or stale event is a 400 with a message and changes nothing.
 *
 * A signed event is only a prompt: the reservation it names (metadata site + reservation) is moved
 * on from the payment as Stripe reports it now (server/reservations/service.ts finalizeReservation,
 * which reads the Checkout Session again) — held once authorised, failed once expired — and the
 * same happens when the shopper comes back to the confirmation page, whichever is first. A replayed
 * event finds the reservation already moved on and changes nothing. A payment authorised for an
 * attempt already given up (the car went, another buyer won, the sweep closed it) is released.
 * Events about anything else answer 200 (Stripe stops sending them); a fault talking to Stripe or
 * the database answers 5xx, so Stripe sends the event again later.
 */
import type Stripe from "stripe";
import type { TenantDocument } from "../../schemas/generated/tenant";
import type { Db } from "../db";
import { HttpError } from "../errors";
import { serialise } from "../http/endpoint";
import { platformRoute } from "../http/platform-route";
import { readLimitedBytes } from "../http/body";
import { liveTenant } from "../tenants/live";
import { finalizeReservation } from "./service";
import type { PaymentProvider } from "../payments/provider";
import { paymentProvider, stripeProvider } from "../payments/provider-for";

export const WEBHOOK_BODY_MAX_BYTES = 512 * 1024;
/** How old a signed event may be (Stripe's own default): a replay of an older capture is refused. */
export const WEBHOOK_TOLERANCE_S = 300;
export const BAD_SIGNATURE = "The Stripe-Signature header is missing, does not match the body, or is too old: the event was ignored.";
export const WEBHOOK_OFF = "Stripe payments are not enabled on this deployment.";

/** The events that can move a reservation on; any other is acknowledged and ignored. */
const EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
  "payment_intent.amount_capturable_updated",
  "payment_intent.succeeded",
  "payment_intent.payment_failed",
  "payment_intent.canceled",
]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface WebhookDeps {
  stripe: Stripe;
  secret: string;
  db: Db;
  provider: PaymentProvider;
  tenant: (site: string) => Promise<TenantDocument | null>;
  now?: () => Date;
}

/** What Stripe is answered (200 JSON): the event received, and what came of it. */
export type WebhookAnswer = { received: true; ignored?: string; reservation?: string; status?: string };

/** One signed event read and acted on; a thrown HttpError (400 bad signature) for anything else. */
export async function webhookEvent(request: Request, deps: WebhookDeps): Promise<WebhookAnswer> {
  const signature = request.headers.get("stripe-signature");
  const body = await readLimitedBytes(request, WEBHOOK_BODY_MAX_BYTES, () => "The event is too large.");
  if (!signature) throw new HttpError(400, BAD_SIGNATURE);
  let event: Stripe.Event;
  try {
    event = deps.stripe.webhooks.constructEvent(body, signature, deps.secret, WEBHOOK_TOLERANCE_S);
  } catch {
    throw new HttpError(400, BAD_SIGNATURE);
  }
  if (!EVENTS.has(event.type)) return { received: true, ignored: "not a payment event" };
  const object = event.data.object as { metadata?: Record<string, string> | null };
  const site = object.metadata?.site;
  const id = object.metadata?.reservation;
  if (typeof site !== "string" || typeof id !== "string" || !UUID.test(id)) return { received: true, ignored: "not a reservation's payment" };
  const tenant = await deps.tenant(site);
  if (!tenant) return { received: true, ignored: "no such site" };
  const ctx = { db: deps.db, tenant, provider: deps.provider, now: deps.now };
  let row;
  try {
    row = await finalizeReservation(ctx, id);
  } catch (e) {
    if ((e as { status?: number }).status === 404) return { received: true, ignored: "no such reservation" };
    throw e;
  }
  // Authorised for an attempt that no longer holds anything: the shopper's card is released.
  if (row.status === "failed" && row.paymentId && row.paymentProvider === deps.provider.name) {
    const payment = await deps.provider.getPayment(row.paymentId);
    if (payment?.status === "succeeded") await deps.provider.refundPayment(row.paymentId, `refund:${row.id}`);
  }
  return { received: true, reservation: row.id, status: row.status };
}

/** One event as the Response sent (tests). */
export const handleStripeWebhook = async (request: Request, deps: WebhookDeps): Promise<Response> => serialise(await webhookEvent(request, deps));

/** The route: the process's database, live sites and Stripe client; 404 where Stripe is not the provider. */
export const stripeWebhookRoute = platformRoute(
  async (request, { db: openDb }) => {
    const stripe = stripeProvider();
    if (!stripe) throw new HttpError(404, WEBHOOK_OFF);
    const db = await openDb();
    return webhookEvent(request, {
      stripe: stripe.stripe,
      secret: process.env.STRIPE_WEBHOOK_SECRET!.trim(),
      db,
      provider: paymentProvider(db),
      tenant: async (site) => ((await liveTenant(site))?.document as TenantDocument | undefined) ?? null,
    });
  },
  { log: "[payments] Stripe webhook failed:" },
);
