"use client";

import { createContext, isValidElement, useContext, useEffect, useRef, useState, useSyncExternalStore, type RefObject } from "react";
import { getDefaultRegistry } from "@rjsf/core";
import { getTemplate, getUiOptions, type ArrayFieldItemTemplateProps, type ArrayFieldTemplateProps } from "@rjsf/utils";
import { leadsTo, onWanted, wantedPath } from "./reveal";
import { errorMessages } from "./sections";
import styles from "../admin.module.css";

const defaults = getDefaultRegistry().templates;

/** Set once a list has been drawn: an item that appears after that was just added (or copied). */
const Drawn = createContext<RefObject<boolean> | null>(null);

/** RJSF's list, telling its items whether they were there when it was drawn. */
export function ListTemplate(props: ArrayFieldTemplateProps) {
  const drawn = useRef(false);
  useEffect(() => {
    drawn.current = true;
  }, []);
  return (
    <Drawn.Provider value={drawn}>
      <defaults.ArrayFieldTemplate {...props} />
    </Drawn.Provider>
  );
}

const FIRST = ["label", "name", "title", "heading", "value", "text", "date", "id"];
const SECOND = ["href", "url", "suburb", "date", "value", "label", "attribute"];
const words = (v: unknown): string =>
  typeof v === "string" ? v.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim() : typeof v === "number" ? String(v) : "";

/**
 * A list item's one line: what it is called and where it goes or is ("New Cars — /search/new-cars",
 * "Harbourline Toyota Cleveland Sales — Cleveland"); empty when the item has neither yet.
 */
export function itemSummary(data: unknown): string {
  if (!data || typeof data !== "object" || Array.isArray(data)) return words(data);
  const d = data as Record<string, unknown>;
  const firstKey = FIRST.find((k) => words(d[k]));
  const first = firstKey ? words(d[firstKey]) : "";
  const address = d.address && typeof d.address === "object" ? (d.address as Record<string, unknown>) : {};
  const second = [...SECOND.filter((k) => k !== firstKey).map((k) => words(d[k])), words(address.suburb), words(address.city)].find((w) => w && w !== first) ?? "";
  const line = [first, second].filter(Boolean).join(" — ");
  return line.length > 90 ? `${line.slice(0, 89)}…` : line;
}

/**
 * RJSF's list item: a group of fields (a menu item, a location) is one line with its summary, opened
 * by a button (aria-expanded) to edit it. It starts closed, except an item just added, an item with
 * an error (which also opens when an error appears), an item holding the field a problem's button
 * asked for (which also opens when asked) and the only item of its list. A single value
 * (a domain, a make) is one row with its buttons.
 */
export function CollapsibleItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, schema, buttonsProps, hasToolbar, registry, uiSchema, index, totalItems } = props;
  const child = (isValidElement(children) ? children.props : {}) as { formData?: unknown; errorSchema?: unknown };
  const errors = errorMessages(child.errorSchema).length;
  const drawn = useContext(Drawn);
  // A problem's button asked for a field in this item (reveal.ts).
  const wanted = useSyncExternalStore(onWanted, wantedPath, () => null);
  const asked = leadsTo(buttonsProps.fieldPathId.path, wanted);
  const [open, setOpen] = useState(() => errors > 0 || totalItems === 1 || asked || !!drawn?.current);
  useEffect(() => {
    if (errors > 0 || asked) setOpen(true);
  }, [errors, asked]);
  const group = schema.type === "object" || !!schema.properties;
  const Buttons = getTemplate("ArrayFieldItemButtonsTemplate", registry, getUiOptions(uiSchema));
  // A single value: one row, its buttons beside it (its label is read out, the list's legend shows).
  if (!group) {
    return (
      <div className={styles.listRow}>
        <div className={styles.listValue}>{children}</div>
        {hasToolbar ? <Buttons {...buttonsProps} /> : null}
      </div>
    );
  }

  const id = `${buttonsProps.fieldPathId.$id}__item`;
  const summary = itemSummary(child.formData) || `${schema.title ?? "Item"} (empty)`;
  return (
    <div className={`${styles.block} ${styles.listItem}`} data-list-item={index}>
      <div className={styles.blockHead}>
        <button type="button" className={styles.blockToggle} aria-expanded={open} aria-controls={open ? id : undefined} onClick={() => setOpen(!open)}>
          <span aria-hidden="true">{open ? "▾" : "▸"} </span>
          {index + 1}. {summary}
          {errors ? <span className={styles.errorCount}> {errors} {errors === 1 ? "error" : "errors"}</span> : null}
        </button>
        {hasToolbar ? <Buttons {...buttonsProps} /> : null}
      </div>
      {open ? (
        <div id={id} className={styles.blockBody}>
          {children}
        </div>
      ) : null}
    </div>
  );
}
