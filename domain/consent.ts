/**
 * The visitor's analytics and advertising consent, as the consent banner stores it per site (a
 * first-party cookie, so each site's host keeps its own) and as Google Consent Mode v2 names it.
 * Nothing analytic or advertising is loaded or sent while the choice is missing or denied.
 *
 * Cookie value: "v1.a1.d0.1764460000" — version, analytics granted (a1) or denied (a0), ads (d1/d0),
 * and the time of the choice in seconds. Anything else reads as no choice.
 */
export const CONSENT_COOKIE = "fc_consent";
/**
 * Set to "ask" on <html> while the consent banner shows (by the layout's inline script before the first
 * paint, renderer/standard-analytics.ts); removed once the visitor chooses. Other overlays (the popup) wait for it.
 */
export const CONSENT_ASK_ATTR = "data-fc-consent";
/** How long a choice is remembered: about six months, then the banner asks again. */
export const CONSENT_MAX_AGE_S = 182 * 24 * 60 * 60;

export interface Consent {
  analytics: boolean;
  ads: boolean;
  /** When the choice was made, seconds since the epoch. */
  at: number;
}

const FORMAT = /^v1\.a([01])\.d([01])\.([0-9]{1,12})$/;

export function parseConsent(value: string | null | undefined): Consent | null {
  const m = typeof value === "string" ? FORMAT.exec(value) : null;
  return m ? { analytics: m[1] === "1", ads: m[2] === "1", at: Number(m[3]) } : null;
}

export function serializeConsent(c: Consent): string {
  return `v1.a${c.analytics ? 1 : 0}.d${c.ads ? 1 : 0}.${Math.max(0, Math.floor(c.at))}`;
}

export type ConsentState = "granted" | "denied";

/** Google Consent Mode v2's four states; no choice is "denied" for all. */
export function consentModeStates(c: Consent | null): {
  analytics_storage: ConsentState;
  ad_storage: ConsentState;
  ad_user_data: ConsentState;
  ad_personalization: ConsentState;
} {
  const s = (on: boolean | undefined): ConsentState => (on ? "granted" : "denied");
  return { analytics_storage: s(c?.analytics), ad_storage: s(c?.ads), ad_user_data: s(c?.ads), ad_personalization: s(c?.ads) };
}
