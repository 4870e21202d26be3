"use client";

import { useEffect, useState } from "react";
import type { WidgetProps } from "@rjsf/utils";
import { docOf } from "./site-choices";
import { loadStock } from "./links";
import styles from "../admin.module.css";

/** The makes a site sells: its dealerships' franchises, then the makes in its stock, each once (case aside). */
export function siteMakes(doc: Record<string, unknown> | undefined, stock: string[], kept: unknown): string[] {
  const dealerships = Array.isArray(doc?.dealerships) ? (doc.dealerships as { makes?: unknown }[]) : [];
  const franchise = dealerships.flatMap((d) => (Array.isArray(d?.makes) ? d.makes.filter((m): m is string => typeof m === "string") : []));
  const out: string[] = [];
  for (const m of [...franchise, ...stock, ...(typeof kept === "string" ? [kept] : [])]) {
    if (m.trim() !== "" && !out.some((o) => o.toLowerCase() === m.trim().toLowerCase())) out.push(m.trim());
  }
  return out;
}

/**
 * A make, chosen from the site's franchises and stock (stores its name, "Mazda"). Optional: its empty
 * choice says what it means (ui:options.emptyLabel, else "Any make").
 */
export function MakeWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, registry, required, onBlur, onFocus, options } = props;
  const context = registry.formContext as { slug?: string } | undefined;
  const [stock, setStock] = useState<string[]>([]);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!context?.slug) return;
    let live = true;
    loadStock(context.slug).then(
      (s) => live && setStock(s.facets.make),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [context?.slug]);
  const makes = siteMakes(docOf(registry.formContext), stock, value);
  const current = typeof value === "string" ? value : "";
  return (
    <>
      <select
        id={id}
        className="form-control"
        value={current}
        disabled={disabled || readonly}
        required={required}
        aria-describedby={`${id}__error ${id}__description`}
        onChange={(e) => onChange(e.target.value === "" ? undefined : e.target.value)}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
      >
        {!required ? <option value="">{typeof options.emptyLabel === "string" ? options.emptyLabel : "Any make"}</option> : current === "" ? <option value="" disabled>Choose a make</option> : null}
        {makes.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </select>
      {failed ? <p className={styles.hint}>The makes in stock could not be loaded: the list shows the dealerships&apos; franchises.</p> : null}
    </>
  );
}
