import type { AnalyticsEvent } from "../domain/analytics";
import type { AnalyticsCar } from "../domain/analytics-standards";
import { sendStandard } from "./standard-analytics";

export const EVENTS_ENDPOINT = "/api/events";

/**
 * Pushes an event for the site's tag manager and records it on the server (POST /api/events, sent
 * as a beacon so it survives the page leaving, e.g. the redirect after a lead): the site's own
 * statistics, sent whatever the consent. Beside them, the standard GA4 and Meta events of the same
 * interaction, which renderer/standard-analytics.ts sends only with the visitor's consent. Never
 * throws into the page: an analytics failure is only logged as a warning (spec §8).
 * `detail.phone`: the tel: link of a call click (a call, not a reveal); `detail.car`: the car the event is
 * about when it is not the page's (a search card's save).
 */
export function trackEvent(id: AnalyticsEvent["id"], site: string, label?: string, detail?: { phone?: string; eventId?: string; car?: AnalyticsCar }): void {
  sendStandard({ id, label, ...detail, query: new URLSearchParams(window.location.search).get("query") ?? undefined });
  let entry: AnalyticsEvent;
  try {
    const w = window as typeof window & { dataLayer?: unknown[] };
    w.dataLayer ??= [];
    entry = { event: "forecourt", id, site, path: window.location.pathname, ...(label ? { label } : {}) };
    w.dataLayer.push(entry);
  } catch (error) {
    console.warn("[analytics] event not recorded:", error);
    return;
  }
  try {
    const body = JSON.stringify({ id, label: label ?? null, path: entry.path });
    const queued = typeof navigator.sendBeacon === "function" && navigator.sendBeacon(EVENTS_ENDPOINT, new Blob([body], { type: "application/json" }));
    if (!queued) {
      fetch(EVENTS_ENDPOINT, { method: "POST", headers: { "content-type": "application/json" }, body, keepalive: true })
        .then((res) => {
          if (!res.ok) console.warn(`[analytics] event ${id} not stored: ${res.status}`);
        })
        .catch((error) => console.warn("[analytics] event not sent:", error));
    }
  } catch (error) {
    console.warn("[analytics] event not sent:", error);
  }
}
