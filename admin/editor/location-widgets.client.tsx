"use client";

import type { WidgetProps } from "@rjsf/utils";
import { ChoiceSelect } from "./choice-select.client";
import { CHOICE_NOUN, docOf, siteChoices, type ChoiceKind } from "./site-choices";
import styles from "../admin.module.css";

type Options = { choices?: ChoiceKind; emptyLabel?: string; required?: boolean };

/**
 * One of the site's locations, dealerships or sort options, chosen by name (stores its slug, number
 * or id: ui:options.choices says which, see site-choices.ts). A required one offers no empty choice
 * once chosen; an optional one's empty choice says "Not set" (or ui:options.emptyLabel).
 */
export function PickWidget(props: WidgetProps, fallback: ChoiceKind = "location") {
  const { id, value, onChange, disabled, readonly, registry, onBlur, onFocus, options } = props;
  // ui:options.required: a value the document needs even where its schema has a default instead.
  const required = props.required || (options as Options).required === true;
  const kind = (options as Options).choices ?? fallback;
  const choices = siteChoices(docOf(registry.formContext), kind, [value]);
  return (
    <ChoiceSelect
      {...{ id, value, onChange, onBlur, onFocus, disabled, readonly, required }}
      choices={choices.map((c) => ({ key: String(c.value), value: c.value, label: c.label }))}
      empty={{ optional: (options as Options).emptyLabel ?? "Not set", choose: `Choose a ${CHOICE_NOUN[kind]}` }}
      describedBy={`${id}__error ${id}__description`}
    />
  );
}

/** Several of the site's locations or dealerships, ticked by name (stored in the site's order). */
export function PicksWidget(props: WidgetProps, fallback: ChoiceKind = "location") {
  const { id, value, onChange, disabled, readonly, registry, label, schema, options } = props;
  const kind = (options as Options).choices ?? fallback;
  const chosen: unknown[] = Array.isArray(value) ? value : [];
  const choices = siteChoices(docOf(registry.formContext), kind, chosen);
  const toggle = (v: string | number, on: boolean) => {
    const next = choices.map((c) => c.value).filter((c) => (c === v ? on : chosen.includes(c)));
    onChange(next.length ? next : undefined);
  };
  return (
    <fieldset id={id} aria-describedby={`${id}__error ${id}__description`}>
      <legend>{label || schema.title}</legend>
      {choices.length ? null : <p className={styles.hint}>{`This site has no ${CHOICE_NOUN[kind]}s yet (Locations section).`}</p>}
      <ul className={styles.checkList}>
        {choices.map((c) => (
          <li key={String(c.value)}>
            <label>
              <input type="checkbox" checked={chosen.includes(c.value)} disabled={disabled || readonly} onChange={(e) => toggle(c.value, e.target.checked)} /> {c.label}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** One location of the site, chosen by its name (stores its slug). */
export const LocationWidget = (props: WidgetProps) => PickWidget(props, "location");
/** Several locations of the site, ticked by name (stores their slugs). */
export const LocationsWidget = (props: WidgetProps) => PicksWidget(props, "location");
export const SiteChoiceWidget = (props: WidgetProps) => PickWidget(props);
export const SiteChoicesWidget = (props: WidgetProps) => PicksWidget(props);
