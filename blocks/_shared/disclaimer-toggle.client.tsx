"use client";

import { useId, useState } from "react";
import { SHOW_LESS, SHOW_MORE } from "../../domain/vdp-rules";
import styles from "./disclaimer-toggle.module.css";

/** Spec §4: the finance disclaimer toggles between its short form (197 characters) and the full text. */
export function DisclaimerToggle({ short, full }: { short: string; full: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <p id={id} className={styles.text}>
        {open ? full : short}
      </p>
      <button type="button" className={`fc-link-button ${styles.more}`} aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {open ? SHOW_LESS : SHOW_MORE}
      </button>
    </>
  );
}
