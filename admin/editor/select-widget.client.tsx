"use client";

import { getDefaultRegistry } from "@rjsf/core";
import { enumOptionsIndexForValue, enumOptionsValueForIndex, type WidgetProps } from "@rjsf/utils";

const CoreSelect = getDefaultRegistry().widgets.SelectWidget;

/**
 * RJSF's select for enumerated values, never with a blank option without words: a required one
 * offers no empty choice once something is chosen (before that, a disabled "Choose …"); an optional
 * one's empty choice says what it means: ui:options.emptyLabel ("Any", "None"), else "Not set".
 * A value of the list that is the empty string is named the same way.
 */
export function SelectWidget(props: WidgetProps) {
  if (props.multiple) return <CoreSelect {...props} />;
  const { id, value, required, disabled, readonly, autofocus, onChange, onBlur, onFocus, options, schema, label, htmlName } = props;
  const { enumOptions = [], enumDisabled, emptyValue } = options;
  const emptyLabel = typeof options.emptyLabel === "string" ? options.emptyLabel : "Not set";
  const selected = enumOptionsIndexForValue(value, enumOptions, false);
  const index = typeof selected === "string" ? selected : "";
  const hasEmpty = enumOptions.some((o) => o.value === "");
  const empty = schema.default !== undefined || hasEmpty ? null : !required ? emptyLabel : index === "" ? `Choose ${label ? `the ${label.toLowerCase()}` : "one"}` : null;
  const decode = (i: string) => (i === "" ? emptyValue : enumOptionsValueForIndex(i, enumOptions, emptyValue));
  return (
    <select
      id={id}
      name={htmlName || id}
      className="form-control"
      value={index}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      aria-describedby={`${id}__error ${id}__description ${id}__help`}
      onChange={(e) => onChange(decode(e.target.value))}
      onBlur={(e) => onBlur(id, decode(e.target.value))}
      onFocus={(e) => onFocus(id, decode(e.target.value))}
    >
      {empty !== null ? (
        <option value="" disabled={!!required}>
          {empty}
        </option>
      ) : null}
      {enumOptions.map((o, i) => (
        <option key={String(o.value)} value={String(i)} disabled={enumDisabled?.includes(o.value)}>
          {o.label === "" || (o.value === "" && o.label.trim() === "") ? emptyLabel : o.label}
        </option>
      ))}
    </select>
  );
}
