"use client";

import { useEffect, useState, type ReactNode } from "react";
import { ANALYTICS_EVENTS } from "../../domain/analytics";
import { mobileBarOpen } from "../../domain/vdp-rules";
import { trackEvent } from "../../renderer/analytics";
import type { TenantDocument } from "../../schemas/generated/tenant";
import styles from "./vehicle-summary.module.css";

/** A tel: link that records the call event (spec §7: 25, labelled New Car or Used Car). */
export function CallLink({ href, site, label, className, children }: { href: string; site: string; label: string; className?: string; children: ReactNode }) {
  return (
    <a className={className} href={href} data-fc-tracked="" onClick={() => trackEvent(ANALYTICS_EVENTS.phoneReveal, site, label, { phone: href })}>
      {children}
    </a>
  );
}

/**
 * The mobile sticky bar (spec §2, §4): fixed to the bottom of small screens (CSS shows it only below
 * 48rem). "always" is open from the first paint; "after-scroll" opens beyond 900 px of scroll.
 */
export function MobileBar({ mode, label, children }: { mode: TenantDocument["features"]["mobileStickyBar"]; label: string; children: ReactNode }) {
  const [open, setOpen] = useState(() => mobileBarOpen(mode, 0));
  useEffect(() => {
    if (mode !== "after-scroll") return;
    const update = () => setOpen(mobileBarOpen(mode, window.scrollY));
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [mode]);
  if (mode === "off") return null;
  return (
    <div className={styles.mobileBar} data-open={open} role="region" aria-label={label} aria-hidden={!open || undefined} inert={!open || undefined}>
      {children}
    </div>
  );
}
