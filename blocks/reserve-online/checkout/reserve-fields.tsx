import styles from "./checkout.module.css";
import type { Errors, Values } from "./reserve-form-state";

export type FieldOptions = { type?: string; autoComplete?: string; inputMode?: "numeric" | "email" | "tel" | "text"; maxLength?: number; placeholder?: string; required?: boolean };

/** A text field of the form: `name` is the error's key (card.number), its value kept without the card. prefix. */
export function TextField({ name, label, options, values, errors, onChange }: { name: string; label: string; options: FieldOptions; values: Values; errors: Errors; onChange: (name: string, value: string) => void }) {
  const id = `reserve-${name.replace(".", "-")}`;
  const key = name.startsWith("card.") ? name.slice(5) : name;
  const err = errors[name];
  return (
    <div className={styles.field}>
      <label htmlFor={id}>
        {label}
        {options.required !== false ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        data-field={name}
        className={`fc-input ${err ? styles.invalid : ""}`}
        name={name}
        type={options.type ?? "text"}
        autoComplete={options.autoComplete}
        inputMode={options.inputMode}
        maxLength={options.maxLength}
        placeholder={options.placeholder}
        aria-invalid={err ? true : undefined}
        aria-describedby={err ? `${id}-error` : undefined}
        aria-required={options.required !== false}
        value={values[key] ?? ""}
        onChange={(e) => onChange(key, e.target.value)}
      />
      {err ? (
        <p id={`${id}-error`} className={styles.fieldError}>
          {err}
        </p>
      ) : null}
    </div>
  );
}

/** A radio group (how they pay, pick-up or delivery); the first option takes the focus for its message. */
export function Radios({ name, legend, options, values, errors, onChange }: { name: "payment" | "delivery"; legend: string; options: readonly string[]; values: Values; errors: Errors; onChange: (name: string, value: string) => void }) {
  return (
    <fieldset className={styles.fieldset} aria-describedby={errors[name] ? `reserve-${name}-error` : undefined}>
      <legend>{legend}</legend>
      {options.map((o, i) => (
        <label key={o} className={styles.radio}>
          <input type="radio" name={name} value={o} checked={values[name] === o} onChange={(e) => onChange(name, e.target.value)} data-field={i === 0 ? name : undefined} />
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
}
