"use client";

import { useState, type ReactNode } from "react";
import styles from "./expandable.module.css";

export interface ExpandableProps {
  /** The id of the region the button controls (aria-controls). */
  id: string;
  /** Shown only while collapsed (e.g. a truncated text); leave out for a list whose extra items just appear. */
  collapsed?: ReactNode;
  /** Shown only while expanded: the rest of a list, or the full text. */
  expanded: ReactNode;
  /** The button's visible words, exactly as the spec has them (e.g. Show More / Show Less). */
  moreLabel: string;
  lessLabel: string;
  /** Read after the visible words by screen readers only, to tell several toggles apart (e.g. a feature group's name). */
  context?: string;
  defaultOpen?: boolean;
  className?: string;
}

/**
 * The smallest client part of a collapsible section: one button (aria-expanded, aria-controls) that
 * swaps between a collapsed and an expanded rendering. Both are server-rendered into the page and
 * switched with the `hidden` attribute, so the content is in the HTML and nothing re-renders but the button.
 */
export function Expandable({ id, collapsed, expanded, moreLabel, lessLabel, context, defaultOpen = false, className }: ExpandableProps) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <>
      <div id={id} className={className}>
        {collapsed != null ? <div hidden={open}>{collapsed}</div> : null}
        <div hidden={!open}>{expanded}</div>
      </div>
      <button type="button" className={`fc-link-button ${styles.toggle}`} aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {open ? lessLabel : moreLabel}
        {context ? <span className="fc-visually-hidden"> {context}</span> : null}
        <span className={styles.chevron} aria-hidden="true" data-open={open} />
      </button>
    </>
  );
}
