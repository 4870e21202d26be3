"use client";

import { useState } from "react";
import { ANALYTICS_EVENTS } from "../../domain/analytics";
import { trackEvent } from "../../renderer/analytics";
import styles from "./phone-box.module.css";

/**
 * The masked number (spec §4 "Phone box"): one click shows the full number as a call link and
 * records the reveal (event 25, labelled New Car / Used Car). Sites may show it from the start.
 */
export function PhoneReveal({ masked, shown, href, revealed: initial, site, label, revealText }: {
  masked: string;
  shown: string;
  href: string;
  revealed: boolean;
  site: string;
  label: string;
  revealText: string;
}) {
  const [revealed, setRevealed] = useState(initial);
  if (revealed) {
    return (
      <a className={styles.number} href={href} data-fc-tracked="" onClick={() => trackEvent(ANALYTICS_EVENTS.phoneReveal, site, label, { phone: href })}>
        {shown}
      </a>
    );
  }
  return (
    <button
      type="button"
      className={styles.number}
      onClick={() => {
        setRevealed(true);
        trackEvent(ANALYTICS_EVENTS.phoneReveal, site, label);
      }}
    >
      <span aria-hidden="true">{masked}</span>
      <span className={styles.reveal}>{revealText}</span>
    </button>
  );
}
