"use client";
/**
 * The reserve-online form: the buyer's contact details (checked by the lead forms' one validator,
 * domain/lead-form-validation.ts), on the online purchase journey how they pay and pick-up or
 * delivery, then the card (domain/payment-card.ts). Sent to POST /api/reservations; a paid deposit
 * goes to the confirmation page, 3-D Secure to the provider's challenge page, a declined card shows
 * the gateway's message and reserves nothing. Transitions: reserve-form-state.ts.
 */
import { useReducer, useRef, useSyncExternalStore, type FormEvent } from "react";
import type { LeadFormSpec } from "../../../domain/lead-forms";
import { BACK_LABEL, NEXT_LABEL, RESERVE_CATEGORY_LABEL, stepLabel } from "./reserve-form-text";
import { fetchWithChallenge } from "../../_shared/challenge";
import { cardErrors, initialReserve, purchaseErrors, readAnswer, reserveReducer, stepCount, STEPS, UNREACHABLE_MESSAGE, type Errors, type Kind, type ReserveAnswer, type Values } from "./reserve-form-state";
import { CardStep, ContactStep, DeliveryStep, PaymentStep } from "./reserve-steps";
import styles from "./checkout.module.css";

export { HOSTED_PAYMENT_TEXT } from "./reserve-steps";

export interface ReserveFormProps {
  slug: string;
  kind: Kind;
  spec: LeadFormSpec;
  buttonLabel: string;
  depositText: string;
  pageUrl?: string;
  /** The page's words for the vehicle's kind (domain/vdp-rules.ts reservationWords): a car's by default. */
  words?: { declined: string; payQuestion: string };
  /** The card is typed on the payment provider's own page (Stripe Checkout): no card fields here. */
  hostedPayment?: boolean;
}

const noSubscribe = () => () => {};
// randomUUID is missing outside a secure context (a custom domain on plain http): a key of the time and a random part instead.
const newKey = () => (typeof window.crypto?.randomUUID === "function" ? window.crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

const CAR_WORDS = { declined: "The car has not been reserved and nothing was charged.", payQuestion: "How will you pay for the car?" };

/** The contact fields as sent: trimmed, the empty ones left out. */
function contactOf(spec: LeadFormSpec, values: Values): Values {
  const out: Values = {};
  for (const f of spec.fields) if (values[f.name]?.trim()) out[f.name] = values[f.name].trim();
  return out;
}

export function ReserveForm({ slug, kind, spec, buttonLabel, depositText, pageUrl, words = CAR_WORDS, hostedPayment = false }: ReserveFormProps) {
  const [s, dispatch] = useReducer(reserveReducer, undefined, initialReserve);
  const { values, errors, step, busy } = s;
  const formRef = useRef<HTMLFormElement>(null);
  // Until the form's script runs, the button waits: a click before then would send nothing.
  const hydrated = useSyncExternalStore(noSubscribe, () => true, () => false);
  const steps = stepCount(kind);
  const onLast = step === steps - 1;

  async function contactErrors(): Promise<Errors> {
    const { validateLeadForm } = await import("../../../domain/lead-form-validation");
    const out: Errors = {};
    for (const e of validateLeadForm(spec, { category: RESERVE_CATEGORY_LABEL, fields: contactOf(spec, values) })) out[e.name ?? e.pointer] = e.message;
    return out;
  }

  // Messages shown, and the focus on the first field with one.
  function show(found: Errors) {
    dispatch({ type: "show", errors: found });
    focusFirst(found);
  }
  function focusFirst(found: Errors) {
    const first = Object.keys(found)[0];
    if (first) requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus());
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    dispatch({ type: "submit" });
    // Multi-step: each step checks its own fields before the next.
    if (!onLast) {
      const found = step === 0 ? await contactErrors() : purchaseErrors(values, step);
      show(found);
      if (!Object.keys(found).length) dispatch({ type: "next" });
      return;
    }
    const found = { ...(kind === "reserve" ? await contactErrors() : {}), ...cardErrors(values, hostedPayment, new Date()) };
    show(found);
    if (Object.keys(found).length) return;
    dispatch({ type: "sending" });
    try {
      // Past the site's cap the server asks for its browser check; solved and sent again (challenge.ts).
      const res = await fetchWithChallenge("/api/reservations", {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": newKey() },
        body: JSON.stringify({
          car: slug,
          kind,
          contact: contactOf(spec, values),
          ...(kind === "purchase" ? { purchase: { payment: values.payment, delivery: values.delivery, ...(values.delivery === "Delivery" ? { postcode: values.postcode.trim() } : {}) } } : {}),
          ...(hostedPayment ? {} : { card: { number: values.number, expiry: values.expiry, cvc: values.cvc } }),
          ...(pageUrl ? { url: pageUrl } : {}),
        }),
      });
      const answer = readAnswer(res.status, (await res.json().catch(() => ({}))) as ReserveAnswer, kind, words.declined);
      if ("go" in answer) return window.location.assign(answer.go);
      if (answer.type === "refused") focusFirst(answer.errors);
      dispatch(answer);
    } catch {
      dispatch({ type: "failed", message: UNREACHABLE_MESSAGE });
    }
  }

  const fields = { values, errors, onChange: (name: string, value: string) => dispatch({ type: "set", name, value }) };
  const contact = <ContactStep spec={spec} {...fields} />;
  const card = <CardStep hostedPayment={hostedPayment} depositText={depositText} {...fields} />;

  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="reserve-form-heading" data-testid="reserve-form">
      <h2 id="reserve-form-heading" className={styles.h2}>
        {kind === "purchase" ? `${STEPS[step]}` : "Your details"}
      </h2>
      {kind === "purchase" ? <p className={styles.small}>{stepLabel(step, steps)}</p> : null}
      {kind === "reserve" ? (
        <>
          {contact}
          {card}
        </>
      ) : step === 0 ? (
        contact
      ) : step === 1 ? (
        <PaymentStep question={words.payQuestion} {...fields} />
      ) : step === 2 ? (
        <DeliveryStep {...fields} />
      ) : (
        card
      )}
      {s.message ? (
        <p role="alert" className={styles.error} data-testid="reserve-error">
          {s.message}
        </p>
      ) : null}
      <div className={styles.actions}>
        {kind === "purchase" && step > 0 ? (
          <button type="button" className="fc-button fc-button--ghost" onClick={() => dispatch({ type: "back" })} disabled={busy}>
            {BACK_LABEL}
          </button>
        ) : null}
        <button type="submit" className="fc-button" disabled={busy || !hydrated} aria-busy={busy || undefined}>
          {onLast ? (busy ? (hostedPayment ? "Opening the payment page..." : "Processing payment...") : buttonLabel) : NEXT_LABEL}
        </button>
      </div>
    </form>
  );
}
