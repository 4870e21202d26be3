"use client";

import { lazy, Suspense } from "react";
import type { WidgetProps } from "@rjsf/utils";
import type { LinkContext } from "./links";
import styles from "../admin.module.css";

// Loaded when a rich-text field first shows: the editor's code never reaches a page that has none.
const RichTextEditor = lazy(() => import("./rich-text-editor.client"));

/** The tags the rich-text editor shows and writes; stored text with any other (a table) is edited as HTML, so nothing is lost. */
const EDITOR_TAGS = new Set(["p", "br", "strong", "em", "b", "i", "a", "ul", "ol", "li", "h2", "h3", "h4", "blockquote", "hr"]);

/** Whether the rich-text editor can show `html` without dropping any of it. */
export function editableAsRichText(html: string): boolean {
  return [...html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)/g)].every((m) => EDITOR_TAGS.has(m[1].toLowerCase()));
}

/** RJSF widget for a field of sanitised HTML (a `text/html` string): the rich-text editor. */
export function RichTextWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, label, schema, registry } = props;
  const html = typeof value === "string" ? value : "";
  const context = (registry.formContext ?? { slug: "" }) as LinkContext;
  const describedBy = `${id}__error ${id}__description ${id}__help`;
  if (!editableAsRichText(html)) {
    return (
      <>
        <textarea
          id={id} className={styles.input} rows={10} value={html} disabled={disabled} readOnly={readonly} aria-describedby={`${describedBy} ${id}-raw`}
          onChange={(e) => onChange(e.target.value === "" ? undefined : e.target.value)}
        />
        <span className={styles.hint} id={`${id}-raw`}>
          This text has a table or other formatting the editor cannot show, so it is edited as HTML here.
        </span>
      </>
    );
  }
  return (
    <Suspense fallback={<p className={styles.hint}>Loading the text editor…</p>}>
      <RichTextEditor
        id={id} label={label || (schema.title as string | undefined) || "Text"} value={html} context={context}
        disabled={disabled || readonly} describedBy={describedBy} onChange={(v) => onChange(v === "" ? undefined : v)}
      />
    </Suspense>
  );
}
