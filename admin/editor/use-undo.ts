import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from "react";
import { jsonDiff } from "../../domain/json-diff";
import { emptyHistory, isTextEntry, record, redo as redoIn, undo as undoIn, undoKey, type History } from "./undo";
import type { Doc } from "./use-draft";

const fieldIds = new WeakMap<Element, string>();
/** The text field a change is typed in (a stable name per element), or null. */
function typingIn(el: Element | null): string | null {
  if (!el || !isTextEntry(el)) return null;
  if (el.id) return el.id;
  if (!fieldIds.has(el)) fieldIds.set(el, `field-${Math.random().toString(36).slice(2)}`);
  return fieldIds.get(el)!;
}

export interface UndoState {
  canUndo: boolean;
  canRedo: boolean;
  undo: () => void;
  redo: () => void;
  /** Changes with every recorded step, undo and redo (a toast's Undo is only good for its own step). */
  version: number;
  /** Makes the next change a step of its own (a deletion never joins the typing before it). */
  checkpoint: () => void;
}

/**
 * Undo and redo over every change of the draft document in this editor session. A change is
 * recorded as the document changes (content, not key order); an undo or redo sets the document
 * back through `setDoc`, so autosave and the version check carry it to the server like any edit,
 * then `onApplied` shows where it changed. Ctrl/⌘+Z, Ctrl/⌘+Shift+Z and Ctrl/⌘+Y work everywhere
 * but inside a text field, where the field's own undo applies.
 */
export function useUndo(
  doc: Doc,
  setDoc: Dispatch<SetStateAction<Doc>>,
  onApplied: (pointer: string, doc: Doc, which: "undo" | "redo") => void,
  now: () => number = Date.now,
): UndoState {
  const history = useRef<History<Doc>>(emptyHistory());
  const previous = useRef(doc);
  const applying = useRef<Doc | null>(null);
  const standalone = useRef(false);
  const applied = useRef(onApplied);
  useEffect(() => {
    applied.current = onApplied;
  });
  // The history's sizes as state, so the buttons follow it.
  const [shown, setShown] = useState({ version: 0, past: 0, future: 0 });
  const sync = () => setShown((s) => ({ version: s.version + 1, past: history.current.past.length, future: history.current.future.length }));

  useEffect(() => {
    const before = previous.current;
    previous.current = doc;
    if (before === doc) return;
    if (applying.current === doc) {
      applying.current = null;
      return;
    }
    if (!jsonDiff(before, doc).length) return;
    history.current = record(history.current, before, standalone.current ? null : typingIn(document.activeElement), now());
    standalone.current = false;
    sync();
  }, [doc, now]);

  const step = useCallback(
    (which: "undo" | "redo") => {
      const current = previous.current;
      const moved = (which === "undo" ? undoIn : redoIn)(history.current, current);
      if (!moved) return;
      history.current = moved.history;
      applying.current = moved.doc;
      setDoc(moved.doc);
      sync();
      applied.current(jsonDiff(current, moved.doc)[0]?.pointer ?? "", moved.doc, which);
    },
    [setDoc],
  );
  const undo = useCallback(() => step("undo"), [step]);
  const redo = useCallback(() => step("redo"), [step]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const wanted = undoKey(e);
      if (!wanted || e.defaultPrevented || isTextEntry(e.target as Element | null)) return;
      e.preventDefault();
      step(wanted);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [step]);

  const checkpoint = useCallback(() => {
    standalone.current = true;
    history.current = { ...history.current, typing: null };
  }, []);

  return { canUndo: shown.past > 0, canRedo: shown.future > 0, undo, redo, version: shown.version, checkpoint };
}
