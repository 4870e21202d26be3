"use client";

import { useId, useRef, useState, type FormEvent } from "react";
import { checkPostcode, estimateText, POSTCODE_LENGTH } from "../../domain/delivery";
import { formatMoney } from "../../domain/vehicle-display";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { fetchEstimate, type DeliveryState } from "./delivery";
import styles from "./delivery-calculator.module.css";
import { useTypedBeforeHydration } from "../_shared/typed-before-hydration";

export interface DeliveryTexts {
  label: string;
  button: string;
  loading: string;
  /** "Estimated delivery to {region}: {price}". */
  result: string;
}

export function DeliveryCalculatorClient({
  car,
  texts,
  identity,
  placeholder,
}: {
  car: string;
  /** "e.g. 3000": a postcode of the site's own state (domain/delivery.ts deliveryPlaceholder). */
  placeholder: string;
  texts: DeliveryTexts;
  identity: Pick<TenantDocument["identity"], "locale" | "currency">;
}) {
  const [postcode, setPostcode] = useState("");
  const [state, setState] = useState<DeliveryState>({ kind: "idle" });
  const pending = useRef<AbortController | null>(null);
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, (input) => setPostcode(input.value));
  const id = useId();
  const inputId = `${id}-postcode`;
  const statusId = `${id}-status`;

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    pending.current?.abort();
    const checked = checkPostcode(postcode);
    if (!checked.ok) {
      setState({ kind: "error", message: checked.message, field: true });
      return;
    }
    const controller = new AbortController();
    pending.current = controller;
    setState({ kind: "loading" });
    try {
      const next = await fetchEstimate(checked.postcode, car, (url) => fetch(url, { signal: controller.signal, headers: { accept: "application/json" } }));
      if (!controller.signal.aborted) setState(next);
    } catch {
      // Aborted by a newer request, which sets the state itself.
    }
  }

  const invalid = state.kind === "error" && state.field;
  return (
    <form ref={form} className={styles.form} onSubmit={submit} noValidate data-state={state.kind}>
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor={inputId} className={styles.label}>
            {texts.label}
          </label>
          <input
            id={inputId}
            className={`fc-input ${styles.input}`}
            type="text"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={POSTCODE_LENGTH}
            placeholder={placeholder}
            value={postcode}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? statusId : undefined}
            onChange={(e) => setPostcode(e.currentTarget.value)}
          />
        </div>
        <button type="submit" className={`fc-button ${styles.button}`} aria-busy={state.kind === "loading" || undefined}>
          {texts.button}
        </button>
      </div>
      <p id={statusId} className={styles.status} role="status" aria-live="polite" aria-atomic="true" data-kind={state.kind} data-testid="delivery-status">
        {state.kind === "loading" ? texts.loading : null}
        {state.kind === "error" ? state.message : null}
        {state.kind === "result" ? estimateText(texts.result, { name: state.name, price: formatMoney(state.price, identity) }) : null}
      </p>
    </form>
  );
}
