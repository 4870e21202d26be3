import { describe, expect, it } from "vitest";
import { vehicleTerms } from "./vehicle-terms";
import leadSchema from "../schemas/lead.schema.json";
import tenantSchema from "../schemas/tenant.schema.json";
import { POSTCODE_MESSAGE } from "./lead-forms";
import {
  CALL_FAILED_MESSAGE,
  CHOICE_MESSAGE,
  CHOOSE_CAR_MESSAGE,
  EMAIL_MESSAGE,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  NOT_FOUND_MESSAGE,
  ODOMETER_MESSAGE,
  PHONE_MESSAGE,
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
import { checkDetails, requiredDetails, REQUIRED_DETAILS, parseOdometer } from "./trade-in-details";
import {
  TRADE_IN_IMAGE_ACCEPT,
  showsNameInsteadOfPreview,
  sniffTradeInImage,
  tradeInImageError,
  tradeInImageType,
} from "./trade-in-images";

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

describe("Step Three: images (at most 10, each at most 10,000,000 bytes, JPEG/JPG/PNG/GIF/HEIC)", () => {
  const jpeg = { name: "front.jpg", size: 10_000_000, type: "image/jpeg" };

  it("takes an image of exactly 10,000,000 bytes and refuses one byte more", () => {
    expect(tradeInImageError(jpeg, 0)).toBeNull();
    expect(tradeInImageError({ ...jpeg, size: 10_000_001 }, 0)).toBe(IMAGE_TOO_LARGE_MESSAGE);
  });

  it("refuses the 11th whatever it is", () => {
    expect(tradeInImageError(jpeg, 9)).toBeNull();
    expect(tradeInImageError(jpeg, 10)).toBe(TOO_MANY_IMAGES_MESSAGE);
    expect(tradeInImageError({ name: "notes.txt", size: 1, type: "text/plain" }, 10)).toBe(TOO_MANY_IMAGES_MESSAGE);
  });

  it("knows the allowed types by MIME type or name, and HEIC shows its name", () => {
    expect(tradeInImageType({ name: "a.JPEG" })).toBe("image/jpeg");
    expect(tradeInImageType({ name: "a.jpg", type: "" })).toBe("image/jpeg");
    expect(tradeInImageType({ name: "a.png", type: "image/png" })).toBe("image/png");
    expect(tradeInImageType({ name: "a", type: "image/gif" })).toBe("image/gif");
    expect(tradeInImageType({ name: "IMG_0001.HEIC" })).toBe("image/heic");
    expect(tradeInImageType({ name: "a.webp", type: "image/webp" })).toBeNull();
    expect(tradeInImageError({ name: "a.pdf", size: 5, type: "application/pdf" }, 0)).toBe(IMAGE_TYPE_MESSAGE);
    expect(showsNameInsteadOfPreview({ name: "IMG_0001.heic", type: "image/heic" })).toBe(true);
    expect(showsNameInsteadOfPreview({ name: "front.jpg" })).toBe(false);
    expect(TRADE_IN_IMAGE_ACCEPT).toBe("image/jpeg,.jpeg,.jpg,image/png,.png,image/gif,.gif,image/heic,.heic");
  });
});

describe("an image's type by its content", () => {
  const bytes = (...parts: (number[] | string)[]) => Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));
  const ftyp = (major: string, ...compatible: string[]) => bytes([0, 0, 0, 16 + 4 * compatible.length], "ftyp", major, [0, 0, 0, 0], compatible.join(""), [0, 0, 0, 8], "meta");

  it("knows JPEG, PNG, GIF and HEIC by their first bytes", () => {
    expect(sniffTradeInImage(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], "JFIF"))).toBe("image/jpeg");
    expect(sniffTradeInImage(bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], "IHDR"))).toBe("image/png");
    expect(sniffTradeInImage(bytes("GIF89a", [1, 0, 1, 0]))).toBe("image/gif");
    expect(sniffTradeInImage(bytes("GIF87a", [1, 0, 1, 0]))).toBe("image/gif");
    expect(sniffTradeInImage(ftyp("heic", "mif1", "heic"))).toBe("image/heic");
    expect(sniffTradeInImage(ftyp("mif1", "mif1", "heic"))).toBe("image/heic");
  });

  it("refuses a text file named .jpg, AVIF, WebP and truncated headers", () => {
    expect(sniffTradeInImage(bytes("This is not a picture, just text saved as photo.jpg"))).toBeNull();
    expect(sniffTradeInImage(ftyp("avif", "mif1", "avif"))).toBeNull();
    expect(sniffTradeInImage(ftyp("mif1", "mif1", "avif"))).toBeNull();
    expect(sniffTradeInImage(bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 "))).toBeNull();
    expect(sniffTradeInImage(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffTradeInImage(bytes("GIF89"))).toBeNull();
    expect(sniffTradeInImage(new Uint8Array())).toBeNull();
  });
});

describe("Step Four: your details", () => {
  const good = {
    first_name: "Ana",
    email: "ana@example.com",
    phone: "0412 345 678",
    postcode: "4000",
    odometer: "45,000 kms",
    service_history: "Full service history",
    number_of_keys: "2",
    car_condition: "Good",
    comments: "Small dent on the rear bumper",
  };

  it("requires postcode, odometer, service history, keys, condition and comments (and name, phone, email)", () => {
    const result = checkDetails({});
    expect(result).toEqual({
      ok: false,
      errors: {
        first_name: REQUIRED_MESSAGE,
        phone: REQUIRED_MESSAGE,
        email: REQUIRED_MESSAGE,
        postcode: REQUIRED_MESSAGE,
        odometer: REQUIRED_MESSAGE,
        service_history: REQUIRED_MESSAGE,
        number_of_keys: REQUIRED_MESSAGE,
        car_condition: REQUIRED_MESSAGE,
        comments: REQUIRED_MESSAGE,
      },
    });
  });

  it("a caravan (no odometer, no keys) is asked neither; either one sent for it anyway is left out (issue 29)", () => {
    const van = vehicleTerms({ item_type: "caravan", body: "Caravan" });
    expect(requiredDetails(van)).toEqual(["first_name", "phone", "email", "postcode", "service_history", "car_condition", "comments"]);
    expect(requiredDetails()).toEqual([...REQUIRED_DETAILS]);
    expect(checkDetails({}, van)).toEqual({
      ok: false,
      errors: { first_name: REQUIRED_MESSAGE, phone: REQUIRED_MESSAGE, email: REQUIRED_MESSAGE, postcode: REQUIRED_MESSAGE, service_history: REQUIRED_MESSAGE, car_condition: REQUIRED_MESSAGE, comments: REQUIRED_MESSAGE },
    });
    const { odometer: _o, number_of_keys: _k, ...asked } = good;
    expect(checkDetails(asked, van)).toEqual({ ok: true, details: { ...asked, preferred_contact_method: "Phone" } });
    expect(checkDetails({ ...asked, odometer: "lots", number_of_keys: "7" }, van)).toEqual({ ok: true, details: { ...asked, preferred_contact_method: "Phone" } });
    // A motorcycle or a truck is asked both, as a car is.
    expect(checkDetails(asked, vehicleTerms({ item_type: "motorcycle" }))).toMatchObject({ ok: false, errors: { odometer: REQUIRED_MESSAGE, number_of_keys: REQUIRED_MESSAGE } });
    // Its age alone decides the online estimate.
    expect(onlineEstimateEligibility({ year: 2020, km: null }, 10, new Date("2026-01-01"))).toEqual({ eligible: true });
    expect(onlineEstimateEligibility({ year: 2012, km: null }, 10, new Date("2026-01-01"), van)).toEqual({
      eligible: false,
      reason: "We can't give an online estimate for caravans over 10 years old. Our buying team will contact you to value your caravan.",
    });
    expect(noOnlineEstimateReason(7, vehicleTerms({ item_type: "motorcycle" }))).toBe(
      "We can't give an online estimate for motorcycles over 7 years old or with more than 100,000 km. Our buying team will contact you to value your motorcycle.",
    );
  });

  it("counts an answer that is not text as missing", () => {
    expect(checkDetails({ ...good, first_name: 5, email: ["a@b.co"], comments: { text: "hi" }, odometer: 45000 })).toEqual({
      ok: false,
      errors: { first_name: REQUIRED_MESSAGE, email: REQUIRED_MESSAGE, comments: REQUIRED_MESSAGE },
    });
  });

  it("returns the values with PreferredContactMethod defaulting to Phone", () => {
    expect(checkDetails(good)).toEqual({
      ok: true,
      details: { ...good, odometer: 45000, preferred_contact_method: "Phone" },
    });
    const chosen = checkDetails({ ...good, preferred_contact_method: "SMS", finance: "Yes", trade_in: "No", last_name: "Ng" });
    expect(chosen.ok && chosen.details).toMatchObject({ preferred_contact_method: "SMS", finance: "Yes", trade_in: "No", last_name: "Ng" });
  });

  it("refuses malformed answers field by field", () => {
    const result = checkDetails({
      ...good,
      first_name: "<b>Ana</b>",
      email: "ana@",
      phone: "call me",
      postcode: "400",
      odometer: "-5",
      service_history: "Some",
      preferred_contact_method: "Pigeon",
      finance: "Maybe",
      comments: "x".repeat(5001),
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        first_name: "* Please enter a name of at most 100 characters, without < > { }",
        email: EMAIL_MESSAGE,
        phone: PHONE_MESSAGE,
        postcode: POSTCODE_MESSAGE,
        odometer: ODOMETER_MESSAGE,
        service_history: CHOICE_MESSAGE,
        preferred_contact_method: CHOICE_MESSAGE,
        finance: CHOICE_MESSAGE,
        comments: "* Please keep this under 5,000 characters",
      },
    });
  });

  it("reads the odometer with thousands separators and a kms suffix, in whole km up to 3,000,000", () => {
    expect(parseOdometer("123,456")).toBe(123456);
    expect(parseOdometer("98765 km")).toBe(98765);
    expect(parseOdometer(0)).toBe(0);
    expect(parseOdometer(3_000_001)).toBeNull();
    expect(parseOdometer("12,34")).toBeNull();
    expect(parseOdometer("1e5")).toBeNull();
    expect(parseOdometer(12.5)).toBeNull();
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
