"use client";

import { useEffect, useState } from "react";
import type { WidgetProps } from "@rjsf/utils";
import { docOf } from "./site-choices";
import { loadStock } from "./links";
import { slugify } from "../../domain/search-paths";
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

/** A make as a location stores it ("Isuzu UTE" → "isuzu-ute"), as the starters do; "" when it has no letter or digit. */
export const makeSlugOf = (make: string) => slugify(make).slice(0, 63).replace(/-+$/, "");

type MakesOptions = { store?: "slug"; free?: boolean; compact?: boolean };

/**
 * The ticks of a makes list: each of the site's makes once, stored by name or (store "slug") by
 * slug; a stored value not among them stays, ticked, under its own name.
 */
export function makeTicks(makes: string[], chosen: string[], store?: "slug"): { value: string; label: string }[] {
  const valueOf = (m: string) => (store === "slug" ? makeSlugOf(m) : m);
  const same = (a: string, b: string) => (store === "slug" ? a === b : a.toLowerCase() === b.toLowerCase());
  const out: { value: string; label: string }[] = [];
  for (const m of makes) {
    const value = valueOf(m);
    if (value && !out.some((o) => same(o.value, value))) out.push({ value, label: m });
  }
  for (const c of chosen) if (!out.some((o) => same(o.value, c))) out.push({ value: c, label: c });
  return out;
}

/**
 * Several makes, ticked from the site's franchises and stock (stores their names, or their slugs
 * with ui:options.store "slug"). With ui:options.free a make not in the list can be added by name;
 * with ui:options.compact only the ticked ones are listed and the others are added from a select.
 */
export function MakesWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, registry, label, schema, options } = props;
  const { store, free, compact } = options as MakesOptions;
  const chosen = (Array.isArray(value) ? value : []).filter((v): v is string => typeof v === "string");
  const { makes, failed } = useSiteMakes(registry, store === "slug" ? [] : chosen);
  const ticks = makeTicks(makes, chosen, store);
  const same = (a: string, b: string) => (store === "slug" ? a === b : a.toLowerCase() === b.toLowerCase());
  const has = (v: string) => chosen.some((c) => same(c, v));
  // Compact: the ticked makes only, the others offered in an "Add a make" select (a long list stays one line).
  const shown = compact ? ticks.filter((t) => has(t.value)) : ticks;
  const rest = compact ? ticks.filter((t) => !has(t.value)) : [];
  const toggle = (v: string, on: boolean) => onChange(on ? [...chosen, v] : chosen.filter((c) => !same(c, v)));
  const [other, setOther] = useState("");
  const [problem, setProblem] = useState("");
  const maxLength = typeof (schema.items as { maxLength?: unknown } | undefined)?.maxLength === "number" ? ((schema.items as { maxLength: number }).maxLength) : 80;
  const add = () => {
    const name = other.trim();
    if (!name) return setProblem("Type the make's name first.");
    const v = store === "slug" ? makeSlugOf(name) : name;
    if (!v) return setProblem("A make's name needs a letter or a digit.");
    setProblem("");
    setOther("");
    if (!has(v)) onChange([...chosen, v]);
  };
  return (
    <fieldset id={id} aria-describedby={`${id}__error ${id}__description`}>
      <legend>{label || schema.title}</legend>
      {failed ? <p className={styles.hint}>{FAILED}</p> : null}
      {compact && !shown.length ? <p className={styles.hint}>None chosen yet.</p> : null}
      <ul className={styles.checkList}>
        {shown.map((t) => (
          <li key={t.value}>
            <label>
              <input type="checkbox" checked={has(t.value)} disabled={disabled || readonly} onChange={(e) => toggle(t.value, e.target.checked)} /> {t.label}
            </label>
          </li>
        ))}
      </ul>
      {compact && !(disabled || readonly) && rest.length ? (
        <>
          <label htmlFor={`${id}__add`}>Add a make</label>
          <select id={`${id}__add`} className="form-control" value="" onChange={(e) => e.target.value && toggle(e.target.value, true)}>
            <option value="" disabled>
              Choose a make to add
            </option>
            {rest.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </>
      ) : null}
      {free && !(disabled || readonly) ? (
        <>
          <label htmlFor={`${id}__other`}>A make not in the list</label>
          <span className={styles.linkSearchRow}>
            <input
              id={`${id}__other`} type="text" className={styles.input} value={other} maxLength={maxLength}
              aria-describedby={problem ? `${id}__other-problem` : undefined} aria-invalid={problem ? true : undefined}
              onChange={(e) => setOther(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  add();
                }
              }}
            />
            <button type="button" className={styles.buttonSecondary} onClick={add}>
              Add make
            </button>
          </span>
          {problem ? (
            <span className={styles.fieldError} id={`${id}__other-problem`}>
              {problem}
            </span>
          ) : null}
        </>
      ) : null}
    </fieldset>
  );
}
