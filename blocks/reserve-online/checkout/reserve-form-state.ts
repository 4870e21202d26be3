/**
 * The reserve-online form as a state machine: the values, the step (the online purchase journey has
 * four, a reservation one), the messages and the sending; the checks of the purchase steps and the
 * card (domain/payment-card.ts), and how the server's answer is read. Pure: the component validates
 * the contact details (domain/lead-form-validation.ts, loaded on first use), posts, and dispatches.
 */
import { cardProblems } from "../../../domain/payment-card";

export type Kind = "reserve" | "purchase";
export type Values = Record<string, string>;
export type Errors = Record<string, string>;

export const PAYMENTS = ["Cash", "Finance", "Trade-in"] as const;
export const DELIVERIES = ["Pick-up", "Delivery"] as const;
export const STEPS = ["Your details", "How you pay", "Pick-up or delivery", "Deposit"] as const;

export interface ReserveState {
  values: Values;
  errors: Errors;
  /** The form's message above the buttons (a declined card, a failure). */
  message: string | null;
  busy: boolean;
  step: number;
}

export type ReserveAction =
  | { type: "set"; name: string; value: string }
  | { type: "submit" }
  | { type: "show"; errors: Errors }
  | { type: "next" }
  | { type: "back" }
  | { type: "sending" }
  | { type: "refused"; errors: Errors; toFirstStep: boolean }
  | { type: "failed"; message: string };

export const initialReserve = (): ReserveState => ({ values: { payment: "", delivery: "", postcode: "", number: "", expiry: "", cvc: "" }, errors: {}, message: null, busy: false, step: 0 });

/** How many steps the form has for its kind. */
export const stepCount = (kind: Kind) => (kind === "purchase" ? STEPS.length : 1);

export function reserveReducer(s: ReserveState, a: ReserveAction): ReserveState {
  switch (a.type) {
    case "set":
      return { ...s, values: { ...s.values, [a.name]: a.value } };
    case "submit":
      return { ...s, message: null };
    case "show":
      return { ...s, errors: a.errors };
    case "next":
      return { ...s, step: s.step + 1 };
    case "back":
      return { ...s, errors: {}, step: Math.max(0, s.step - 1) };
    case "sending":
      return { ...s, busy: true };
    // The server's field messages: on the purchase journey, a contact field's sends the buyer back to the first step.
    case "refused":
      return { ...s, busy: false, errors: a.errors, step: a.toFirstStep ? 0 : s.step };
    case "failed":
      return { ...s, busy: false, message: a.message };
  }
}

/** The purchase journey's checks: step 1 how they pay, step 2 pick-up or delivery (and then the postcode). */
export function purchaseErrors(values: Values, step: number): Errors {
  const out: Errors = {};
  if (step === 1 && !values.payment) out.payment = "Choose how you will pay: Cash, Finance or Trade-in.";
  if (step === 2 && !values.delivery) out.delivery = "Choose pick-up or delivery.";
  if (step === 2 && values.delivery === "Delivery" && !/^\d{4}$/.test(values.postcode.trim())) out.postcode = "Enter the 4-digit postcode to deliver to.";
  return out;
}

/** The card's problems under the form's field names (card.number …); none when the card is typed on the provider's page. */
export function cardErrors(values: Values, hostedPayment: boolean, now: Date): Errors {
  if (hostedPayment) return {};
  return Object.fromEntries(Object.entries(cardProblems({ number: values.number, expiry: values.expiry, cvc: values.cvc }, now)).map(([k, v]) => [`card.${k}`, v]));
}

export type ReserveAnswer = { status?: string; message?: string; errors?: Errors; confirmation_url?: string; redirect_url?: string };

/** What POST /api/reservations's answer means: go to a page (the confirmation, 3-D Secure), field messages, or a message. */
export function readAnswer(
  status: number,
  body: ReserveAnswer,
  kind: Kind,
  declined: string,
): { go: string } | { type: "refused"; errors: Errors; toFirstStep: boolean } | { type: "failed"; message: string } {
  if ((status === 201 || status === 202) && body.confirmation_url) return { go: body.confirmation_url };
  if (status === 200 && body.redirect_url) return { go: body.redirect_url };
  if (status === 422 && body.errors) return { type: "refused", errors: body.errors, toFirstStep: kind === "purchase" && Object.keys(body.errors).some((k) => !k.startsWith("card.")) };
  return { type: "failed", message: status === 402 ? `${body.message ?? "Your card was declined."} ${declined}` : (body.message ?? "Something went wrong; please try again.") };
}

export const UNREACHABLE_MESSAGE = "We could not reach the server. Please check your connection and try again.";
