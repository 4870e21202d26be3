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

/** RJSF widget for an image's URL: the address, and the picture it points at. */
export function ImageUrlWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, required } = props;
  const src = typeof value === "string" ? value : "";
  const showable = /^(\/[^\s]+|https?:\/\/[^\s]+)$/.test(src);
  return (
    <div>
      <input
        id={id} type="text" inputMode="url" value={src} required={required} disabled={disabled} readOnly={readonly}
        placeholder="/demo/… or https://…" aria-describedby={`${id}__error ${id}__description`}
        onChange={(e) => onChange(e.target.value === "" ? undefined : e.target.value)}
      />
      {showable ? (
        // eslint-disable-next-line @next/next/no-img-element -- a preview of any address typed, not an optimised page image
        <img className={styles.imagePreview} src={src} alt="Preview of the image at this address" />
      ) : (
        <span className={styles.hint}>The preview shows once the address starts with / or https://.</span>
      )}
    </div>
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
