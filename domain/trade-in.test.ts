import { describe, expect, it } from "vitest";
import leadSchema from "../schemas/lead.schema.json";
import tenantSchema from "../schemas/tenant.schema.json";
import {
  CALL_FAILED_MESSAGE,
  CHOOSE_CAR_MESSAGE,
  IMAGE_TOO_LARGE_MESSAGE,
  NOT_FOUND_MESSAGE,
  REGO_FORMAT_MESSAGE,
  REQUIRED_MESSAGE,
  SEARCH_MESSAGES,
  STATE_MESSAGE,
  TOO_MANY_IMAGES_MESSAGE,
  TRADE_IN_STAGES,
  UNACCEPTED_OFFER_LEAD_MINUTES,
  TRADE_IN_STATES,
  checkSelection,
  checkVehicleStep,
  defaultTradeInState,
  noOnlineEstimateReason,
  offerValidUntil,
  onlineEstimateEligibility,
  searchMessage,
  stepAfterLookup,
  stepAfterSelection,
  tradeInFaq,
  tradeInSettings,
  wizardSteps,
} from "./trade-in";

const NOW = new Date("2026-11-25T10:00:00Z");

describe("trade-in messages (spec §5, §8, word for word)", () => {
  it("are the spec's texts", () => {
    expect(REQUIRED_MESSAGE).toBe("* This field is required");
    expect(CHOOSE_CAR_MESSAGE).toBe("* Please choose one car.");
    expect(IMAGE_TOO_LARGE_MESSAGE).toBe("Please upload an image file under 10MB");
    expect(TOO_MANY_IMAGES_MESSAGE).toBe("You can only upload 10 images.");
    expect(NOT_FOUND_MESSAGE).toBe(
      "Unfortunately, we could not find a match for your registration number. Please get in touch with one of our friendly team members to receive an offer for your vehicle.",
    );
    expect(CALL_FAILED_MESSAGE).toBe("An error occurred while submitting the form. Please try again.");
    expect(TRADE_IN_STAGES["offer-accepted"]).toBe("3. Offer Accepted");
  });
});

describe("site settings and the online-estimate rule (spec §9 Trade-in FAQ)", () => {
  it("keeps the schemas' states and defaults", () => {
    expect(tenantSchema.definitions.identity.properties.state.enum).toEqual([...TRADE_IN_STATES]);
    expect(leadSchema.properties.fields.properties.state.enum.map((s) => s.toUpperCase())).toEqual([...TRADE_IN_STATES, ...TRADE_IN_STATES]);
    const props = tenantSchema.definitions.features.properties.tradeIn.properties;
    // Every setting's default is the schema's, but the unaccepted-offer delay's (no schema default, so
    // documents need not carry it): the domain's constant, inside the schema's bounds.
    const { unacceptedOfferLeadMinutes: minutes, ...withDefaults } = props;
    expect(tradeInSettings({})).toEqual({ ...Object.fromEntries(Object.entries(withDefaults).map(([k, v]) => [k, v.default])), unacceptedOfferLeadMinutes: UNACCEPTED_OFFER_LEAD_MINUTES });
    expect(UNACCEPTED_OFFER_LEAD_MINUTES).toBe(60);
    expect(minutes.minimum <= UNACCEPTED_OFFER_LEAD_MINUTES && UNACCEPTED_OFFER_LEAD_MINUTES <= minutes.maximum).toBe(true);
    expect(props.maxAgeYears.enum).toEqual([7, 10]);
  });

  it("fills the schema's defaults", () => {
    expect(tradeInSettings({})).toEqual({ enabled: true, imageStep: false, maxAgeYears: 10, sendValuationToMiscellaneous: false, unacceptedOfferLeadMinutes: 60 });
    expect(tradeInSettings({ features: { tradeIn: { imageStep: true, maxAgeYears: 7 } } })).toMatchObject({ enabled: true, imageStep: true, maxAgeYears: 7 });
  });

  it("gives no online figure over the site's age or over 100,000 km, with the FAQ's reason", () => {
    // 2026: a 2019 car is 7 years old (allowed on a 7-year site), a 2018 car 8 (not).
    expect(onlineEstimateEligibility({ year: 2019, km: 100_000 }, 7, NOW)).toEqual({ eligible: true });
    expect(onlineEstimateEligibility({ year: 2018, km: 10 }, 7, NOW)).toEqual({ eligible: false, reason: noOnlineEstimateReason(7) });
    expect(onlineEstimateEligibility({ year: 2018, km: 10 }, 10, NOW)).toEqual({ eligible: true });
    expect(onlineEstimateEligibility({ year: 2016, km: 10 }, 10, NOW)).toEqual({ eligible: true });
    expect(onlineEstimateEligibility({ year: 2015, km: 10 }, 10, NOW)).toEqual({ eligible: false, reason: noOnlineEstimateReason(10) });
    expect(onlineEstimateEligibility({ year: 2024, km: 100_001 }, 10, NOW)).toEqual({ eligible: false, reason: noOnlineEstimateReason(10) });
    expect(noOnlineEstimateReason(7)).toBe("We can't give an online estimate for cars over 7 years old or with more than 100,000 km. Our buying team will contact you to value your car.");
  });

  it("keeps an offer 7 days", () => {
    expect(offerValidUntil(NOW).toISOString()).toBe("2026-12-02T10:00:00.000Z");
  });

  it("words the FAQ for the site's variant, with the buying team's hours", () => {
    const seven = tradeInFaq({ maxAgeYears: 7 });
    expect(seven.map((f) => f.answer)).toEqual([
      "No. We don't give an online estimate for cars over 7 years old or over 100,000 km; our buying team will value them for you.",
      "Your estimate is valid for 7 days.",
      "Our buying team works Monday to Friday 8.30am to 5.30pm, Saturday 9am to 5pm. We will contact you the same or next business day.",
    ]);
    expect(tradeInFaq({ maxAgeYears: 10 })[0].answer).toContain("over 10 years old or over 100,000 km");
  });
});

describe("Step One: registration and state", () => {
  it("requires both, with the spec's message", () => {
    expect(checkVehicleStep({})).toEqual({ ok: false, errors: { rego: REQUIRED_MESSAGE, state: REQUIRED_MESSAGE } });
    expect(checkVehicleStep({ rego: "  - ", state: " " })).toEqual({ ok: false, errors: { rego: REQUIRED_MESSAGE, state: REQUIRED_MESSAGE } });
  });

  it("normalises the plate and the state", () => {
    expect(checkVehicleStep({ rego: " 825-mzd ", state: "qld" })).toEqual({ ok: true, rego: "825MZD", state: "QLD" });
    expect(checkVehicleStep({ rego: "1 abc 234", state: "WA" })).toEqual({ ok: true, rego: "1ABC234", state: "WA" });
  });

  it("refuses anything but letters and digits (at most 9) and any state but the 8", () => {
    expect(checkVehicleStep({ rego: "ABC<script>", state: "QLD" })).toEqual({ ok: false, errors: { rego: REGO_FORMAT_MESSAGE } });
    expect(checkVehicleStep({ rego: "ABCDEFGHIJ", state: "QLD" })).toEqual({ ok: false, errors: { rego: REGO_FORMAT_MESSAGE } });
    expect(checkVehicleStep({ rego: "ABCDEFGHI", state: "QLD" }).ok).toBe(true);
    expect(checkVehicleStep({ rego: 123, state: "QLD" })).toEqual({ ok: false, errors: { rego: REQUIRED_MESSAGE } });
    expect(checkVehicleStep({ rego: "ABC123", state: "AKL" })).toEqual({ ok: false, errors: { state: STATE_MESSAGE } });
    expect(checkVehicleStep({ rego: "ABC123", state: ["QLD"] })).toEqual({ ok: false, errors: { state: REQUIRED_MESSAGE } });
    expect(TRADE_IN_STATES).toEqual(["QLD", "NSW", "VIC", "SA", "WA", "TAS", "ACT", "NT"]);
  });

  it("starts at the site's home state, else QLD", () => {
    expect(defaultTradeInState({ identity: { state: "WA" } })).toBe("WA");
    expect(defaultTradeInState({ identity: {} })).toBe("QLD");
  });
});

describe("Step Two: one car must be chosen", () => {
  it("accepts only a listed description", () => {
    const listed = ["2020 Toyota Corolla Ascent Sport", "2020 Toyota Corolla SX Hybrid"];
    expect(checkSelection(listed[1], listed)).toEqual({ ok: true, description: listed[1] });
    expect(checkSelection(undefined, listed)).toEqual({ ok: false, error: CHOOSE_CAR_MESSAGE });
    expect(checkSelection("2020 Toyota Corolla ZR", listed)).toEqual({ ok: false, error: CHOOSE_CAR_MESSAGE });
  });
});

describe("the wizard's steps (spec §4)", () => {
  it("has Upload Images only where the site enables it", () => {
    expect(wizardSteps({ imageStep: true })).toEqual(["vehicle-details", "vehicle-selection", "upload-images", "your-details"]);
    expect(wizardSteps({ imageStep: false })).toEqual(["vehicle-details", "vehicle-selection", "your-details"]);
  });

  it("goes from the lookup to selection, images or details, or the not-found panel", () => {
    expect(stepAfterLookup("candidates", { imageStep: true })).toBe("vehicle-selection");
    expect(stepAfterLookup("match", { imageStep: true })).toBe("upload-images");
    expect(stepAfterLookup("match", { imageStep: false })).toBe("your-details");
    expect(stepAfterLookup("none", { imageStep: true })).toBe("not-found");
    expect(stepAfterSelection({ imageStep: false })).toBe("your-details");
  });

  it("cycles the search messages over 4 ticks, the last one staying", () => {
    expect([0, 1, 2, 3, 4, 9].map(searchMessage)).toEqual([...SEARCH_MESSAGES, SEARCH_MESSAGES[3], SEARCH_MESSAGES[3]]);
    expect(searchMessage(-1)).toBe(SEARCH_MESSAGES[0]);
  });
});
