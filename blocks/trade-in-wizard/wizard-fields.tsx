import type { ReactNode } from "react";
import styles from "./trade-in-wizard.module.css";

/** The wizard's field parts: a labelled field with its message, a radio group, a select's options and the submit button. */

export function Field({ id, label, error, required = true, children }: { id: string; label: string; error?: string; required?: boolean; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required ? (
          <span className={styles.required} aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Props for an input tied to its error (aria-describedby, aria-invalid). */
export const described = (id: string, error: string | undefined, required = true) => ({
  id,
  "aria-invalid": error ? true : undefined,
  "aria-describedby": error ? `${id}-error` : undefined,
  "aria-required": required || undefined,
});

export function Choices({
  id,
  legend,
  name,
  options,
  value,
  onChange,
  error,
  stacked = false,
}: {
  id: string;
  legend: string;
  name: string;
  options: readonly string[];
  value: string;
  onChange: (v: string) => void;
  error?: string;
  /** One option a line (long car descriptions); otherwise side by side. */
  stacked?: boolean;
}) {
  return (
    <fieldset className={styles.choices} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={styles.label}>{legend}</legend>
      <div className={stacked ? styles.stacked : styles.options}>
        {options.map((o) => (
          <label key={o} className={styles.candidate}>
            <input type="radio" name={name} value={o} checked={value === o} onChange={() => onChange(o)} /> {o}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export const optionList = (options: readonly string[]) =>
  options.map((o) => (
    <option key={o} value={o}>
      {o}
    </option>
  ));

export function Submit({ label, busy }: { label: string; busy: boolean }) {
  return (
    <button type="submit" className={`fc-button ${styles.button}`} disabled={busy} aria-busy={busy || undefined}>
      {busy ? <span className="fc-spinner" aria-hidden="true" /> : null}
      {label}
    </button>
  );
}
