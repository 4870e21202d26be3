/**
 * The embedded payment provider: a test gateway that runs in the app and keeps its payments in the
 * database (embedded_payments), so reserve online works offline and in tests. It answers as a
 * gateway's test mode does, from Stripe's well-known test card numbers:
 *   4242 4242 4242 4242, 5555 5555 5555 4444   succeed
 *   4000 0000 0000 0002                         declined: "Your card was declined."
 *   4000 0000 0000 9995                         declined: "Your card has insufficient funds."
 *   4000 0000 0000 0069                         declined: "Your card has expired."
 *   4000 0000 0000 0127                         declined: "Your card's security code is incorrect."
 *   4000 0027 6000 3184                         needs 3-D Secure: the shopper completes or fails
 *                                               the challenge on this provider's page
 * Any other card number that passes the checks is declined as a test gateway declines a real card.
 * Only the brand and the last 4 digits are stored, never the number or the CVC.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db";
import { embeddedPayments } from "../db/schema";
import { cardProblems, checkCard, type CardInput } from "../../domain/payment-card";
import { payloadHash } from "../leads/store";
import { BadRequest, NotFoundError } from "../errors";
import { CardError, checkIdempotencyKey, checkPaymentRequest, PaymentConflictError, type CreatePaymentRequest, type Payment, type PaymentProvider } from "./provider";

export const EMBEDDED_PROVIDER = "embedded";

type Outcome = { kind: "succeed" } | { kind: "decline"; code: string; message: string } | { kind: "challenge" };

export const DECLINED = "Your card was declined.";
export const AUTHENTICATION_FAILED = "We were unable to authenticate your payment method. Please choose a different payment method and try again.";
export const NOT_A_TEST_CARD = "Your card was declined. This is a test gateway: use one of its test card numbers, such as 4242 4242 4242 4242.";

export const TEST_CARDS: Record<string, Outcome> = {
  "4242424242424242": { kind: "succeed" },
  "5555555555554444": { kind: "succeed" },
  "4000000000000002": { kind: "decline", code: "card_declined", message: DECLINED },
  "4000000000009995": { kind: "decline", code: "insufficient_funds", message: "Your card has insufficient funds." },
  "4000000000000069": { kind: "decline", code: "expired_card", message: "Your card has expired." },
  "4000000000000127": { kind: "decline", code: "incorrect_cvc", message: "Your card's security code is incorrect." },
  "4000002760003184": { kind: "challenge" },
};

const ID = /^pay_[0-9a-f]{24}$/;
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** The challenge page of a payment (app/api/payments/embedded/challenge/[id]). */
export const challengePath = (id: string, token: string) => `/api/payments/embedded/challenge/${id}?token=${token}`;

type Row = typeof embeddedPayments.$inferSelect;

function toPayment(r: Row, token?: string): Payment {
  return {
    id: r.id,
    provider: EMBEDDED_PROVIDER,
    status: r.status,
    amount: r.amount,
    currency: r.currency,
    description: r.description,
    metadata: r.metadata ?? {},
    card: r.cardBrand && r.cardLast4 ? { brand: r.cardBrand as NonNullable<Payment["card"]>["brand"], last4: r.cardLast4 } : null,
    failure: r.failureCode ? { code: r.failureCode, message: r.failureMessage ?? DECLINED } : null,
    nextAction: r.status === "requires_action" && token ? { type: "redirect", url: challengePath(r.id, token) } : null,
    refundedAt: r.refundedAt ? new Date(r.refundedAt) : null,
    createdAt: new Date(r.createdAt),
  };
}

export class EmbeddedPaymentProvider implements PaymentProvider {
  readonly name = EMBEDDED_PROVIDER;
  readonly flow = "card" as const;
  constructor(
    private readonly db: Db,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async createPayment(request: CreatePaymentRequest, idempotencyKey: string): Promise<Payment> {
    checkPaymentRequest(request, idempotencyKey);
    const { amount, currency, description } = request;
    const metadata = request.metadata ?? {};
    const hash = payloadHash({ amount, currency, description, metadata });
    const id = `pay_${randomBytes(12).toString("hex")}`;
    const now = this.clock();
    await this.db
      .insert(embeddedPayments)
      .values({ id, idempotencyKey, requestHash: hash, amount, currency, description, metadata, status: "requires_confirmation", createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: embeddedPayments.idempotencyKey });
    const [row] = await this.db.select().from(embeddedPayments).where(eq(embeddedPayments.idempotencyKey, idempotencyKey));
    if (!row) throw new Error("payment insert conflicted but no payment holds the key");
    if (row.requestHash !== hash) throw new PaymentConflictError("This idempotency key was already used for a different payment.");
    return toPayment(row);
  }

  async confirmPayment(paymentId: string, card: CardInput, opts: { returnUrl: string }): Promise<Payment> {
    const row = await this.row(paymentId);
    const now = this.clock();
    const problems = cardProblems(card, now);
    if (Object.keys(problems).length) throw new CardError(problems);
    const checked = checkCard(card, now)!;
    if (!opts.returnUrl.startsWith("/") || opts.returnUrl.startsWith("//")) throw new BadRequest("The return URL must be a path on this site.");
    if (row.status !== "requires_confirmation") throw new PaymentConflictError(`This payment was already confirmed (it is ${row.status.replace("_", " ")}).`);
    const outcome = TEST_CARDS[checked.number] ?? { kind: "decline", code: "card_declined", message: NOT_A_TEST_CARD };
    const token = outcome.kind === "challenge" ? randomBytes(18).toString("base64url") : undefined;
    const set: Partial<Row> = { cardBrand: checked.brand, cardLast4: checked.last4, updatedAt: now, returnUrl: opts.returnUrl };
    if (outcome.kind === "succeed") set.status = "succeeded";
    else if (outcome.kind === "decline") Object.assign(set, { status: "failed", failureCode: outcome.code, failureMessage: outcome.message });
    else Object.assign(set, { status: "requires_action", challengeHash: sha256(token!) });
    // Only from requires_confirmation: two confirmations at once charge the card once.
    const [updated] = await this.db
      .update(embeddedPayments)
      .set(set)
      .where(and(eq(embeddedPayments.id, paymentId), eq(embeddedPayments.status, "requires_confirmation")))
      .returning();
    if (!updated) throw new PaymentConflictError("This payment was already confirmed.");
    return toPayment(updated, token);
  }

  async getPayment(paymentId: string): Promise<Payment | null> {
    if (typeof paymentId !== "string" || !ID.test(paymentId)) return null;
    const [row] = await this.db.select().from(embeddedPayments).where(eq(embeddedPayments.id, paymentId));
    return row ? toPayment(row) : null;
  }

  /** The payment a challenge token belongs to (awaiting the challenge), or null: a wrong or used token. */
  async challengePayment(paymentId: string, token: string): Promise<(Payment & { returnUrl: string }) | null> {
    if (!ID.test(paymentId) || typeof token !== "string" || !/^[A-Za-z0-9_-]{10,60}$/.test(token)) return null;
    const [row] = await this.db.select().from(embeddedPayments).where(eq(embeddedPayments.id, paymentId));
    if (!row || row.status !== "requires_action" || row.challengeHash !== sha256(token)) return null;
    return { ...toPayment(row, token), returnUrl: row.returnUrl ?? "/" };
  }

  /** The shopper's answer to the 3-D Secure challenge: passed → succeeded; failed → failed. */
  async completeChallenge(paymentId: string, token: string, passed: boolean): Promise<Payment & { returnUrl: string }> {
    const found = await this.challengePayment(paymentId, token);
    if (!found) throw new NotFoundError("This authentication request has already been answered or has expired.");
    const set: Partial<Row> = passed
      ? { status: "succeeded", challengeHash: null, updatedAt: this.clock() }
      : { status: "failed", challengeHash: null, failureCode: "authentication_failed", failureMessage: AUTHENTICATION_FAILED, updatedAt: this.clock() };
    const [row] = await this.db
      .update(embeddedPayments)
      .set(set)
      .where(and(eq(embeddedPayments.id, paymentId), eq(embeddedPayments.status, "requires_action")))
      .returning();
    if (!row) throw new NotFoundError("This authentication request has already been answered or has expired.");
    return { ...toPayment(row), returnUrl: row.returnUrl ?? "/" };
  }

  async refundPayment(paymentId: string, idempotencyKey: string): Promise<Payment> {
    checkIdempotencyKey(idempotencyKey);
    const row = await this.row(paymentId);
    if (row.status === "refunded") {
      if (row.refundKey === idempotencyKey) return toPayment(row);
      throw new PaymentConflictError("This payment has already been refunded.");
    }
    if (row.status !== "succeeded") throw new PaymentConflictError("Only a successful payment can be refunded.");
    const now = this.clock();
    const [updated] = await this.db
      .update(embeddedPayments)
      .set({ status: "refunded", refundKey: idempotencyKey, refundedAt: now, updatedAt: now })
      .where(and(eq(embeddedPayments.id, paymentId), eq(embeddedPayments.status, "succeeded")))
      .returning();
    if (updated) return toPayment(updated);
    // Another refund won the race: the same key is that refund, another key is a second refund.
    return this.refundPayment(paymentId, idempotencyKey);
  }

  private async row(paymentId: string): Promise<Row> {
    const [row] = typeof paymentId === "string" && ID.test(paymentId) ? await this.db.select().from(embeddedPayments).where(eq(embeddedPayments.id, paymentId)) : [];
    if (!row) throw new NotFoundError("There is no such payment.");
    return row;
  }
}
