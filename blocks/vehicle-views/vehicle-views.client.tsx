"use client";

import { useEffect, useRef, useState } from "react";
import { loadViews, viewsText } from "./views";
import styles from "./vehicle-views.module.css";

/** Records the view once per page load and shows the count; nothing when the call fails. */
export function VehicleViewsClient({ url, texts, locale }: { url: string; texts: { many: string; one: string }; locale: string }) {
  const [views, setViews] = useState<number | null | "failed">(null);
  const called = useRef(false);
  useEffect(() => {
    // Once per page: a development re-run of effects must not count a second view.
    if (called.current) return;
    called.current = true;
    loadViews(url).then((n) => setViews(n ?? "failed"));
  }, [url]);
  if (views === "failed") return null;
  return (
    <p className={`fc-container ${styles.views}`} aria-live="polite" data-block="vehicle-views">
      {views === null ? null : (
        <>
          <svg className={styles.icon} aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24">
            <path d="M12 5C6.5 5 2.7 9.2 1.5 12c1.2 2.8 5 7 10.5 7s9.3-4.2 10.5-7C21.3 9.2 17.5 5 12 5zm0 11.5A4.5 4.5 0 1 1 12 7.5a4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z" fill="currentColor" />
          </svg>
          <span data-testid="vehicle-views-text">{viewsText(views, texts, locale)}</span>
        </>
      )}
    </p>
  );
}
