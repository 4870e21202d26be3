"use client";

import { useEffect, useRef, useState } from "react";
import { numberFormat } from "../../domain/intl";
import { useNearView } from "../_shared/use-near-view";
import { countUpValue, SALES_COUNT_UP_MS, SALES_REFRESH_MS, salesThisMonth } from "../../domain/sales-counter";

/**
 * The counter's number: counts up from 0 over 2 s once it is on screen, then every 150 s from the
 * shown value to the new one. Screen readers get the settled value only (the moving digits are
 * hidden from them); with reduced motion the number simply changes.
 */
export function SalesCount({ initial, timeZone, locale, className }: { initial: number; timeZone: string; locale: string; className?: string }) {
  const [target, setTarget] = useState(initial);
  const [shown, setShown] = useState(initial);
  const from = useRef(0);
  const node = useRef<HTMLSpanElement>(null);

  // A new value every 150 s.
  useEffect(() => {
    const timer = setInterval(() => setTarget(salesThisMonth(new Date(), timeZone)), SALES_REFRESH_MS);
    return () => clearInterval(timer);
  }, [timeZone]);

  // Count up to the target when it changes (the first time once in view).
  const seen = useNearView(node, 0);
  useEffect(() => {
    const el = node.current;
    if (!el || window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) {
      setShown(target);
      return;
    }
    if (!seen) return;
    let frame = 0;
    const start = performance.now();
    const begin = from.current;
    const step = (t: number) => {
      const value = countUpValue(begin, target, t - start, SALES_COUNT_UP_MS);
      setShown(value);
      if (value !== target) frame = requestAnimationFrame(step);
      else from.current = target;
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, seen]);

  const format = numberFormat(locale);
  return (
    <span ref={node} className={className}>
      <span aria-hidden="true">{format.format(shown)}</span>
      <span className="fc-visually-hidden">{format.format(target)}</span>
    </span>
  );
}
