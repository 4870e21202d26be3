"use client";

import { useEffect, useRef, type ReactNode } from "react";
import { readStorage, writeStorage } from "../_shared/schedule";
import { PHONE_MEDIA, shouldOpenPopup } from "./popup-rules";

interface Props {
  id: string;
  storageKey: string;
  expiry?: string;
  /** The page spares phones (popup-rules' sparesPhones): on a phone the effect leaves it closed too. */
  sparePhones?: boolean;
  labelledBy: string;
  describedBy: string;
  className?: string;
  closeClassName?: string;
  children: ReactNode;
}

/**
 * A native modal <dialog>: the browser traps focus, closes it on Escape and puts focus back
 * where it was. Any close (button, Escape, backdrop) is remembered for this dealer. The page's
 * inline script (popup-rules' openPopupScript) has usually opened it already; the effect covers a
 * browser that did not run it. Close is an invoker command, so it works before hydration too.
 */
export function PopupDialog({ id, storageKey, expiry, sparePhones = false, labelledBy, describedBy, className, closeClassName, children }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const el = dialog.current;
    // The inline script's phone rule holds after hydration too: a car page's popup stays closed on a phone.
    if (sparePhones && window.matchMedia?.(PHONE_MEDIA).matches) return;
    // Checked again here: a cached page must not show a popup that has since expired.
    if (el && !el.open && shouldOpenPopup({ dismissed: readStorage(storageKey), expiry, now: new Date() })) {
      el.showModal();
    }
  }, [storageKey, expiry, sparePhones]);

  return (
    <dialog
      ref={dialog}
      id={id}
      // The inline script may have opened it (the open attribute) before React hydrates.
      suppressHydrationWarning
      className={className}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      closedby="any"
      onClose={() => writeStorage(storageKey, new Date().toISOString())}
      // A click on the dialog element itself is a click on the backdrop (content fills the box).
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      <button type="button" className={closeClassName} aria-label="Close" commandfor={id} command="close" onClick={() => dialog.current?.close()}>
        <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16">
          <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {children}
    </dialog>
  );
}
