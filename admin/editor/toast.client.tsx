"use client";

import { useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from "react";
import type { IconButtonProps } from "@rjsf/utils";
import styles from "../admin.module.css";

export const TOAST_MS = 10_000;

/** "Block deleted · Undo": what was deleted, and the way back. */
export interface ToastMessage {
  text: string;
  /** The undo history's version once the deletion is recorded; any other change since retires the toast. */
  version: number;
}

/**
 * A deletion's confirm-or-undo toast instead of a blocking "Are you sure?". The region is always
 * there (role=status) so the toast is announced when it appears; its Undo button is reachable by
 * keyboard (and Ctrl+Z does the same). It goes after TOAST_MS, but not while the pointer or focus
 * is on it; Escape on it closes it. When it goes while focus is on it (Undo, ×, Escape), focus
 * goes back to where it came from rather than being lost on the page.
 */
export function UndoToast({ toast, onUndo, onClose }: { toast: ToastMessage | null; onUndo: () => void; onClose: () => void }) {
  return (
    <div role="status" aria-live="polite">
      {toast ? <ToastBox key={toast.version} toast={toast} onUndo={onUndo} onClose={onClose} /> : null}
    </div>
  );
}

function ToastBox({ toast, onUndo, onClose }: { toast: ToastMessage; onUndo: () => void; onClose: () => void }) {
  const [held, setHeld] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const cameFrom = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const node = box.current;
    // A layout effect's cleanup runs while the toast is still in the page and focused.
    return () => {
      const back = cameFrom.current;
      if (node?.contains(document.activeElement) && back?.isConnected) back.focus();
    };
  }, []);
  useEffect(() => {
    if (held) return;
    const t = setTimeout(onClose, TOAST_MS);
    return () => clearTimeout(t);
  }, [held, onClose]);
  return (
    <div
      ref={box}
      className={styles.toast}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(box.current?.contains(document.activeElement) ?? false)}
      onFocus={(e) => {
        if (!box.current?.contains(e.relatedTarget as Node | null)) cameFrom.current = e.relatedTarget as HTMLElement | null;
        setHeld(true);
      }}
      onBlur={(e) => setHeld(box.current?.contains(e.relatedTarget as Node | null) ?? false)}
      onKeyDown={(e) => e.key === "Escape" && onClose()}
    >
      <span>{toast.text}</span>
      <span aria-hidden="true">·</span>
      <button type="button" className={styles.toastButton} onClick={onUndo} aria-keyshortcuts="Control+Z">
        Undo
      </button>
      <button type="button" className={styles.toastClose} onClick={onClose} aria-label="Dismiss">
        ×
      </button>
    </div>
  );
}

/** RJSF's Remove button of a list item, which also says the item went (the editor shows its toast). */
export function RemoveItemButton(props: IconButtonProps & { className?: string }) {
  const { className, onClick, disabled, id, style, registry } = props;
  const deleted = (registry.formContext as { onDeleted?: (what: string) => void } | undefined)?.onDeleted;
  return (
    <button
      type="button"
      id={id}
      style={style}
      className={`${styles.iconButton} ${className ?? ""}`}
      disabled={disabled}
      title="Remove this item"
      onClick={(e: MouseEvent<HTMLButtonElement>) => {
        onClick?.(e);
        deleted?.("Item");
      }}
    >
      Remove
    </button>
  );
}
