/**
 * Card payments (reserve-online deposits) behind one interface: what a Stripe (PaymentIntents) or
 * Windcave (sessions) adapter implements. The site never sees a payment gateway directly:
 *   createPayment  — an amount in minor units and a currency, under an idempotency key (the same
 *                    key answers the same payment; the same key with another request is refused);
 *   confirmPayment — charge a card: succeeded, failed (declined, with the gateway's message), or
 *                    requires_action with the 3-D Secure challenge page to send the shopper to;
 *                    after the challenge the shopper comes back to `returnUrl`;
 *   getPayment     — its status now (after a challenge, read it again);
 *   refundPayment  — the whole amount, once.
 * The embedded provider (server/payments/embedded.ts) is a test gateway that does all of this from
 * the database, with Stripe's well-known test card numbers. The Stripe provider (server/payments/
 * stripe.ts) is a hosted flow: createPayment opens a Checkout Session and answers requires_action
 * with Stripe's page; the card never reaches this server. server/payments/provider-for.ts picks one.
 */
import { BadRequest, HttpError, type ErrorBody } from "../errors";
import type { CardBrand, CardField, CardInput } from "../../domain/payment-card";

export type PaymentStatus = "requires_confirmation" | "requires_action" | "succeeded" | "failed" | "refunded";

export interface Payment {
  id: string;
  provider: string;
  status: PaymentStatus;
  /** Minor units (cents). */
  amount: number;
  currency: string;
  description: string;
  metadata: Record<string, string>;
  card: { brand: CardBrand; last4: string } | null;
  failure: { code: string; message: string } | null;
  /** Where to send the shopper when status is requires_action (the 3-D Secure challenge). */
  nextAction: { type: "redirect"; url: string } | null;
  refundedAt: Date | null;
  createdAt: Date;
}

export interface CreatePaymentRequest {
  amount: number;
  currency: string;
  description: string;
  metadata?: Record<string, string>;
  /**
   * A hosted provider's way back to the site (absolute URLs): after paying on its page, and when
   * the shopper leaves it without paying. The embedded provider (flow "card") ignores them.
   */
  returnUrls?: { success: string; cancel: string };
}

export interface PaymentProvider {
  readonly name: string;
  /**
   * "card": the site's form takes the card and confirmPayment charges it (the embedded test gateway);
   * "hosted": the card never reaches this server — createPayment answers requires_action with the
   * provider's own payment page (Stripe Checkout) and confirmPayment is not used.
   */
  readonly flow: "card" | "hosted";
  createPayment(request: CreatePaymentRequest, idempotencyKey: string): Promise<Payment>;
  confirmPayment(paymentId: string, card: CardInput, opts: { returnUrl: string }): Promise<Payment>;
  getPayment(paymentId: string): Promise<Payment | null>;
  refundPayment(paymentId: string, idempotencyKey: string): Promise<Payment>;
}

/** The card's details are wrong (422): which field, and the message the form shows there. */
export class CardError extends HttpError {
  constructor(readonly errors: Partial<Record<CardField, string>>) {
    super(422, Object.values(errors)[0] ?? "The card details are invalid.");
  }
  override body(): ErrorBody {
    return { message: this.message, errors: Object.fromEntries(Object.entries(this.errors).map(([k, v]) => [`card.${k}`, v])) };
  }
}

/** A request the payment provider refuses (409): a reused idempotency key, a second refund, a payment in the wrong state. */
export class PaymentConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

export const MAX_PAYMENT_MINOR_UNITS = 100_000_000; // one million dollars: a deposit is far less

const KEY = /^[A-Za-z0-9._:-]{8,200}$/;
const CURRENCY = /^[A-Z]{3}$/;

/** An idempotency key's shape, as every provider takes it (400 otherwise). */
export function checkIdempotencyKey(key: string) {
  if (typeof key !== "string" || !KEY.test(key)) throw new BadRequest("The idempotency key must be 8 to 200 characters of letters, digits and . _ : -");
}

/** A payment request's amount, currency and description, as every provider takes them (400 otherwise). */
export function checkPaymentRequest(request: CreatePaymentRequest, idempotencyKey: string) {
  checkIdempotencyKey(idempotencyKey);
  const { amount, currency, description } = request;
  if (!Number.isSafeInteger(amount) || amount < 50 || amount > MAX_PAYMENT_MINOR_UNITS) {
    throw new BadRequest(`The amount must be a whole number of cents from 50 to ${MAX_PAYMENT_MINOR_UNITS}.`);
  }
  if (typeof currency !== "string" || !CURRENCY.test(currency)) throw new BadRequest("The currency must be a three-letter ISO 4217 code such as AUD.");
  if (typeof description !== "string" || description.length > 500) throw new BadRequest("The description must be text of at most 500 characters.");
}

