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

/** The site's makes (see siteMakes), the stock's once loaded; and whether loading the stock failed. */
function useSiteMakes(registry: WidgetProps["registry"], kept: unknown[]): { makes: string[]; failed: boolean } {
  const slug = (registry.formContext as { slug?: string } | undefined)?.slug;
  const [stock, setStock] = useState<string[]>([]);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!slug) return;
    let live = true;
    loadStock(slug).then(
      (s) => live && setStock(s.facets.make),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [slug]);
  const doc = docOf(registry.formContext);
  return { makes: kept.reduce<string[]>((list, k) => siteMakes(doc, list, k), siteMakes(doc, stock, undefined)), failed };
}

const FAILED = "The makes in stock could not be loaded: the list shows the dealerships' franchises.";

/**
 * A make, chosen from the site's franchises and stock (stores its name, "Mazda"). Optional: its empty
 * choice says what it means (ui:options.emptyLabel, else "Any make").
 */
export function MakeWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, registry, required, onBlur, onFocus, options } = props;
  const { makes, failed } = useSiteMakes(registry, [value]);
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
      {failed ? <p className={styles.hint}>{FAILED}</p> : null}
    </>
  );
}

/** Several makes, ticked from the site's franchises and stock (stores their names). */
export function MakesWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, registry, label, schema } = props;
  const chosen = (Array.isArray(value) ? value : []).filter((v): v is string => typeof v === "string");
  const { makes, failed } = useSiteMakes(registry, chosen);
  const has = (m: string) => chosen.some((c) => c.toLowerCase() === m.toLowerCase());
  const toggle = (m: string, on: boolean) => onChange(on ? [...chosen, m] : chosen.filter((c) => c.toLowerCase() !== m.toLowerCase()));
  return (
    <fieldset id={id} aria-describedby={`${id}__error ${id}__description`}>
      <legend>{label || schema.title}</legend>
      {failed ? <p className={styles.hint}>{FAILED}</p> : null}
      <ul className={styles.checkList}>
        {makes.map((m) => (
          <li key={m}>
            <label>
              <input type="checkbox" checked={has(m)} disabled={disabled || readonly} onChange={(e) => toggle(m, e.target.checked)} /> {m}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
