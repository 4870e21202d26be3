"use client";

import { useEffect, useRef, useState } from "react";

/**
 * The small-screen menu button. It also gives the header's native <details> dropdowns what HTML
 * does not: Escape closes the open one (focus back on its summary), and so do a click outside or
 * tabbing out of it.
 */
export function MenuButton({ controls, className, labelClassName }: { controls: string; className?: string; labelClassName?: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const header = button.current?.closest("header");
    if (!header) return;
    const openDetails = () => [...header.querySelectorAll<HTMLDetailsElement>("details[open]")];

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const current = openDetails();
      if (current.length) {
        for (const d of current) d.open = false;
        current[0].querySelector("summary")?.focus();
      } else if (open) {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      if (header.contains(event.target as Node)) return;
      for (const d of openDetails()) d.open = false;
      setOpen(false);
    };
    const onFocusOut = (event: FocusEvent) => {
      const details = (event.target as Element | null)?.closest?.("details");
      if (details?.open && !details.contains(event.relatedTarget as Node | null)) details.open = false;
    };

    header.addEventListener("keydown", onKeyDown);
    header.addEventListener("focusout", onFocusOut);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      header.removeEventListener("keydown", onKeyDown);
      header.removeEventListener("focusout", onFocusOut);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open]);

  return (
    <button
      ref={button}
      type="button"
      className={className}
      aria-expanded={open}
      aria-controls={controls}
      onClick={() => setOpen((o) => !o)}
    >
      <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20">
        {open ? (
          <path d="M4 4l12 12M16 4L4 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        ) : (
          <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        )}
      </svg>
      <span className={labelClassName}>Menu</span>
    </button>
  );
}
