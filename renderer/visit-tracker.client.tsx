"use client";

import { useTaskEffect } from "../blocks/_shared/task-effect";
import { ATTRIBUTION_KEY, parseAttribution, recordVisit } from "../domain/lead-attribution";
import { sendStandard } from "./standard-analytics";

/**
 * Adds this page view to the session's lead tracking (domain/lead-attribution.ts) and sends its
 * standard analytics page view (only with consent, renderer/standard-analytics.ts). Renders nothing.
 */
export function VisitTracker() {
  useTaskEffect(() => {
    sendStandard({ id: "page-view" });
    try {
      const state = parseAttribution(window.sessionStorage.getItem(ATTRIBUTION_KEY));
      window.sessionStorage.setItem(ATTRIBUTION_KEY, JSON.stringify(recordVisit(state, window.location)));
    } catch {
      // Storage off: leads go without tracking.
    }
  }, []);
  return null;
}
