"use client";

import { getDefaultRegistry } from "@rjsf/core";
import type { WidgetProps } from "@rjsf/utils";
import { ChoiceSelect } from "./choice-select.client";

const CoreSelect = getDefaultRegistry().widgets.SelectWidget;

/**
 * RJSF's select for enumerated values, never with a blank option without words: a required one
 * offers no empty choice once something is chosen (before that, a disabled "Choose …"); an optional
 * one's empty choice says what it means: ui:options.emptyLabel ("Any", "None"), else "Not set".
 * A value of the list that is the empty string is named the same way.
 */
export function SelectWidget(props: WidgetProps) {
  if (props.multiple) return <CoreSelect {...props} />;
  const { id, label, options, schema, htmlName, autofocus } = props;
  const { enumOptions = [], enumDisabled, emptyValue } = options;
  const emptyLabel = typeof options.emptyLabel === "string" ? options.emptyLabel : "Not set";
  const hasEmpty = enumOptions.some((o) => o.value === "");
  const choices = enumOptions.map((o, i) => ({
    key: String(i),
    value: o.value,
    label: o.label === "" || (o.value === "" && o.label.trim() === "") ? emptyLabel : o.label,
    disabled: enumDisabled?.includes(o.value),
  }));
  return (
    <ChoiceSelect
      {...props}
      choices={choices}
      empty={schema.default !== undefined || hasEmpty ? null : { optional: emptyLabel, choose: `Choose ${label ? `the ${label.toLowerCase()}` : "one"}` }}
      emptyValue={emptyValue}
      describedBy={`${id}__error ${id}__description ${id}__help`}
      name={htmlName || id}
      autoFocus={autofocus}
    />
  );
}
