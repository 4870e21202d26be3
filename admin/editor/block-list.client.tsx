"use client";

import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { toFieldPathId, type ErrorSchema, type FieldProps, type RJSFSchema } from "@rjsf/utils";
import { blockUiSchema, errorMessages } from "./sections";
import styles from "../admin.module.css";

interface Block {
  id: string;
  type: string;
  props?: Record<string, unknown>;
  [k: string]: unknown;
}

export interface CatalogueEntry {
  type: string;
  definition: string;
  title: string;
  description: string;
  /** Where the block belongs (renderer/types.ts BlockPlace; none: anywhere). */
  belongs?: string[];
}

/** Where a block list is, as the editor's formContext tells it: a page (its template or address) or the layout. */
export interface ListPlace {
  /** "layout" in the layout's lists; a template page's template. */
  template?: string;
  /** An ordinary page's address. */
  pagePath?: string;
}

/** The places a list matches (BlockPlace values): the layout's top or bottom, a template page, or an ordinary page and its address. */
export function placesOf(where: ListPlace, listName: string | number | undefined): string[] {
  if (where.template === "layout") return [listName === "bottom" ? "layout-bottom" : "layout-top"];
  if (where.template) return [where.template, "every-page"];
  return ["page", "every-page", ...(where.pagePath ? [where.pagePath] : [])];
}

/** The blocks "Add a block" offers in a list: those that belong there. */
export function offeredBlocks(catalogue: CatalogueEntry[], places: string[]): CatalogueEntry[] {
  return catalogue.filter((c) => !c.belongs || c.belongs.some((b) => places.includes(b)));
}

/** Every block type of the registry (the generated schema's *Block definitions), by title. */
export function blockCatalogue(definitions: Record<string, any>): CatalogueEntry[] {
  return Object.entries(definitions)
    .filter(([name, d]) => name.endsWith("Block") && typeof d?.properties?.type?.const === "string")
    .map(([name, d]) => ({
      type: d.properties.type.const as string, definition: name, title: d.title ?? d.properties.type.const, description: d.description ?? "",
      ...(Array.isArray(d.belongs) ? { belongs: d.belongs as string[] } : {}),
    }))
    .sort((a, b) => a.title.localeCompare(b.title));
}

/**
 * What the editor shares with its block lists (RJSF's formContext): which block is open (one at a
 * time, kept when the form is drawn again after an undo), which one to bring into view and focus
 * (a click in the preview), and a deletion to offer Undo for.
 */
export interface BlockListContext {
  openBlock?: string | null;
  setOpenBlock?: (id: string | null) => void;
  revealBlock?: string | null;
  onRevealed?: () => void;
  onDeleted?: (what: string) => void;
}

const newId = (type: string) => `${type}-${Math.random().toString(36).slice(2, 7)}`;

/**
 * The block list of a page (or of the layout): each block titled from the registry, opened to edit
 * its props with RJSF; add from the registry (title and description), move up and down by button,
 * by keyboard (Alt+↑ / Alt+↓ on the block's title) or by dragging, duplicate and delete.
 */
export function BlockListField(props: FieldProps) {
  const { formData, onChange, registry, fieldPathId, errorSchema, schema, uiSchema, disabled, readonly, name } = props;
  const blocks: Block[] = Array.isArray(formData) ? (formData as Block[]) : [];
  const definitions = (registry.rootSchema as { definitions: Record<string, any> }).definitions;
  const catalogue = useMemo(() => blockCatalogue(definitions), [definitions]);
  // Only the blocks that belong where this list is are offered (no site header on an About page).
  const { template, pagePath } = (registry.formContext as ListPlace | undefined) ?? {};
  const listName = fieldPathId.path.at(-1);
  const offered = useMemo(() => offeredBlocks(catalogue, placesOf({ template, pagePath }, listName)), [catalogue, template, pagePath, listName]);
  const byType = useMemo(() => new Map(catalogue.map((c) => [c.type, c])), [catalogue]);
  const ctx = registry.formContext as BlockListContext | undefined;
  const [ownOpen, setOwnOpen] = useState<string | null>(null);
  const open = ctx?.setOpenBlock ? (ctx.openBlock ?? null) : ownOpen;
  const setOpen = ctx?.setOpenBlock ?? setOwnOpen;
  const [adding, setAdding] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [dragging, setDragging] = useState<number | null>(null);
  const toggles = useRef(new Map<string, HTMLButtonElement>());
  const { SchemaField } = registry.fields;
  const title = (uiSchema?.["ui:title"] as string | undefined) ?? schema.title ?? name;
  const locked = disabled || readonly;
  const path = fieldPathId.path;
  const label = (b: Block) => byType.get(b.type)?.title ?? b.type;
  const reveal = ctx?.revealBlock;

  // A block asked for (clicked in the preview) and in this list: into view, focused.
  useEffect(() => {
    const toggle = reveal ? toggles.current.get(reveal) : undefined;
    if (!toggle) return;
    toggle.scrollIntoView?.({ block: "center" });
    toggle.focus();
    ctx?.onRevealed?.();
  }, [reveal, ctx]);

  const commit = (next: Block[], message?: string, focusId?: string) => {
    onChange(next, path);
    if (message) setAnnouncement(message);
    if (focusId) requestAnimationFrame(() => toggles.current.get(focusId)?.focus());
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= blocks.length || from === to) return;
    const next = blocks.slice();
    const [b] = next.splice(from, 1);
    next.splice(to, 0, b);
    commit(next, `${label(b)} moved to position ${to + 1} of ${next.length}.`, b.id);
  };
  const duplicate = (i: number) => {
    const copy = { ...structuredClone(blocks[i]), id: newId(blocks[i].type) };
    const next = [...blocks.slice(0, i + 1), copy, ...blocks.slice(i + 1)];
    commit(next, `${label(copy)} duplicated at position ${i + 2}.`, copy.id);
  };
  const remove = (i: number) => {
    const b = blocks[i];
    const next = blocks.filter((_, j) => j !== i);
    commit(next, `${label(b)} deleted.`, next[Math.min(i, next.length - 1)]?.id);
    ctx?.onDeleted?.("Block");
  };
  const add = (entry: CatalogueEntry) => {
    const propsSchema = { $ref: `#/definitions/${entry.definition.replace(/Block$/, "Props")}` } as RJSFSchema;
    const defaults = registry.schemaUtils.getDefaultFormState(propsSchema, {}) as Record<string, unknown>;
    const block: Block = { id: newId(entry.type), type: entry.type, props: defaults ?? {} };
    setAdding(false);
    setOpen(block.id);
    commit([...blocks, block], `${entry.title} added at position ${blocks.length + 1}.`, block.id);
  };
  const onKey = (i: number) => (e: KeyboardEvent) => {
    if (!e.altKey || locked) return;
    if (e.key === "ArrowUp") {
      e.preventDefault();
      move(i, i - 1);
    } else if (e.key === "ArrowDown") {
      e.preventDefault();
      move(i, i + 1);
    }
  };

  return (
    <fieldset>
      <legend>{title}</legend>
      <p className={styles.hint} id={`${fieldPathId.$id}-hint`}>
        Open a block to edit it. Alt+↑ and Alt+↓ on a block&apos;s title move it; you can also drag it.
      </p>
      {blocks.length ? null : <p>No blocks yet.</p>}
      <ol className={styles.blocks}>
        {blocks.map((b, i) => {
          const entry = byType.get(b.type);
          const itemErrors = (errorSchema as Record<string, ErrorSchema> | undefined)?.[i];
          const errors = errorMessages(itemErrors).length;
          const isOpen = open === b.id;
          const itemPath = toFieldPathId(i, registry.globalFormOptions, fieldPathId);
          return (
            <li
              key={b.id ?? i}
              className={styles.block}
              data-block-type={b.type}
              data-dragging={dragging === i}
              draggable={!locked}
              onDragStart={(e) => {
                setDragging(i);
                e.dataTransfer.effectAllowed = "move";
              }}
              onDragEnd={() => setDragging(null)}
              onDragOver={(e) => dragging !== null && e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                if (dragging !== null) move(dragging, i);
                setDragging(null);
              }}
            >
              <div className={styles.blockHead}>
                <button
                  type="button"
                  className={styles.blockToggle}
                  aria-expanded={isOpen}
                  aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
                  aria-describedby={`${fieldPathId.$id}-hint`}
                  ref={(el) => {
                    if (el) toggles.current.set(b.id, el);
                    else toggles.current.delete(b.id);
                  }}
                  onClick={() => setOpen(isOpen ? null : b.id)}
                  onKeyDown={onKey(i)}
                >
                  {i + 1}. {entry?.title ?? `Unknown block “${b.type}”`}
                  {errors ? <span className={styles.errorCount}> {errors} {errors === 1 ? "error" : "errors"}</span> : null}
                </button>
                <button type="button" className={styles.iconButton} onClick={() => move(i, i - 1)} disabled={locked || i === 0} aria-label={`Move ${label(b)} (${b.id}) up`}>
                  ↑
                </button>
                <button type="button" className={styles.iconButton} onClick={() => move(i, i + 1)} disabled={locked || i === blocks.length - 1} aria-label={`Move ${label(b)} (${b.id}) down`}>
                  ↓
                </button>
                <button type="button" className={styles.iconButton} onClick={() => duplicate(i)} disabled={locked} aria-label={`Duplicate ${label(b)} (${b.id})`}>
                  Duplicate
                </button>
                <button type="button" className={styles.iconButton} onClick={() => remove(i)} disabled={locked} aria-label={`Delete ${label(b)} (${b.id})`}>
                  Delete
                </button>
              </div>
              {isOpen && entry ? (
                <div className={styles.blockBody}>
                  {entry.description ? <p className={styles.hint}>{entry.description}</p> : null}
                  <SchemaField
                    name={b.id}
                    schema={{ $ref: `#/definitions/${entry.definition}` } as RJSFSchema}
                    uiSchema={{ "ui:title": " ", "ui:options": { label: false }, id: { "ui:widget": "hidden" }, type: { "ui:widget": "hidden" }, props: blockUiSchema(definitions, entry.type, entry.definition) }}
                    formData={b}
                    errorSchema={itemErrors}
                    fieldPathId={itemPath}
                    required
                    onChange={onChange}
                    onBlur={props.onBlur}
                    onFocus={props.onFocus}
                    registry={registry}
                    disabled={disabled}
                    readonly={readonly}
                  />
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
      {locked ? null : adding ? (
        <div>
          <div className={styles.actions}>
            <strong id={`${fieldPathId.$id}-add`}>Add a block</strong>
            <button type="button" className={styles.iconButton} onClick={() => setAdding(false)}>
              Cancel
            </button>
          </div>
          <ul className={styles.catalogue} aria-labelledby={`${fieldPathId.$id}-add`}>
            {offered.map((c) => (
              <li key={c.type}>
                <strong>{c.title}</strong>
                <button type="button" className={styles.iconButton} onClick={() => add(c)} aria-label={`Add ${c.title}`}>
                  Add
                </button>
                <p>{c.description}</p>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <button type="button" className={styles.buttonSecondary} onClick={() => setAdding(true)}>
          Add a block
        </button>
      )}
      <p aria-live="polite" className="fc-visually-hidden">
        {announcement}
      </p>
    </fieldset>
  );
}
