import { describe, expect, it } from "vitest";
import type { TenantDocument } from "../schemas/generated/tenant";
import harbourlineJson from "../tenants/harbourline.json";
import kowhaiJson from "../tenants/kowhai-motors.json";
import wattleJson from "../tenants/wattle-creek.json";
import redgateJson from "../tenants/redgate.json";
import { DATE_INVALID, DATE_PAST, dateClosed, DEFAULT_CARAVAN_SERVICE_INTERVALS, DEFAULT_SERVICE_INTERVALS, locationChoices, serviceBookingSpec, yearMessage, type ServiceValues } from "./service-booking";
import { serviceProblems, stepFields } from "./service-booking-rules";

const doc = (json: unknown) => json as unknown as TenantDocument;
const harbourline = serviceBookingSpec(doc(harbourlineJson)); // full, Order Details, interval required, service types
const wattle = serviceBookingSpec(doc(wattleJson)); // minimal with Order Details
const kowhai = serviceBookingSpec(doc(kowhaiJson)); // minimal without Order Details, interval optional, no types, NZ (no state)
// Thursday 26 November 2026, 10:00 in Brisbane.
const now = new Date("2026-11-26T00:00:00Z");
const contact: ServiceValues = { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone: "0400 000 000" };
const messages = (spec = harbourline, values: ServiceValues = {}, only?: string[]) =>
  Object.fromEntries(serviceProblems(spec, values, { now, ...(only ? { only: only as never } : {}) }).map((p) => [p.name, p.message]));

describe("service booking: the step gate and required rules", () => {
  it("minimal: Vehicle Details needs registration, state, make, model and year", () => {
    expect(messages(wattle, {}, stepFields(wattle, 0))).toEqual({
      rego: "Vehicle Rego is required.",
      state: "Vehicle State is required.",
      vehicle_make: "Vehicle Make is required.",
      vehicle_model: "Vehicle Model is required.",
      vehicle_year: "Vehicle Year is required.",
    });
    expect(messages(wattle, { rego: "ABC123", state: "VIC", vehicle_make: "Jayco", vehicle_model: "Starcraft", vehicle_year: "1850" }, stepFields(wattle, 0))).toEqual({
      vehicle_year: yearMessage(2027),
    });
    expect(messages(wattle, { rego: "ABC123", state: "VIC", vehicle_make: "Jayco", vehicle_model: "Starcraft", vehicle_year: "2019" }, stepFields(wattle, 0))).toEqual({});
  });

  it("full: Contact Details needs the four contact fields; Vehicle Details needs only the interval (the site requires it)", () => {
    expect(messages(harbourline, {}, stepFields(harbourline, 0))).toEqual({
      first_name: "First Name is required.",
      last_name: "Last Name is required.",
      email: "Email Address is required.",
      phone: "Mobile Number is required.",
    });
    expect(messages(harbourline, { ...contact, email: "ada@", phone: "ring me" }, stepFields(harbourline, 0))).toEqual({
      email: "Please enter a valid email address.",
      phone: "Please enter a valid phone number.",
    });
    expect(messages(harbourline, {}, stepFields(harbourline, 1))).toEqual({ service_interval: "Service Interval is required." });
  });

  it("the interval is required per the site's setting; Service Type only where the site lists types", () => {
    expect(messages(kowhai, contact, stepFields(kowhai, 1))).not.toHaveProperty("service_interval");
    expect(kowhai.fields.some((f) => f.name === "service_type")).toBe(false);
    expect(messages(wattle, contact, stepFields(wattle, 1))).toEqual({ service_interval: "Service Interval is required." });
    expect(messages(harbourline, {}, stepFields(harbourline, 2))).toEqual({ service_type: "Service Type is required." });
  });

  it("a caravan site's intervals go by the calendar, not by km, and the server refuses a km interval there (issue 29)", () => {
    const intervals = (spec: typeof wattle) => spec.fields.find((f) => f.name === "service_interval")!.options!.map((o) => o.value);
    expect(intervals(wattle)).toEqual(DEFAULT_CARAVAN_SERVICE_INTERVALS);
    expect(intervals(wattle)).toContain("12-month (annual) service");
    expect(intervals(wattle).filter((x) => /\bkm\b/.test(x))).toEqual([]);
    expect(messages(wattle, { ...contact, service_interval: "10,000 km or 12 months" }, ["service_interval"])).toEqual({
      service_interval: "Please choose one of the listed options for Service Interval.",
    });
    expect(messages(wattle, { ...contact, service_interval: "12-month (annual) service" }, ["service_interval"])).toEqual({});
    // Motorcycles and trucks are serviced by km; a site's own list wins whatever it sells.
    expect(intervals(serviceBookingSpec(doc({ ...redgateJson, forms: { ...redgateJson.forms, service: {} } })))).toEqual(DEFAULT_SERVICE_INTERVALS);
    expect(intervals(serviceBookingSpec(doc({ ...wattleJson, forms: { ...wattleJson.forms, service: { ...wattleJson.forms.service, intervals: ["Annual"] } } })))).toEqual(["Annual"]);
  });

  it("location and dealership are required in the minimal variant, the location optional in the full one", () => {
    expect(messages(kowhai, contact, stepFields(kowhai, 1))).toEqual({ dealership_slug: "Dealership is required.", location_id: "Service Location is required." });
    expect(messages(harbourline, { service_type: "Brakes" }, stepFields(harbourline, 2))).toEqual({});
  });

  it("the location must be one of the chosen dealership's service locations; a choice not listed is refused", () => {
    expect(locationChoices(kowhai, "kowhai-motors-auckland").map((o) => o.value)).toEqual(["6002"]);
    expect(messages(kowhai, { ...contact, dealership_slug: "kowhai-motors-auckland", location_id: "6001" }, ["location_id"])).toEqual({
      location_id: "Please choose one of the listed options for Service Location.",
    });
    expect(messages(harbourline, { service_type: "Oil and filter" }, ["service_type"])).toEqual({ service_type: "Please choose one of the listed options for Service Type." });
  });
});

describe("service booking: the preferred date", () => {
  const at = (preferred_date: string, location_id = "1002") => messages(harbourline, { location_id, preferred_date }, ["preferred_date"]).preferred_date ?? null;

  it("today and open days pass; a day before today in the site's time zone is refused", () => {
    expect(at("2026-11-26")).toBeNull();
    expect(at("2026-11-27")).toBeNull();
    expect(at("2026-11-25")).toBe(DATE_PAST);
    // 00:30 on the 26th in Brisbane is still the 25th in UTC: the 25th is already past for the site.
    expect(serviceProblems(harbourline, { location_id: "1002", preferred_date: "2026-11-25" }, { now: new Date("2026-11-25T14:30:00Z"), only: ["preferred_date"] })[0]?.message).toBe(DATE_PAST);
  });

  it("a day the service department is closed every week (Sunday) is refused", () => {
    expect(at("2026-11-29")).toBe(dateClosed("2026-11-29"));
    expect(dateClosed("2026-11-29")).toBe("Our service department is closed on Sun 29 Nov 2026. Please choose another day.");
  });

  it("holiday hours: Christmas Day closed for everyone, the additional Boxing Day holiday for service only, Christmas Eve's sales hours do not close service", () => {
    expect(at("2026-12-25")).toBe("Our service department is closed on Fri 25 Dec 2026 (Christmas Day). Please choose another day.");
    expect(at("2026-12-28")).toBe("Our service department is closed on Mon 28 Dec 2026 (Boxing Day (additional public holiday)). Please choose another day.");
    expect(at("2026-12-24")).toBeNull();
  });

  it("without a chosen location, a day one of the site's service locations opens; not a real day is refused", () => {
    expect(at("2026-11-29", "")).toBe(dateClosed("2026-11-29"));
    expect(at("2026-11-28", "")).toBeNull();
    expect(at("2026-02-30")).toBe(DATE_INVALID);
  });
});
