"use client";
/**
 * The reserve-online form: the buyer's contact details (checked by the lead forms' one validator,
 * domain/lead-form-validation.ts), on the online purchase journey how they pay and pick-up or
 * delivery, then the card (domain/payment-card.ts). Sent to POST /api/reservations; a paid deposit
 * goes to the confirmation page, 3-D Secure to the provider's challenge page, a declined card shows
 * the gateway's message and reserves nothing.
 */
import { useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import type { LeadFormSpec } from "../domain/lead-forms";
import { BACK_LABEL, NEXT_LABEL, RESERVE_CATEGORY_LABEL, stepLabel } from "./reserve-form-text";
import { cardProblems } from "../domain/payment-card";
import { fetchWithChallenge } from "../blocks/_shared/challenge";
import styles from "./checkout.module.css";

type Kind = "reserve" | "purchase";
type Values = Record<string, string>;

const PAYMENTS = ["Cash", "Finance", "Trade-in"] as const;
const DELIVERIES = ["Pick-up", "Delivery"] as const;
const STEPS = ["Your details", "How you pay", "Pick-up or delivery", "Deposit"] as const;

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

export const HOSTED_PAYMENT_TEXT = (deposit: string) =>
  `Next, you pay the deposit of ${deposit} on Stripe's secure payment page; your card details never reach this site. The deposit is held on your card, and released if you cancel.`;

const noSubscribe = () => () => {};
const newKey = () => (globalThis.crypto?.randomUUID ? globalThis.crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

const CAR_WORDS = { declined: "The car has not been reserved and nothing was charged.", payQuestion: "How will you pay for the car?" };

export function ReserveForm({ slug, kind, spec, buttonLabel, depositText, pageUrl, words = CAR_WORDS, hostedPayment = false }: ReserveFormProps) {
  const [values, setValues] = useState<Values>({ payment: "", delivery: "", postcode: "", number: "", expiry: "", cvc: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  // Until the form's script runs, the button waits: a click before then would send nothing.
  const hydrated = useSyncExternalStore(noSubscribe, () => true, () => false);
  const steps = kind === "purchase" ? STEPS.length : 1;
  const onLast = step === steps - 1;

  const set = (name: string) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));

  async function contactErrors(): Promise<Record<string, string>> {
    const { validateLeadForm } = await import("../domain/lead-form-validation");
    const fields: Values = {};
    for (const f of spec.fields) if (values[f.name]?.trim()) fields[f.name] = values[f.name].trim();
    const out: Record<string, string> = {};
    for (const e of validateLeadForm(spec, { category: RESERVE_CATEGORY_LABEL, fields })) out[e.name ?? e.pointer] = e.message;
    return out;
  }

  function purchaseErrors(which: number): Record<string, string> {
    const out: Record<string, string> = {};
    if (which === 1 && !values.payment) out.payment = "Choose how you will pay: Cash, Finance or Trade-in.";
    if (which === 2 && !values.delivery) out.delivery = "Choose pick-up or delivery.";
    if (which === 2 && values.delivery === "Delivery" && !/^\d{4}$/.test(values.postcode.trim())) out.postcode = "Enter the 4-digit postcode to deliver to.";
    return out;
  }

  function cardErrors(): Record<string, string> {
    if (hostedPayment) return {};
    return Object.fromEntries(Object.entries(cardProblems({ number: values.number, expiry: values.expiry, cvc: values.cvc }, new Date())).map(([k, v]) => [`card.${k}`, v]));
  }

  function show(found: Record<string, string>) {
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus());
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    // Multi-step: each step checks its own fields before the next.
    if (!onLast) {
      const found = step === 0 ? await contactErrors() : purchaseErrors(step);
      show(found);
      if (!Object.keys(found).length) setStep(step + 1);
      return;
    }
    const found = { ...(kind === "reserve" ? await contactErrors() : {}), ...cardErrors() };
    show(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const contact: Values = {};
      for (const f of spec.fields) if (values[f.name]?.trim()) contact[f.name] = values[f.name].trim();
      // Past the site's cap the server asks for its browser check; solved and sent again (challenge.ts).
      const res = await fetchWithChallenge("/api/reservations", {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": newKey() },
        body: JSON.stringify({
          car: slug,
          kind,
          contact,
          ...(kind === "purchase" ? { purchase: { payment: values.payment, delivery: values.delivery, ...(values.delivery === "Delivery" ? { postcode: values.postcode.trim() } : {}) } } : {}),
          ...(hostedPayment ? {} : { card: { number: values.number, expiry: values.expiry, cvc: values.cvc } }),
          ...(pageUrl ? { url: pageUrl } : {}),
        }),
      });
      const body = (await res.json().catch(() => ({}))) as { status?: string; message?: string; errors?: Record<string, string>; confirmation_url?: string; redirect_url?: string };
      if ((res.status === 201 || res.status === 202) && body.confirmation_url) return window.location.assign(body.confirmation_url);
      if (res.status === 200 && body.redirect_url) return window.location.assign(body.redirect_url);
      setBusy(false);
      if (res.status === 422 && body.errors) {
        show(body.errors);
        if (kind === "purchase" && Object.keys(body.errors).some((k) => !k.startsWith("card."))) setStep(0);
        return;
      }
      setMessage(res.status === 402 ? `${body.message ?? "Your card was declined."} ${words.declined}` : (body.message ?? "Something went wrong; please try again."));
    } catch {
      setBusy(false);
      setMessage("We could not reach the server. Please check your connection and try again.");
    }
  }

  const field = (name: string, label: string, props: { type?: string; autoComplete?: string; inputMode?: "numeric" | "email" | "tel" | "text"; maxLength?: number; placeholder?: string; required?: boolean }) => {
    const id = `reserve-${name.replace(".", "-")}`;
    const key = name.startsWith("card.") ? name.slice(5) : name;
    const err = errors[name];
    return (
      <div className={styles.field} key={name}>
        <label htmlFor={id}>
          {label}
          {props.required !== false ? <span aria-hidden="true"> *</span> : null}
        </label>
        <input
          id={id}
          data-field={name}
          className={`fc-input ${err ? styles.invalid : ""}`}
          name={name}
          type={props.type ?? "text"}
          autoComplete={props.autoComplete}
          inputMode={props.inputMode}
          maxLength={props.maxLength}
          placeholder={props.placeholder}
          aria-invalid={err ? true : undefined}
          aria-describedby={err ? `${id}-error` : undefined}
          aria-required={props.required !== false}
          value={values[key] ?? ""}
          onChange={set(key)}
        />
        {err ? (
          <p id={`${id}-error`} className={styles.fieldError}>
            {err}
          </p>
        ) : null}
      </div>
    );
  };

  const radios = (name: "payment" | "delivery", legend: string, options: readonly string[]) => (
    <fieldset className={styles.fieldset} aria-describedby={errors[name] ? `reserve-${name}-error` : undefined}>
      <legend>{legend}</legend>
      {options.map((o, i) => (
        <label key={o} className={styles.radio}>
          <input type="radio" name={name} value={o} checked={values[name] === o} onChange={set(name)} data-field={i === 0 ? name : undefined} />
          {o}
        </label>
      ))}
      {errors[name] ? (
        <p id={`reserve-${name}-error`} className={styles.fieldError}>
          {errors[name]}
        </p>
      ) : null}
    </fieldset>
  );

  const contactStep = (
    <div className={styles.grid}>
      {spec.fields.map((f) => field(f.name, f.label, { type: f.control === "email" ? "email" : f.control === "tel" ? "tel" : "text", autoComplete: f.autoComplete, inputMode: f.inputMode as never, maxLength: f.maxLength, required: f.required }))}
    </div>
  );
  const cardStep = hostedPayment ? (
    <fieldset className={styles.fieldset}>
      <legend>Payment</legend>
      <p className={styles.small} data-testid="hosted-payment">
        {HOSTED_PAYMENT_TEXT(depositText)}
      </p>
    </fieldset>
  ) : (
    <fieldset className={styles.fieldset}>
      <legend>Card details</legend>
      <p className={styles.small}>
        The deposit of {depositText} is taken from this card now. We never store your card number or security code.
      </p>
      <div className={styles.grid}>
        {field("card.number", "Card number", { autoComplete: "cc-number", inputMode: "numeric", maxLength: 23, placeholder: "1234 1234 1234 1234" })}
        {field("card.expiry", "Expiry (MM/YY)", { autoComplete: "cc-exp", inputMode: "numeric", maxLength: 7, placeholder: "MM/YY" })}
        {field("card.cvc", "Security code (CVC)", { autoComplete: "cc-csc", inputMode: "numeric", maxLength: 4, placeholder: "123" })}
      </div>
    </fieldset>
  );

  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="reserve-form-heading" data-testid="reserve-form">
      <h2 id="reserve-form-heading" className={styles.h2}>
        {kind === "purchase" ? `${STEPS[step]}` : "Your details"}
      </h2>
      {kind === "purchase" ? <p className={styles.small}>{stepLabel(step, steps)}</p> : null}
      {kind === "reserve" ? (
        <>
          {contactStep}
          {cardStep}
        </>
      ) : step === 0 ? (
        contactStep
      ) : step === 1 ? (
        radios("payment", words.payQuestion, PAYMENTS)
      ) : step === 2 ? (
        <>
          {radios("delivery", "Pick-up or delivery?", DELIVERIES)}
          {values.delivery === "Delivery" ? field("postcode", "Delivery postcode", { autoComplete: "postal-code", inputMode: "numeric", maxLength: 4 }) : null}
        </>
      ) : (
        cardStep
      )}
      {message ? (
        <p role="alert" className={styles.error} data-testid="reserve-error">
          {message}
        </p>
      ) : null}
      <div className={styles.actions}>
        {kind === "purchase" && step > 0 ? (
          <button type="button" className="fc-button fc-button--ghost" onClick={() => (setErrors({}), setStep(step - 1))} disabled={busy}>
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
