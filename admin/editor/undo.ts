/**
 * The editor session's undo history: snapshots of the draft document before each change. Typing in
 * one field makes one step: a change made within PAUSE_MS of the previous one, in the same text
 * field, joins that field's step. At most LIMIT steps are kept (the oldest go first).
 */
export const PAUSE_MS = 1500;
export const LIMIT = 100;

export interface History<T> {
  past: T[];
  future: T[];
  /** The field the last step was typed in and when, while typing may still join it. */
  typing: { field: string; at: number } | null;
}

export const emptyHistory = <T>(): History<T> => ({ past: [], future: [], typing: null });

/**
 * The history after a change from `before`. `field` names the text field it was typed in (null for
 * a button, a checkbox, a select, a drag…): only changes typed into the same field coalesce.
 */
export function record<T>(h: History<T>, before: T, field: string | null, at: number): History<T> {
  const typing = field ? { field, at } : null;
  if (field && h.typing && h.typing.field === field && at - h.typing.at < PAUSE_MS && h.past.length) {
    return { past: h.past, future: [], typing };
  }
  return { past: [...h.past, before].slice(-LIMIT), future: [], typing };
}

/** The history after stepping back from `current`, and the document to show; null when there is nothing to undo. */
export function undo<T>(h: History<T>, current: T): { history: History<T>; doc: T } | null {
  if (!h.past.length) return null;
  return { history: { past: h.past.slice(0, -1), future: [current, ...h.future], typing: null }, doc: h.past[h.past.length - 1] };
}

/** The history after stepping forward again from `current`; null when there is nothing to redo. */
export function redo<T>(h: History<T>, current: T): { history: History<T>; doc: T } | null {
  if (!h.future.length) return null;
  return { history: { past: [...h.past, current].slice(-LIMIT), future: h.future.slice(1), typing: null }, doc: h.future[0] };
}

/** Whether an element edits text itself (its own native undo applies while it has focus). */
export function isTextEntry(el: Element | null): boolean {
  if (!el) return false;
  if ((el as HTMLElement).isContentEditable) return true;
  if (el.tagName === "TEXTAREA") return true;
  if (el.tagName !== "INPUT") return false;
  const type = ((el as HTMLInputElement).type || "text").toLowerCase();
  return ["text", "search", "url", "tel", "email", "password", "number", "date", "time", "datetime-local", "month", "week"].includes(type);
}

export type UndoKey = "undo" | "redo" | null;

/** What a key press asks for: Ctrl/⌘+Z undo, Ctrl/⌘+Shift+Z or Ctrl/⌘+Y redo. */
export function undoKey(e: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "shiftKey" | "altKey">): UndoKey {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  const key = e.key.toLowerCase();
  if (key === "z") return e.shiftKey ? "redo" : "undo";
  if (key === "y" && !e.shiftKey) return "redo";
  return null;
}
