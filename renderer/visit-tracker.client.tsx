"use client";

import { useTaskEffect } from "../blocks/_shared/task-effect";
import { ATTRIBUTION_KEY, parseAttribution, recordVisit } from "../domain/lead-attribution";

/** Adds this page view to the session's lead tracking (domain/lead-attribution.ts). Renders nothing. */
export function VisitTracker() {
  useTaskEffect(() => {
    try {
      const state = parseAttribution(window.sessionStorage.getItem(ATTRIBUTION_KEY));
      window.sessionStorage.setItem(ATTRIBUTION_KEY, JSON.stringify(recordVisit(state, window.location)));
    } catch {
      // Storage off: leads go without tracking.
    }
  }, []);
  return null;
}
