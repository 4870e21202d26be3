import { describe, expect, it } from "vitest";
import type { TenantDocument } from "../schemas/generated/tenant";
import harbourlineJson from "../tenants/harbourline.json";
import kowhaiJson from "../tenants/kowhai-motors.json";
import wattleJson from "../tenants/wattle-creek.json";
import bluegumJson from "../tenants/bluegum.json";
import redgateJson from "../tenants/redgate.json";
import { CONTACT_DETAILS, DATE_INVALID, DATE_PAST, dateClosed, DEFAULT_CARAVAN_SERVICE_INTERVALS, DEFAULT_SERVICE_INTERVALS, LEAD_STATUS_COMPLETE, LEAD_STATUS_IN_PROGRESS, locationChoices, ORDER_DETAILS, SERVICE_CATEGORY, serviceBookingSpec, serviceDisclaimers, servicePage, takesServiceBookings, VEHICLE_DETAILS, yearMessage, type ServiceValues } from "./service-booking";
import { buildServiceLead, serviceLeadProblems, serviceRecipient } from "./service-booking-lead";
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

describe("service booking: steps per variant", () => {
  it("full: Contact Details, Vehicle Details (with the interval), Order Details; the location only, no dealership select", () => {
    expect(harbourline.steps.map((s) => s.title)).toEqual([CONTACT_DETAILS, VEHICLE_DETAILS, ORDER_DETAILS]);
    expect(harbourline.steps.map((s) => s.fields)).toEqual([
      ["first_name", "last_name", "email", "phone"],
      ["rego", "state", "vehicle_make", "vehicle_model", "vehicle_year", "service_interval"],
      ["location_id", "service_type", "preferred_date", "tyres_replacement", "comments"],
    ]);
    expect(harbourline.lookup).toBe(false);
    // The service locations only (1002 service, 1005 service-and-parts, 1012 service), each with its dealership.
    expect(locationChoices(harbourline, "")).toEqual([
      { value: "1002", label: "Harbourline Toyota Cleveland Service", dealership: "harbourline-toyota" },
      { value: "1005", label: "Harbourline Gold Coast Service Centre", dealership: "harbourline-hyundai-kia" },
      { value: "1012", label: "Harbourline Trucks Beresfield Service", dealership: "harbourline-trucks" },
    ]);
    expect(harbourline.fields.find((f) => f.name === "service_type")!.options!.map((o) => o.value)).toEqual(harbourlineJson.forms.service.serviceTypes);
    expect(harbourline.fields.find((f) => f.name === "service_interval")!.options!.map((o) => o.value)).toEqual(DEFAULT_SERVICE_INTERVALS);
  });

  it("minimal with Order Details: Vehicle Details (registration, make, model, year), Contact Details with the interval, Order Details with dealership and location", () => {
    expect(wattle.steps.map((s) => s.title)).toEqual([VEHICLE_DETAILS, CONTACT_DETAILS, ORDER_DETAILS]);
    expect(wattle.steps.map((s) => s.fields)).toEqual([
      ["rego", "state", "vehicle_make", "vehicle_model", "vehicle_year"],
      ["first_name", "last_name", "email", "phone", "service_interval"],
      ["dealership_slug", "location_id", "service_type", "preferred_date", "tyres_replacement", "comments"],
    ]);
    expect(wattle.lookup).toBe(true);
  });

  it("minimal without Order Details: two steps, the order fields on Contact Details; a New Zealand site has no state", () => {
    expect(kowhai.steps.map((s) => s.title)).toEqual([VEHICLE_DETAILS, CONTACT_DETAILS]);
    expect(kowhai.steps[0].fields).toEqual(["rego", "vehicle_make", "vehicle_model", "vehicle_year"]);
    expect(kowhai.steps[1].fields).toEqual(["first_name", "last_name", "email", "phone", "service_interval", "dealership_slug", "location_id", "preferred_date", "tyres_replacement", "comments"]);
  });

  it("the service page is the page with the booking block; a site with an external booking page or none takes no bookings", () => {
    expect(servicePage(doc(harbourlineJson))?.path).toBe("/service");
    expect(takesServiceBookings(doc(harbourlineJson))).toBe(true);
    expect(takesServiceBookings(doc(redgateJson))).toBe(false);
    expect(servicePage(doc(bluegumJson))).toBeNull();
    expect(takesServiceBookings(doc(bluegumJson))).toBe(false);
  });
});

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

describe("service booking: the lead", () => {
  const full: ServiceValues = {
    ...contact,
    rego: "abc 123",
    state: "QLD",
    vehicle_make: "Toyota",
    vehicle_model: "Corolla",
    vehicle_year: "2019",
    service_interval: "40,000 km or 48 months",
    location_id: "1002",
    service_type: "Brakes",
    preferred_date: "2026-12-01",
    tyres_replacement: true,
    comments: "Squeaky brakes",
  };

  it("the last step: category Service Booking, PageTitle Service, lead_status Complete, form_completed true; the dealership follows the location", () => {
    const lead = buildServiceLead(harbourline, full, { last: true, leadId: "0b6f7a52-6d5c-4c0e-9d1e-1c2b3a4d5e6f" });
    expect(lead).toEqual({
      source: "Website",
      form: "service",
      category: SERVICE_CATEGORY,
      lead_status: LEAD_STATUS_COMPLETE,
      form_completed: true,
      isLastStep: true,
      lead_id: "0b6f7a52-6d5c-4c0e-9d1e-1c2b3a4d5e6f",
      fields: {
        first_name: "Ada",
        last_name: "Lovelace",
        email: "ada@example.com",
        phone: "0400 000 000",
        rego: "ABC 123",
        state: "QLD",
        vehicle_make: "Toyota",
        vehicle_model: "Corolla",
        vehicle_year: 2019,
        service_interval: "40,000 km or 48 months",
        location_id: 1002,
        dealership_slug: "harbourline-toyota",
        service_type: "Brakes",
        preferred_date: "2026-12-01",
        tyres_replacement: true,
        comments: "Squeaky brakes",
        page_title: "Service",
      },
    });
    expect(serviceLeadProblems(harbourline, lead, now)).toEqual([]);
    expect(serviceRecipient(harbourline, lead)).toBe("harbourline-toyota-cleveland-service@harbourlinemotors.com.au");
  });

  it("an earlier step: In Progress, form_completed false, checked for what it carries", () => {
    const lead = buildServiceLead(harbourline, contact, { last: false });
    expect(lead).toMatchObject({ lead_status: LEAD_STATUS_IN_PROGRESS, form_completed: false, isLastStep: false });
    expect(lead).not.toHaveProperty("lead_id");
    expect(serviceLeadProblems(harbourline, lead, now)).toEqual([]);
    // The same fields sent as the last step lack the later steps' required ones.
    expect(serviceLeadProblems(harbourline, buildServiceLead(harbourline, contact, { last: true }), now).map((p) => p.pointer)).toEqual(["/fields/service_interval", "/fields/service_type"]);
  });

  it("progress that contradicts the step, or another category, is refused", () => {
    const lead = buildServiceLead(harbourline, full, { last: true });
    expect(serviceLeadProblems(harbourline, { ...lead, lead_status: LEAD_STATUS_IN_PROGRESS }, now).map((p) => p.pointer)).toEqual(["/lead_status"]);
    expect(serviceLeadProblems(harbourline, { ...lead, category: "General Enquiry" }, now).map((p) => p.pointer)).toEqual(["/category"]);
  });

  it("without a chosen location the e-mail goes to the dealership (no recipient of its own)", () => {
    expect(serviceRecipient(harbourline, buildServiceLead(harbourline, { ...full, location_id: "" }, { last: true }))).toBeNull();
  });

  it("disclaimers show for the site's configured location ids only", () => {
    expect(serviceDisclaimers(harbourline, 1002)).toEqual([harbourlineJson.forms.service.disclaimers![0].text]);
    expect(serviceDisclaimers(harbourline, 1012)).toHaveLength(1);
    expect(serviceDisclaimers(harbourline, 1005)).toEqual([]);
    expect(serviceDisclaimers(wattle, 4002)).toEqual([]);
  });
});
