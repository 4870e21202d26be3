"use client";

import { useEffect, useRef, useState, type MouseEvent } from "react";
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
 * is on it; Escape on it closes it.
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
      onFocus={() => setHeld(true)}
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
