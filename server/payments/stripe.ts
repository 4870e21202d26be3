/**
 * The Stripe payment provider: Stripe Checkout, a hosted flow — the card, 3-D Secure and every
 * card error happen on Stripe's own page, never on this server.
 *   createPayment  — a Checkout Session (mode payment, one line: the deposit) whose PaymentIntent is
 *                    an authorisation hold (capture_method manual), under the idempotency key; it
 *                    answers requires_action with the session's page to send the shopper to, and
 *                    Stripe sends them back to returnUrls.success (or .cancel). The session expires
 *                    after 35 minutes (Stripe's shortest is 30), before the sweep gives the attempt up.
 *   getPayment     — the session and its PaymentIntent read again from Stripe: authorised
 *                    (requires_capture, or succeeded when the dealer captured it) → succeeded;
 *                    expired or cancelled before paying → failed; a released hold → refunded;
 *                    otherwise still requires_action (the shopper is on Stripe's page).
 *   refundPayment  — releases the hold (cancels the PaymentIntent); a captured payment is refunded
 *                    instead. Both under the idempotency key; releasing a released hold answers it.
 * Why a hold and not a charge: the deposit is 100% refundable and the hold lasts 48–72 hours, well
 * inside a card authorisation's 7 days; a cancelled reservation then moves no money (no refund
 * delay for the buyer, no processing fee lost for the dealer). The dealer captures it from the
 * Stripe Dashboard when the sale goes ahead; an authorisation not captured within 7 days lapses.
 * The payment id is the Checkout Session's id (cs_…): the payment reference the dealer sees.
 */
import Stripe from "stripe";
import { BadRequest, HttpError, NotFoundError } from "../errors";
import { checkIdempotencyKey, checkPaymentRequest, PaymentConflictError, type CreatePaymentRequest, type Payment, type PaymentProvider } from "./provider";

export const STRIPE_PROVIDER = "stripe";
/** Just over Stripe's shortest session lifetime (30 minutes from its own clock), well under the sweep's hour. */
export const SESSION_LIFETIME_S = 35 * 60;
export const STRIPE_UNAVAILABLE = "The payment service did not answer. Nothing was charged; please try again in a minute.";
export const SESSION_EXPIRED = "The payment page expired before the payment was made, so nothing was charged.";
export const PAYMENT_NOT_COMPLETED = "The payment did not go through, so nothing was charged.";

const SESSION_ID = /^cs_[A-Za-z0-9_]{8,250}$/;
const ABSOLUTE = /^https?:\/\/[^\s<>"]+$/;

/**
 * A Stripe client for a secret key. `api` points it elsewhere than api.stripe.com (the tests' fake
 * Stripe: host, port, protocol); no network retries, so a test sees every request once.
 */
export function stripeClient(key: string, api?: { host: string; port: number; protocol: "http" | "https" }): Stripe {
  return new Stripe(key, { maxNetworkRetries: api ? 0 : 2, timeout: 20_000, ...(api ?? {}) });
}

/** A Stripe error as this site answers it: a reused key is a conflict (409); anything else Stripe refused or did not answer, 502. */
function stripeFailure(e: unknown, what: string): never {
  if (e instanceof HttpError) throw e;
  const err = e as { type?: string; message?: string; code?: string; statusCode?: number };
  if (err?.type === "StripeIdempotencyError") throw new PaymentConflictError("This idempotency key was already used for a different payment.");
  console.error(`[payments] Stripe ${what} failed:`, err?.type ?? "", err?.code ?? "", err?.message ?? e);
  throw new HttpError(502, STRIPE_UNAVAILABLE);
}

type Session = Stripe.Checkout.Session;
type Intent = Stripe.PaymentIntent;

function toPayment(s: Session, pi: Intent | null): Payment {
  const base = {
    id: s.id,
    provider: STRIPE_PROVIDER,
    amount: s.amount_total ?? pi?.amount ?? 0,
    currency: (s.currency ?? pi?.currency ?? "").toUpperCase(),
    description: pi?.description ?? "",
    metadata: { ...(s.metadata ?? {}) } as Record<string, string>,
    card: null,
    nextAction: null,
    refundedAt: null,
    createdAt: new Date((s.created ?? 0) * 1000),
  };
  const failed = (message: string, code: string): Payment => ({ ...base, status: "failed", failure: { code, message } });
  if (pi && (pi.status === "requires_capture" || pi.status === "succeeded")) return { ...base, status: "succeeded", failure: null };
  if (pi && pi.status === "canceled") {
    // Cancelled once authorised (the session completed): the hold was released.
    if (s.status === "complete") return { ...base, status: "refunded", failure: null, refundedAt: pi.canceled_at ? new Date(pi.canceled_at * 1000) : null };
    return failed(PAYMENT_NOT_COMPLETED, "canceled");
  }
  if (s.status === "expired") return failed(SESSION_EXPIRED, "expired");
  return { ...base, status: "requires_action", failure: null, nextAction: s.status === "open" && s.url ? { type: "redirect", url: s.url } : null };
}

export class StripePaymentProvider implements PaymentProvider {
  readonly name = STRIPE_PROVIDER;
  readonly flow = "hosted" as const;
  constructor(
    /** The client (its webhooks.constructEvent checks the webhook's signatures). */
    readonly stripe: Stripe,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async createPayment(request: CreatePaymentRequest, idempotencyKey: string): Promise<Payment> {
    checkPaymentRequest(request, idempotencyKey);
    const urls = request.returnUrls;
    if (!urls || !ABSOLUTE.test(urls.success) || !ABSOLUTE.test(urls.cancel)) throw new BadRequest("Stripe Checkout needs the site's absolute return addresses.");
    const metadata = request.metadata ?? {};
    let session: Session;
    try {
      session = await this.stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [{ quantity: 1, price_data: { currency: request.currency.toLowerCase(), unit_amount: request.amount, product_data: { name: request.description || "Deposit" } } }],
          payment_intent_data: { capture_method: "manual", description: request.description, metadata },
          metadata,
          ...(metadata.reservation ? { client_reference_id: metadata.reservation } : {}),
          success_url: urls.success,
          cancel_url: urls.cancel,
          expires_at: Math.floor(this.clock().getTime() / 1000) + SESSION_LIFETIME_S,
        },
        { idempotencyKey },
      );
    } catch (e) {
      stripeFailure(e, "checkout session");
    }
    return toPayment(session, null);
  }

  async confirmPayment(): Promise<Payment> {
    // Stripe Checkout takes the card on its own page: a card sent here is refused, never forwarded.
    throw new PaymentConflictError("This site takes payments on Stripe's page; card details are not accepted here.");
  }

  /** The session and its PaymentIntent, or null for an id that is not a session of this account. */
  private async read(paymentId: string): Promise<{ session: Session; pi: Intent | null } | null> {
    if (typeof paymentId !== "string" || !SESSION_ID.test(paymentId)) return null;
    try {
      const session = await this.stripe.checkout.sessions.retrieve(paymentId, { expand: ["payment_intent"] });
      const pi = session.payment_intent;
      return { session, pi: pi && typeof pi === "object" ? pi : pi ? await this.stripe.paymentIntents.retrieve(pi) : null };
    } catch (e) {
      if ((e as { statusCode?: number }).statusCode === 404) return null;
      stripeFailure(e, "payment read");
    }
  }

  async getPayment(paymentId: string): Promise<Payment | null> {
    const found = await this.read(paymentId);
    return found ? toPayment(found.session, found.pi) : null;
  }

  async refundPayment(paymentId: string, idempotencyKey: string): Promise<Payment> {
    checkIdempotencyKey(idempotencyKey);
    const found = await this.read(paymentId);
    if (!found) throw new NotFoundError("There is no such payment.");
    const { session, pi } = found;
    if (!pi) throw new PaymentConflictError("Only a successful payment can be refunded.");
    try {
      if (pi.status === "requires_capture") {
        const released = await this.stripe.paymentIntents.cancel(pi.id, { cancellation_reason: "requested_by_customer" }, { idempotencyKey });
        return toPayment(session, released);
      }
      if (pi.status === "succeeded") {
        // Captured by the dealer meanwhile: refunded in full, once (the key answers the same refund).
        const refund = await this.stripe.refunds.create({ payment_intent: pi.id }, { idempotencyKey });
        return { ...toPayment(session, pi), status: "refunded", refundedAt: new Date((refund.created ?? 0) * 1000) };
      }
    } catch (e) {
      stripeFailure(e, "refund");
    }
    // Released already (by this key or another): there is nothing more to give back.
    if (pi.status === "canceled" && session.status === "complete") return toPayment(session, pi);
    throw new PaymentConflictError("Only a successful payment can be refunded.");
  }
}
