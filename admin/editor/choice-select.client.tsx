"use client";

import { deepEquals, type WidgetProps } from "@rjsf/utils";

/** One choice of a ChoiceSelect: `key` is its <option>'s value, `value` what the form stores. */
export interface Choice {
  key: string;
  value: unknown;
  label: string;
  disabled?: boolean;
}

interface Props extends Pick<WidgetProps, "id" | "value" | "required" | "disabled" | "readonly" | "onChange" | "onBlur" | "onFocus"> {
  choices: Choice[];
  /** The empty choice's words: `optional` (offered always when not required), `choose` (a disabled prompt while a required one has none); null: never an empty choice. */
  empty: { optional: string; choose: string } | null;
  /** What the empty choice stores (undefined unless the schema says otherwise). */
  emptyValue?: unknown;
  describedBy: string;
  name?: string;
  autoFocus?: boolean;
}

/**
 * The admin's one <select> for a value chosen from a list (enumerations, the site's locations and
 * dealerships, the stock feed's dealerships): the stored value shows as its choice, an unknown one
 * as the empty choice, and change, blur and focus hand the form the stored value, never the key.
 */
export function ChoiceSelect({ id, value, required, disabled, readonly, onChange, onBlur, onFocus, choices, empty, emptyValue, describedBy, name, autoFocus }: Props) {
  const selected = choices.find((c) => deepEquals(c.value, value))?.key ?? "";
  const valueAt = (key: string) => (key === "" ? emptyValue : choices.find((c) => c.key === key)?.value);
  const emptyWords = !empty ? null : !required ? empty.optional : selected === "" ? empty.choose : null;
  return (
    <select
      id={id}
      name={name}
      className="form-control"
      value={selected}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autoFocus}
      aria-describedby={describedBy}
      onChange={(e) => onChange(valueAt(e.target.value))}
      onBlur={(e) => onBlur(id, valueAt(e.target.value))}
      onFocus={(e) => onFocus(id, valueAt(e.target.value))}
    >
      {emptyWords !== null ? (
        <option value="" disabled={!!required}>
          {emptyWords}
        </option>
      ) : null}
      {choices.map((c) => (
        <option key={c.key} value={c.key} disabled={c.disabled}>
          {c.label}
        </option>
      ))}
    </select>
  );
}
