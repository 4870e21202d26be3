"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import styles from "./form-dialog.module.css";

// The HTML invoker commands (`commandfor` + `command`), which React's types do not list yet: they let
// the buttons open and close the dialog before the page has hydrated (a tap on a slow phone is not lost).
declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- a merged interface repeats React's type parameter
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?: "show-modal" | "close";
  }
}

/**
 * A button that opens a form in a modal dialog (VDP §2 dialogs: Enquire Now, Book a Test Drive,
 * Request Photos; leads §2 the Finance Enquiry modal). The native <dialog>: focus moves into it (to
 * its first field), Esc or Close or a click on the backdrop closes it, and focus returns to the
 * button that opened it; the page behind is inert while it is open. Before hydration the buttons
 * still open and close it, by the browser's own invoker commands. An address naming the dialog
 * (`/cars/{slug}#enquire`, a result card's Quick Enquiry) opens it once the page has hydrated; until
 * then, and for good without JavaScript, the form shows in place (the dialog is the :target).
 */
export function FormDialog({
  id,
  title,
  subtitle,
  buttonClassName,
  button,
  children,
}: {
  id: string;
  title: string;
  subtitle?: string | null;
  buttonClassName?: string;
  /** The opening button's content. */
  button: ReactNode;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const titleId = `${id}-title`;
  // Hydrated: the dialog no longer shows in place as the address's target (the CSS's [data-ready]).
  const [ready, setReady] = useState(false);

  function open() {
    const d = dialog.current;
    if (!d || d.open) return;
    d.showModal();
    // The first field shown (a multi-step form keeps its other steps hidden in the page).
    const fields = d.querySelectorAll<HTMLElement>("form input:not([tabindex='-1']), form select, form textarea");
    Array.from(fields).find((f) => !f.closest("[hidden]"))?.focus();
  }

  function close() {
    dialog.current?.close();
  }

  useEffect(() => {
    setReady(true);
    const fromAddress = () => {
      if (window.location.hash === `#${id}`) open();
    };
    fromAddress();
    window.addEventListener("hashchange", fromAddress);
    return () => window.removeEventListener("hashchange", fromAddress);
  }, [id]);

  return (
    <>
      <button ref={opener} type="button" className={buttonClassName} aria-haspopup="dialog" aria-controls={id} commandfor={id} command="show-modal" onClick={open}>
        {button}
      </button>
      <dialog
        ref={dialog}
        id={id}
        className={`${styles.surface} ${styles.dialog}`}
        aria-labelledby={titleId}
        data-ready={ready || undefined}
        onClose={() => opener.current?.focus()}
        onClick={(e) => {
          // A click on the backdrop (the dialog element itself, outside its panel) closes it.
          if (e.target === e.currentTarget) close();
        }}
      >
        <div className={styles.panel}>
          <div className={styles.header}>
            <div>
              <h2 id={titleId} className={styles.title}>
                {title}
              </h2>
              {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
            </div>
            <button type="button" className={styles.close} commandfor={id} command="close" onClick={close} aria-label="Close">
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          {children}
        </div>
      </dialog>
    </>
  );
}
