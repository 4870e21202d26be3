import type { FormOption } from "../../domain/lead-forms";
import type { ServiceField } from "../../domain/service-booking";
import { Choices, FieldFrame } from "../_shared/lead-form/field";
import styles from "../_shared/lead-form/lead-form.module.css";

/** One field: its label (required mark beside it), the control, and its message under it. */
export function Field({
  id,
  field,
  value,
  error,
  options,
  min,
  onChange,
}: {
  id: string;
  field: ServiceField;
  value: string | boolean | undefined;
  error: string | undefined;
  options: FormOption[];
  min?: string;
  onChange: (value: string | boolean) => void;
}) {
  const errorId = `${id}-error`;
  const common = {
    id,
    name: field.name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    "aria-required": field.required || undefined,
  };
  const text = typeof value === "string" ? value : "";
  if (field.control === "checkbox") {
    return (
      <FieldFrame id={id} label={field.label} required={field.required} error={error} layout="check">
        <input type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} {...common} />
      </FieldFrame>
    );
  }
  const wide = field.control === "textarea" || field.control === "select";
  return (
    <FieldFrame id={id} label={field.label} required={field.required} error={error} layout={wide ? "wide" : "half"}>
      {field.control === "textarea" ? (
        <textarea className={`fc-input ${styles.input}`} rows={4} maxLength={field.maxLength} value={text} onChange={(e) => onChange(e.target.value)} {...common} />
      ) : field.control === "select" ? (
        <select className={`fc-input ${styles.input}`} value={text} onChange={(e) => onChange(e.target.value)} {...common}>
          <Choices placeholder={field.placeholder} options={options} />
        </select>
      ) : (
        <input
          className={`fc-input ${styles.input}`}
          type={field.control}
          autoComplete={field.autoComplete}
          inputMode={field.inputMode}
          maxLength={field.maxLength}
          min={min}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          {...common}
        />
      )}
    </FieldFrame>
  );
}
