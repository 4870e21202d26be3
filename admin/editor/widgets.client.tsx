"use client";

import type { IconButtonProps, WidgetProps } from "@rjsf/utils";
import { ColourInput } from "./colour-input.client";
import styles from "../admin.module.css";

/** RJSF widget for a #rrggbb colour: picker and hex text. */
export function ColourWidget(props: WidgetProps) {
  const { id, value, label, onChange, disabled, readonly, schema } = props;
  return (
    <ColourInput
      id={id}
      label={label || schema.title || "Colour"}
      value={typeof value === "string" ? value : ""}
      onChange={(v) => onChange(v === "" ? undefined : v)}
      disabled={disabled || readonly}
      describedBy={`${id}__error ${id}__description`}
    />
  );
}

type ButtonProps = IconButtonProps & { className?: string };
/** RJSF's array buttons as words (the core theme draws them with an icon font this app does not load). */
function textButton(text: string, fallbackTitle: string) {
  return function TextButton(props: ButtonProps) {
    const { className, onClick, disabled, title, id, style } = props;
    return (
      <button type="button" id={id} style={style} className={`${styles.iconButton} ${className ?? ""}`} onClick={onClick} disabled={disabled} title={title ?? fallbackTitle}>
        {text}
      </button>
    );
  };
}

export const buttonTemplates = {
  AddButton: textButton("Add", "Add an item"),
  CopyButton: textButton("Copy", "Copy this item"),
  MoveDownButton: textButton("↓ Down", "Move down"),
  MoveUpButton: textButton("↑ Up", "Move up"),
  RemoveButton: textButton("Remove", "Remove this item"),
  ClearButton: textButton("Clear", "Clear"),
};
