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
 * the database, with Stripe's well-known test card numbers.
 */
import { HttpError, type ErrorBody } from "../http/errors";
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
}

export interface PaymentProvider {
  readonly name: string;
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
