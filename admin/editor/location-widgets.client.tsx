"use client";

import type { WidgetProps } from "@rjsf/utils";
import styles from "../admin.module.css";

type Place = { slug: string; name: string };

/** The draft's locations (RJSF's formContext.doc), by name; a stored slug no location has any more is kept and named as such. */
function locationsOf(formContext: unknown, kept: unknown[]): Place[] {
  const doc = (formContext as { doc?: { locations?: unknown } } | undefined)?.doc;
  const list = Array.isArray(doc?.locations) ? (doc.locations as Partial<Place>[]) : [];
  const places = list.filter((l): l is Place => typeof l?.slug === "string" && l.slug !== "").map((l) => ({ slug: l.slug, name: l.name || l.slug }));
  const known = new Set(places.map((p) => p.slug));
  const gone = kept.filter((v): v is string => typeof v === "string" && v !== "" && !known.has(v));
  return [...places, ...gone.map((slug) => ({ slug, name: `${slug} (no such location)` }))];
}

/** One location of the site, chosen by its name (stores its slug). */
export function LocationWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, registry, required, onBlur, onFocus } = props;
  const places = locationsOf(registry.formContext, [value]);
  return (
    <select
      id={id}
      className="form-control"
      value={typeof value === "string" ? value : ""}
      disabled={disabled || readonly}
      required={required}
      aria-describedby={`${id}__error ${id}__description`}
      onChange={(e) => onChange(e.target.value === "" ? undefined : e.target.value)}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    >
      <option value="">{required ? "Choose a location" : "Not set"}</option>
      {places.map((p) => (
        <option key={p.slug} value={p.slug}>
          {p.name}
        </option>
      ))}
    </select>
  );
}

/** Several locations of the site, ticked by name (stores their slugs, in the site's order). */
export function LocationsWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, registry, label, schema } = props;
  const chosen: unknown[] = Array.isArray(value) ? value : [];
  const places = locationsOf(registry.formContext, chosen);
  const toggle = (slug: string, on: boolean) => {
    const next = places.map((p) => p.slug).filter((s) => (s === slug ? on : chosen.includes(s)));
    onChange(next.length ? next : undefined);
  };
  return (
    <fieldset id={id} aria-describedby={`${id}__error ${id}__description`}>
      <legend>{label || schema.title}</legend>
      {places.length ? null : <p className={styles.hint}>This site has no locations yet (Locations section).</p>}
      <ul className={styles.checkList}>
        {places.map((p) => (
          <li key={p.slug}>
            <label>
              <input type="checkbox" checked={chosen.includes(p.slug)} disabled={disabled || readonly} onChange={(e) => toggle(p.slug, e.target.checked)} /> {p.name}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
