import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { backends, withTestDatabase } from "../../tests/databases";
import { embeddedPayments } from "../db/schema";
import type { DbHandle } from "../db";
import { CARD_MESSAGES, cardProblems, luhnValid } from "../../domain/payment-card";
import { AUTHENTICATION_FAILED, DECLINED, EmbeddedPaymentProvider, NOT_A_TEST_CARD } from "./embedded";
import { CardError, PaymentConflictError } from "./provider";

const NOW = new Date("2026-03-10T02:00:00Z");
const card = (number: string, over: Partial<{ expiry: string; cvc: string }> = {}) => ({ number, expiry: "12/29", cvc: "123", ...over });
const RETURN = { returnUrl: "/cars/x/reservation/1" };
let n = 0;
const key = () => `test-key-${++n}-${Math.random().toString(36).slice(2)}`;

describe("card checks (domain/payment-card)", () => {
  it("Luhn, length, expiry in the future and a 3-4 digit CVC, each with its message", () => {
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(cardProblems(card("4242 4242 4242 4242"), NOW)).toEqual({});
    expect(cardProblems(card("4242-4242-4242-4242"), NOW)).toEqual({});
    expect(cardProblems(card(""), NOW)).toEqual({ number: CARD_MESSAGES.numberMissing });
    expect(cardProblems(card("4242 4242"), NOW)).toEqual({ number: CARD_MESSAGES.numberIncomplete });
    expect(cardProblems(card("4242424242424241"), NOW)).toEqual({ number: CARD_MESSAGES.numberInvalid });
    expect(cardProblems(card("4242x4242424242424"), NOW)).toEqual({ number: CARD_MESSAGES.numberInvalid });
    expect(cardProblems(card("4".repeat(40)), NOW)).toEqual({ number: CARD_MESSAGES.numberInvalid });
    expect(cardProblems(card("4242424242424242", { expiry: "02/26" }), NOW)).toEqual({ expiry: CARD_MESSAGES.expiryPast });
    expect(cardProblems(card("4242424242424242", { expiry: "03/26" }), NOW)).toEqual({}); // valid through March
    expect(cardProblems(card("4242424242424242", { expiry: "13/30" }), NOW)).toEqual({ expiry: CARD_MESSAGES.expiryInvalid });
    expect(cardProblems(card("4242424242424242", { expiry: "" }), NOW)).toEqual({ expiry: CARD_MESSAGES.expiryMissing });
    expect(cardProblems(card("4242424242424242", { cvc: "12" }), NOW)).toEqual({ cvc: CARD_MESSAGES.cvcInvalid });
    expect(cardProblems(card("4242424242424242", { cvc: "12345" }), NOW)).toEqual({ cvc: CARD_MESSAGES.cvcInvalid });
    expect(cardProblems(card("4242424242424242", { cvc: "" }), NOW)).toEqual({ cvc: CARD_MESSAGES.cvcMissing });
    expect(cardProblems({ number: 4242 as never, expiry: null as never, cvc: {} as never }, NOW)).toEqual({
      number: CARD_MESSAGES.numberMissing,
      expiry: CARD_MESSAGES.expiryMissing,
      cvc: CARD_MESSAGES.cvcMissing,
    });
  });
});

describe.each(backends)("embedded payment provider on %s", (_name, make) => {
  let h: DbHandle;
  const db = withTestDatabase(make, (handle) => (h = handle));
  const provider = () => new EmbeddedPaymentProvider(h.db, () => NOW);
  const pay = async (number: string, over = {}) => {
    const p = provider();
    const created = await p.createPayment({ amount: 20000, currency: "AUD", description: "deposit" }, key());
    return { p, created, confirmed: await p.confirmPayment(created.id, card(number, over), RETURN) };
  };

  it("4242 4242 4242 4242 succeeds; only the brand and last 4 digits are stored", async (ctx) => {
    db.need(ctx);
    const { created, confirmed } = await pay("4242 4242 4242 4242");
    expect(created.status).toBe("requires_confirmation");
    expect(confirmed).toMatchObject({ status: "succeeded", amount: 20000, currency: "AUD", card: { brand: "visa", last4: "4242" }, failure: null });
    const [row] = await h.db.select().from(embeddedPayments).where(eq(embeddedPayments.id, created.id));
    expect(JSON.stringify(row)).not.toContain("4242424242424242");
    expect(JSON.stringify(row)).not.toContain("123\"");
  });

  it("declines 4000 0000 0000 0002 with 'Your card was declined.', and the other test declines with theirs", async (ctx) => {
    db.need(ctx);
    expect((await pay("4000000000000002")).confirmed).toMatchObject({ status: "failed", failure: { code: "card_declined", message: DECLINED } });
    expect((await pay("4000000000009995")).confirmed.failure).toEqual({ code: "insufficient_funds", message: "Your card has insufficient funds." });
    expect((await pay("4000000000000069")).confirmed.failure?.code).toBe("expired_card");
    expect((await pay("4000000000000127")).confirmed.failure?.code).toBe("incorrect_cvc");
    // A Luhn-valid card that is not a test card: declined as a test gateway does.
    expect((await pay("4111111111111111")).confirmed.failure).toEqual({ code: "card_declined", message: NOT_A_TEST_CARD });
    expect((await pay("5555555555554444")).confirmed).toMatchObject({ status: "succeeded", card: { brand: "mastercard" } });
  });

  it("4000 0027 6000 3184 needs 3-D Secure: the challenge passes once (succeeded) or fails (failed); its token works once", async (ctx) => {
    db.need(ctx);
    const { p, confirmed } = await pay("4000 0027 6000 3184");
    expect(confirmed.status).toBe("requires_action");
    const url = confirmed.nextAction!.url;
    const token = new URL(url, "http://x").searchParams.get("token")!;
    expect(url).toMatch(new RegExp(`^/api/payments/embedded/challenge/${confirmed.id}\\?token=`));
    expect(await p.challengePayment(confirmed.id, "wrong-token-123")).toBeNull();
    expect((await p.challengePayment(confirmed.id, token))?.returnUrl).toBe(RETURN.returnUrl);
    const done = await p.completeChallenge(confirmed.id, token, true);
    expect(done.status).toBe("succeeded");
    expect((await p.getPayment(confirmed.id))?.status).toBe("succeeded");
    await expect(p.completeChallenge(confirmed.id, token, true)).rejects.toMatchObject({ status: 404 });

    const second = await pay("4000002760003184");
    const t2 = new URL(second.confirmed.nextAction!.url, "http://x").searchParams.get("token")!;
    expect(await second.p.completeChallenge(second.confirmed.id, t2, false)).toMatchObject({ status: "failed", failure: { code: "authentication_failed", message: AUTHENTICATION_FAILED } });
  });

  it("malformed cards are refused with the field's message (422) and the payment stays unconfirmed", async (ctx) => {
    db.need(ctx);
    const p = provider();
    const created = await p.createPayment({ amount: 20000, currency: "AUD", description: "deposit" }, key());
    const err = await p.confirmPayment(created.id, card("4242424242424241", { cvc: "1" }), RETURN).catch((e) => e);
    expect(err).toBeInstanceOf(CardError);
    expect(err.status).toBe(422);
    expect(err.body()).toEqual({ message: CARD_MESSAGES.numberInvalid, errors: { "card.number": CARD_MESSAGES.numberInvalid, "card.cvc": CARD_MESSAGES.cvcInvalid } });
    expect((await p.getPayment(created.id))?.status).toBe("requires_confirmation");
    // A confirmed payment is not charged twice.
    await p.confirmPayment(created.id, card("4242424242424242"), RETURN);
    await expect(p.confirmPayment(created.id, card("4242424242424242"), RETURN)).rejects.toBeInstanceOf(PaymentConflictError);
  });

  it("is idempotent: the same key answers the same payment; the same key with another amount is refused", async (ctx) => {
    db.need(ctx);
    const p = provider();
    const k = key();
    const a = await p.createPayment({ amount: 20000, currency: "AUD", description: "deposit" }, k);
    const [b, c] = await Promise.all([p.createPayment({ amount: 20000, currency: "AUD", description: "deposit" }, k), p.createPayment({ amount: 20000, currency: "AUD", description: "deposit" }, k)]);
    expect(b.id).toBe(a.id);
    expect(c.id).toBe(a.id);
    await expect(p.createPayment({ amount: 50000, currency: "AUD", description: "deposit" }, k)).rejects.toBeInstanceOf(PaymentConflictError);
    expect((await h.db.select().from(embeddedPayments).where(eq(embeddedPayments.idempotencyKey, k))).length).toBe(1);
  });

  it("refunds the whole amount once: the same refund key again answers it, another key is refused; an unpaid payment cannot be refunded", async (ctx) => {
    db.need(ctx);
    const { p, confirmed } = await pay("4242424242424242");
    const refunded = await p.refundPayment(confirmed.id, "refund-key-1");
    expect(refunded).toMatchObject({ status: "refunded", amount: 20000 });
    expect(refunded.refundedAt).toEqual(NOW);
    expect((await p.refundPayment(confirmed.id, "refund-key-1")).status).toBe("refunded");
    await expect(p.refundPayment(confirmed.id, "refund-key-2")).rejects.toThrow("This payment has already been refunded.");
    const declined = await pay("4000000000000002");
    await expect(declined.p.refundPayment(declined.confirmed.id, "refund-key-3")).rejects.toThrow("Only a successful payment can be refunded.");
  });

  it("hostile input: bad amounts, currencies, keys, ids and return URLs are 4xx errors, never stored", async (ctx) => {
    db.need(ctx);
    const p = provider();
    for (const amount of [0, -1, 1.5, 1e20, Number.NaN, "200" as never]) {
      await expect(p.createPayment({ amount, currency: "AUD", description: "x" }, key())).rejects.toMatchObject({ status: 400 });
    }
    await expect(p.createPayment({ amount: 20000, currency: "aud\u0000", description: "x" }, key())).rejects.toMatchObject({ status: 400 });
    await expect(p.createPayment({ amount: 20000, currency: "AUD", description: "x" }, "short")).rejects.toMatchObject({ status: 400 });
    await expect(p.createPayment({ amount: 20000, currency: "AUD", description: "x" }, "bad key with spaces\ud800")).rejects.toMatchObject({ status: 400 });
    expect(await p.getPayment("pay_'; drop table embedded_payments; --")).toBeNull();
    await expect(p.refundPayment("pay_000000000000000000000000", "refund-key-9")).rejects.toMatchObject({ status: 404 });
    const created = await p.createPayment({ amount: 20000, currency: "AUD", description: "x" }, key());
    await expect(p.confirmPayment(created.id, card("4242424242424242"), { returnUrl: "https://evil.example/" })).rejects.toMatchObject({ status: 400 });
    await expect(p.confirmPayment(created.id, card("4242424242424242"), { returnUrl: "//evil.example/" })).rejects.toMatchObject({ status: 400 });
  });
});
