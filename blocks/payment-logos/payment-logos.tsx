import type { ReactNode } from "react";
import type { BlockComponent } from "../../renderer/types";
import styles from "./payment-logos.module.css";

type Method = "mastercard" | "visa" | "maestro" | "google-pay" | "apple-pay";

/** Each way to pay: its name (what a screen reader says) and a card-shaped mark drawn here (no picture is fetched). */
export const PAYMENT_METHODS: Record<Method, { name: string; mark: ReactNode }> = {
  mastercard: {
    name: "Mastercard",
    mark: (
      <>
        <circle cx="25" cy="16" r="9" fill="#eb001b" />
        <circle cx="35" cy="16" r="9" fill="#f79e1b" fillOpacity="0.9" />
      </>
    ),
  },
  visa: {
    name: "Visa",
    mark: (
      <text x="30" y="21" textAnchor="middle" fontFamily="Arial, Helvetica, sans-serif" fontSize="15" fontStyle="italic" fontWeight="800" fill="#1a1f71">
        VISA
      </text>
    ),
  },
  maestro: {
    name: "Maestro",
    mark: (
      <>
        <circle cx="25" cy="16" r="9" fill="#0099df" />
        <circle cx="35" cy="16" r="9" fill="#e7001b" fillOpacity="0.9" />
      </>
    ),
  },
  "google-pay": {
    name: "Google Pay",
    mark: (
      <text x="30" y="21" textAnchor="middle" fontFamily="Arial, Helvetica, sans-serif" fontSize="12" fontWeight="700" fill="#3c4043">
        <tspan fill="#4285f4">G</tspan> Pay
      </text>
    ),
  },
  "apple-pay": {
    name: "Apple Pay",
    mark: (
      <text x="30" y="20.5" textAnchor="middle" fontFamily="Arial, Helvetica, sans-serif" fontSize="10.5" fontWeight="700" fill="#000">
        Apple Pay
      </text>
    ),
  },
};

/** The payment-accepted strip (leads spec §2: Mastercard, Visa, Maestro, Google Pay, Apple Pay). No script, no picture fetched. */
const PaymentLogos: BlockComponent<"payment-logos"> = ({ id, props }) => {
  const p = props;
  const methods = [...new Set(p.methods)].filter((m) => PAYMENT_METHODS[m]);
  if (!methods.length) return null;
  return (
    <section className={`fc-container ${styles.strip}`} aria-labelledby={`${id}-heading`} data-block="payment-logos">
      <h2 id={`${id}-heading`} className={styles.heading}>
        {p.heading}
      </h2>
      <ul className={styles.list}>
        {methods.map((m) => (
          <li key={m}>
            <svg className={styles.card} viewBox="0 0 60 32" width="60" height="32" role="img" aria-label={PAYMENT_METHODS[m].name}>
              <rect x="0.5" y="0.5" width="59" height="31" rx="4" fill="#fff" stroke="#c9ccd1" />
              {PAYMENT_METHODS[m].mark}
            </svg>
          </li>
        ))}
      </ul>
    </section>
  );
};

export default PaymentLogos;
