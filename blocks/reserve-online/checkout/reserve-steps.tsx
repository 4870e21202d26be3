import type { LeadFormSpec } from "../../../domain/lead-forms";
import { DELIVERIES, PAYMENTS, type Errors, type Values } from "./reserve-form-state";
import { Radios, TextField } from "./reserve-fields";
import styles from "./checkout.module.css";

type Fields = { values: Values; errors: Errors; onChange: (name: string, value: string) => void };

export const HOSTED_PAYMENT_TEXT = (deposit: string) =>
  `Next, you pay the deposit of ${deposit} on Stripe's secure payment page; your card details never reach this site. The deposit is held on your card, and released if you cancel.`;

/** The buyer's contact details (the site's reserve lead form's fields). */
export function ContactStep({ spec, ...f }: Fields & { spec: LeadFormSpec }) {
  return (
    <div className={styles.grid}>
      {spec.fields.map((x) => (
        <TextField
          key={x.name}
          name={x.name}
          label={x.label}
          options={{ type: x.control === "email" ? "email" : x.control === "tel" ? "tel" : "text", autoComplete: x.autoComplete, inputMode: x.inputMode as never, maxLength: x.maxLength, required: x.required }}
          {...f}
        />
      ))}
    </div>
  );
}

/** The online purchase's step 2: how they pay. */
export function PaymentStep({ question, ...f }: Fields & { question: string }) {
  return <Radios name="payment" legend={question} options={PAYMENTS} {...f} />;
}

/** The online purchase's step 3: pick-up or delivery, and where to deliver. */
export function DeliveryStep(f: Fields) {
  return (
    <>
      <Radios name="delivery" legend="Pick-up or delivery?" options={DELIVERIES} {...f} />
      {f.values.delivery === "Delivery" ? <TextField name="postcode" label="Delivery postcode" options={{ autoComplete: "postal-code", inputMode: "numeric", maxLength: 4 }} {...f} /> : null}
    </>
  );
}

/** The deposit: the card's fields, or where the provider's page takes the card. */
export function CardStep({ hostedPayment, depositText, ...f }: Fields & { hostedPayment: boolean; depositText: string }) {
  if (hostedPayment) {
    return (
      <fieldset className={styles.fieldset}>
        <legend>Payment</legend>
        <p className={styles.small} data-testid="hosted-payment">
          {HOSTED_PAYMENT_TEXT(depositText)}
        </p>
      </fieldset>
    );
  }
  return (
    <fieldset className={styles.fieldset}>
      <legend>Card details</legend>
      <p className={styles.small}>The deposit of {depositText} is taken from this card now. We never store your card number or security code.</p>
      <div className={styles.grid}>
        <TextField name="card.number" label="Card number" options={{ autoComplete: "cc-number", inputMode: "numeric", maxLength: 23, placeholder: "1234 1234 1234 1234" }} {...f} />
        <TextField name="card.expiry" label="Expiry (MM/YY)" options={{ autoComplete: "cc-exp", inputMode: "numeric", maxLength: 7, placeholder: "MM/YY" }} {...f} />
        <TextField name="card.cvc" label="Security code (CVC)" options={{ autoComplete: "cc-csc", inputMode: "numeric", maxLength: 4, placeholder: "123" }} {...f} />
      </div>
    </fieldset>
  );
}
