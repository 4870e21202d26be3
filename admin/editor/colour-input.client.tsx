"use client";

import styles from "../admin.module.css";

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * A colour as #rrggbb: the browser's colour picker beside the hex text (typed or pasted). The text
 * input carries `id`, so the field's own label names it; the picker is labelled after it.
 */
export function ColourInput(props: { id: string; label: string; value: string; onChange: (v: string) => void; describedBy?: string; disabled?: boolean }) {
  const { id, label, value, onChange, describedBy, disabled } = props;
  return (
    <span className={styles.colour}>
      <input type="color" aria-label={`${label}: colour picker`} value={HEX.test(value) ? value.toLowerCase() : "#000000"} onChange={(e) => onChange(e.target.value)} disabled={disabled} />
      <input
        id={id} type="text" value={value} spellCheck={false} autoComplete="off" maxLength={7} size={9} disabled={disabled}
        aria-describedby={describedBy} aria-invalid={value !== "" && !HEX.test(value)} onChange={(e) => onChange(e.target.value.trim())}
      />
    </span>
  );
}
