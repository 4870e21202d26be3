import { describe, expect, it } from "vitest";
import { vehicleTerms } from "./vehicle-terms";
import { POSTCODE_MESSAGE } from "./lead-forms";
import {
  CHOICE_MESSAGE,
  EMAIL_MESSAGE,
  ODOMETER_MESSAGE,
  PHONE_MESSAGE,
  REQUIRED_MESSAGE,
  noOnlineEstimateReason,
  onlineEstimateEligibility,
} from "./trade-in";
import { checkDetails, requiredDetails, REQUIRED_DETAILS, parseOdometer } from "./trade-in-details";

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
