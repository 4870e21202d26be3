"use client";

import { useEffect, useState, type ReactNode } from "react";
import { stickyHeaderVisible } from "../../domain/vdp-rules";
import styles from "./vehicle-sticky-header.module.css";

/** Shows its bar once the page has scrolled 500 px (spec §4); out of the flow, so nothing shifts. */
export function StickyBar({ label, children }: { label: string; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const update = () => setShown(stickyHeaderVisible(window.scrollY));
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  return (
    <div className={styles.bar} data-shown={shown} data-vdp-bar={shown ? "shown" : "hidden"} role="region" aria-label={label} aria-hidden={!shown || undefined} inert={!shown || undefined}>
      {children}
    </div>
  );
}
