import { describe, expect, it } from "vitest";
import { consentModeStates, parseConsent, serializeConsent } from "./consent";

describe("consent cookie", () => {
  it("round-trips a choice", () => {
    const c = { analytics: true, ads: false, at: 1764460000 };
    expect(serializeConsent(c)).toBe("v1.a1.d0.1764460000");
    expect(parseConsent(serializeConsent(c))).toEqual(c);
  });
  it("reads anything else as no choice", () => {
    for (const bad of [undefined, null, "", "v1.a1.d0", "v2.a1.d1.1", "v1.a2.d0.1", "v1.a1.d0.1;x", " v1.a1.d1.1", "v1.a1.d1.1234567890123"]) {
      expect(parseConsent(bad)).toBeNull();
    }
  });
  it("maps to Consent Mode v2 states, denied without a choice", () => {
    expect(consentModeStates(null)).toEqual({ analytics_storage: "denied", ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" });
    expect(consentModeStates({ analytics: true, ads: false, at: 1 })).toEqual({ analytics_storage: "granted", ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" });
    expect(consentModeStates({ analytics: false, ads: true, at: 1 })).toEqual({ analytics_storage: "denied", ad_storage: "granted", ad_user_data: "granted", ad_personalization: "granted" });
  });
});
