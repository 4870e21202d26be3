"use client";

import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import styles from "./carousel.module.css";

/**
 * A single-row carousel (leads §4 "Other UI states", §9 carousel): the cards scroll sideways;
 * previous and next are disabled when it cannot scroll further that way, and the arrow keys (Home,
 * End) scroll it while the row has focus. The cards are rendered on the server and passed in.
 */
export function Carousel({ id, label, items, className }: { id: string; label: string; items: ReactNode[]; className?: string }) {
  const row = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: false });

  const measure = useCallback(() => {
    const el = row.current;
    if (!el) return;
    // Two pixels of slack: fractional widths and snapping leave scrollLeft just short of an end.
    setEdges({ start: el.scrollLeft <= 2, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 2 });
  }, []);

  useEffect(() => {
    const el = row.current;
    if (!el) return;
    measure();
    el.addEventListener("scroll", measure, { passive: true });
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => {
      el.removeEventListener("scroll", measure);
      observer?.disconnect();
    };
  }, [measure]);

  function scroll(direction: -1 | 1 | "start" | "end") {
    const el = row.current;
    if (!el) return;
    const smooth = !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    const behavior: ScrollBehavior = smooth ? "smooth" : "auto";
    if (direction === "start" || direction === "end") {
      el.scrollTo({ left: direction === "start" ? 0 : el.scrollWidth, behavior });
      return;
    }
    // One card (and the gap after it) at a time.
    const card = el.firstElementChild as HTMLElement | null;
    const gap = parseFloat(getComputedStyle(el).columnGap) || 0;
    el.scrollBy({ left: direction * ((card?.offsetWidth ?? el.clientWidth) + gap), behavior });
  }

  function onKeyDown(e: KeyboardEvent<HTMLUListElement>) {
    const keys: Record<string, -1 | 1 | "start" | "end"> = { ArrowLeft: -1, ArrowRight: 1, Home: "start", End: "end" };
    const direction = keys[e.key];
    if (direction === undefined || e.target !== e.currentTarget) return;
    e.preventDefault();
    scroll(direction);
  }

  return (
    <div className={`${styles.carousel} ${className ?? ""}`}>
      <ul ref={row} id={id} className={styles.row} tabIndex={0} aria-label={label} onKeyDown={onKeyDown} data-carousel>
        {items.map((item, i) => (
          <li key={i} className={styles.item}>
            {item}
          </li>
        ))}
      </ul>
      <div className={styles.controls}>
        <button type="button" className={styles.arrow} aria-controls={id} aria-label="Previous" disabled={edges.start} onClick={() => scroll(-1)}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <button type="button" className={styles.arrow} aria-controls={id} aria-label="Next" disabled={edges.end} onClick={() => scroll(1)}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </div>
    </div>
  );
}
