import type { FocusEvent, ReactNode } from "react";
import type { UseFormRegister, UseFormSetValue } from "react-hook-form";
import type { FieldName, FormField, FormOption } from "../../../domain/lead-forms";
import { formatPrice, parsePrice, type FormValues } from "../../../domain/lead-form-values";
import styles from "./lead-form.module.css";

/** One field of a lead form: its label (required mark beside it), the control, and its error under it. */
export function Field({
  id,
  field,
  error,
  register,
  setValue,
  options,
  initial,
}: {
  id: string;
  field: FormField;
  error: string | undefined;
  register: UseFormRegister<FormValues>;
  setValue: UseFormSetValue<FormValues>;
  options?: FormOption[];
  initial?: string | boolean;
}) {
  const errorId = `${id}-error`;
  const registered = register(field.name as FieldName);
  // Starting values are also the elements' defaults, so the server's HTML shows them (the opt-in ticked where the site says, one option chosen).
  const common = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    "aria-required": field.required || undefined,
    ...registered,
    ...(field.control === "price"
      ? {
          // A price is written as $ with thousands separators once the visitor leaves the field (leads §5).
          onBlur: (e: FocusEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
            const amount = parsePrice(e.target.value);
            if (amount !== null) setValue(field.name as FieldName, formatPrice(amount, field.money));
            return registered.onBlur(e);
          },
        }
      : {}),
  };
  if (field.control === "checkbox") {
    return (
      <FieldFrame id={id} label={field.label} required={field.required} error={error} layout="check">
        <input type="checkbox" defaultChecked={initial === true} {...common} />
      </FieldFrame>
    );
  }
  const wide = field.control === "textarea" || field.control === "select" || field.control === "datetime-local";
  return (
    <FieldFrame id={id} label={field.label} required={field.required} error={error} layout={wide ? "wide" : "half"}>
      {field.control === "textarea" ? (
        <textarea className={`fc-input ${styles.input}`} rows={4} maxLength={field.maxLength} defaultValue={typeof initial === "string" ? initial : ""} {...common} />
      ) : field.control === "select" ? (
        <select className={`fc-input ${styles.input}`} defaultValue={typeof initial === "string" ? initial : ""} {...common}>
          <Choices placeholder={field.placeholder} options={options ?? []} />
        </select>
      ) : (
        <input
          className={`fc-input ${styles.input}`}
          type={field.control === "price" ? "text" : field.control}
          autoComplete={field.autoComplete}
          inputMode={field.inputMode}
          maxLength={field.maxLength}
          defaultValue={typeof initial === "string" ? initial : ""}
          {...common}
        />
      )}
    </FieldFrame>
  );
}

/**
 * A field's frame: its label with the required mark beside it, the control, its message under it
 * (the message's id is `{id}-error`, which the control names in aria-describedby). A tick box comes
 * before its label; half fields sit two to a row on a wide form.
 */
export function FieldFrame({
  id,
  label,
  required,
  error,
  layout,
  children,
}: {
  id: string;
  label: string;
  required: boolean;
  error: string | undefined;
  layout: "check" | "wide" | "half";
  children: ReactNode;
}) {
  const check = layout === "check";
  const labelRow = (
    <span className={styles.labelRow}>
      <label htmlFor={id} className={check ? undefined : styles.label}>
        {label}
      </label>
      <RequiredMark required={required} />
    </span>
  );
  return (
    <div className={`${styles.field} ${layout !== "half" ? styles.full : ""} ${check ? styles.check : ""}`}>
      {check ? children : labelRow}
      {check ? labelRow : children}
      <FieldMessage id={`${id}-error`} message={error} />
    </div>
  );
}

/** A select's options after its empty first choice (the placeholder). */
export function Choices({ placeholder, options }: { placeholder: string | undefined; options: FormOption[] }) {
  return (
    <>
      <option value="">{placeholder ?? "Please select..."}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
  );
}

/** A field's message under it (its id named by the control's aria-describedby). */
export function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className={styles.error}>
      {message}
    </p>
  ) : null;
}

/** The required mark sits beside the label, not in it: the field's name stays its label alone. */
export function RequiredMark({ required }: { required: boolean }) {
  return required ? (
    <span className={styles.required} aria-hidden="true">
      *
    </span>
  ) : null;
}
