/**
 * Analytics and conversion events (spec search-and-vehicle-detail §7, leads §9): the ids a dealer's
 * tag manager receives (renderer/analytics.ts pushes them to `window.dataLayer`).
 */
export const ANALYTICS_EVENTS = {
  financeEnquiryModal: 9,
  enquiry: 14,
  usedEnquiry: 15,
  testDriveNew: 17,
  tradeIn: 18,
  /** An enquiry not about a car (the default enquiry event). */
  enquiryDefault: 22,
  phoneReveal: 25,
  financeCalculator: 26,
  watchlistSave: 39,
  usedTestDrive: 48,
  searchPageView: 49,
  careers: 51,
  historyReport: 60,
  print: 61,
} as const;

export interface AnalyticsEvent {
  event: "forecourt";
  id: (typeof ANALYTICS_EVENTS)[keyof typeof ANALYTICS_EVENTS];
  /** e.g. "New Car" / "Used Car" for phone reveals. */
  label?: string;
  site: string;
  path: string;
}
