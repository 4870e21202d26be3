"use client";

import { useEffect } from "react";
import { readStorage, writeStorage } from "../_shared/schedule";

/** The close button; hides the server-rendered bar and remembers the choice in this browser. */
export function DismissButton({ storageKey, targetId, className }: { storageKey: string; targetId: string; className?: string }) {
  useEffect(() => {
    // The inline script does not run after a client-side navigation; this covers that case.
    if (readStorage(storageKey)) hide(targetId);
  }, [storageKey, targetId]);

  return (
    <button
      type="button"
      className={className}
      aria-label="Dismiss announcement"
      onClick={() => {
        writeStorage(storageKey, new Date().toISOString());
        hide(targetId);
      }}
    >
      <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16">
        <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}

function hide(id: string) {
  const bar = document.getElementById(id);
  if (bar) bar.hidden = true;
}
