import { describe, expect, it } from "vitest";
import { cardErrors, initialReserve, purchaseErrors, readAnswer, reserveReducer, stepCount, type ReserveAction, type ReserveState } from "./reserve-form-state";

const run = (actions: ReserveAction[], from: ReserveState = initialReserve()) => actions.reduce(reserveReducer, from);
const DECLINED = "The car has not been reserved and nothing was charged.";

describe("reserve form state", () => {
  it("starts on the first step, nothing typed, not sending; a reservation has one step, a purchase four", () => {
    expect(initialReserve()).toEqual({ values: { payment: "", delivery: "", postcode: "", number: "", expiry: "", cvc: "" }, errors: {}, message: null, busy: false, step: 0 });
    expect(stepCount("reserve")).toBe(1);
    expect(stepCount("purchase")).toBe(4);
  });

  it("typing, the messages, Next and Back (Back clears the messages, never before the first step)", () => {
    let s = run([{ type: "set", name: "first_name", value: "Ada" }, { type: "show", errors: { email: "bad" } }]);
    expect(s).toMatchObject({ values: { first_name: "Ada" }, errors: { email: "bad" } });
    s = run([{ type: "next" }, { type: "next" }], s);
    expect(s.step).toBe(2);
    s = run([{ type: "back" }], s);
    expect(s).toMatchObject({ step: 1, errors: {} });
    expect(run([{ type: "back" }]).step).toBe(0);
  });

  it("sending, then a failure (the message, not busy) cleared by the next submit", () => {
    let s = run([{ type: "sending" }]);
    expect(s.busy).toBe(true);
    s = run([{ type: "failed", message: "declined" }], s);
    expect(s).toMatchObject({ busy: false, message: "declined" });
    expect(run([{ type: "submit" }], s).message).toBeNull();
  });

  it("refused by the server: its field messages, back to the first step when asked", () => {
    const at3 = run([{ type: "next" }, { type: "next" }, { type: "next" }, { type: "sending" }]);
    expect(run([{ type: "refused", errors: { email: "e" }, toFirstStep: true }], at3)).toMatchObject({ busy: false, step: 0, errors: { email: "e" } });
    expect(run([{ type: "refused", errors: { "card.number": "n" }, toFirstStep: false }], at3).step).toBe(3);
  });

  it("the purchase steps' checks: how they pay, pick-up or delivery, a 4-digit postcode for delivery", () => {
    const v = initialReserve().values;
    expect(purchaseErrors(v, 1)).toEqual({ payment: "Choose how you will pay: Cash, Finance or Trade-in." });
    expect(purchaseErrors({ ...v, payment: "Cash" }, 1)).toEqual({});
    expect(purchaseErrors(v, 2)).toEqual({ delivery: "Choose pick-up or delivery." });
    expect(purchaseErrors({ ...v, delivery: "Delivery", postcode: "40" }, 2)).toEqual({ postcode: "Enter the 4-digit postcode to deliver to." });
    expect(purchaseErrors({ ...v, delivery: "Delivery", postcode: " 4000 " }, 2)).toEqual({});
    expect(purchaseErrors({ ...v, delivery: "Pick-up" }, 2)).toEqual({});
  });

  it("the card's problems under card.*, none when the provider's page takes the card", () => {
    const v = { ...initialReserve().values, number: "1234", expiry: "01/20", cvc: "1" };
    const found = cardErrors(v, false, new Date("2026-06-01T00:00:00Z"));
    expect(Object.keys(found).sort()).toEqual(["card.cvc", "card.expiry", "card.number"]);
    expect(cardErrors(v, true, new Date())).toEqual({});
  });

  it("the server's answer: the confirmation or 3-D Secure page, field messages (contact ones back to the start of a purchase), a declined card, a failure", () => {
    expect(readAnswer(201, { confirmation_url: "/c" }, "reserve", DECLINED)).toEqual({ go: "/c" });
    expect(readAnswer(202, { confirmation_url: "/c" }, "reserve", DECLINED)).toEqual({ go: "/c" });
    expect(readAnswer(200, { redirect_url: "https://3ds" }, "reserve", DECLINED)).toEqual({ go: "https://3ds" });
    expect(readAnswer(422, { errors: { email: "e" } }, "purchase", DECLINED)).toEqual({ type: "refused", errors: { email: "e" }, toFirstStep: true });
    expect(readAnswer(422, { errors: { "card.cvc": "c" } }, "purchase", DECLINED)).toEqual({ type: "refused", errors: { "card.cvc": "c" }, toFirstStep: false });
    expect(readAnswer(422, { errors: { email: "e" } }, "reserve", DECLINED)).toMatchObject({ toFirstStep: false });
    expect(readAnswer(402, { message: "Insufficient funds." }, "reserve", DECLINED)).toEqual({ type: "failed", message: `Insufficient funds. ${DECLINED}` });
    expect(readAnswer(402, {}, "reserve", DECLINED)).toEqual({ type: "failed", message: `Your card was declined. ${DECLINED}` });
    expect(readAnswer(500, {}, "reserve", DECLINED)).toEqual({ type: "failed", message: "Something went wrong; please try again." });
    expect(readAnswer(409, { message: "Already reserved." }, "reserve", DECLINED)).toEqual({ type: "failed", message: "Already reserved." });
  });
});
