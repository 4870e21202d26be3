import type { AnalyticsEvent } from "../domain/analytics";

/** Pushes an event for the site's tag manager; never throws into the page. */
export function trackEvent(id: AnalyticsEvent["id"], site: string, label?: string): void {
  try {
    const w = window as typeof window & { dataLayer?: unknown[] };
    w.dataLayer ??= [];
    const entry: AnalyticsEvent = { event: "forecourt", id, site, path: window.location.pathname, ...(label ? { label } : {}) };
    w.dataLayer.push(entry);
  } catch (error) {
    console.warn("[analytics] event not recorded:", error);
  }
}
