import { describe, expect, it } from "vitest";
import type { TenantDocument } from "../schemas/generated/tenant";
import harbourlineJson from "../tenants/harbourline.json";
import wattleJson from "../tenants/wattle-creek.json";
import { LEAD_STATUS_COMPLETE, LEAD_STATUS_IN_PROGRESS, SERVICE_CATEGORY, serviceBookingSpec, serviceDisclaimers, type ServiceValues } from "./service-booking";
import { buildServiceLead, serviceLeadProblems, serviceRecipient } from "./service-booking-lead";

const doc = (json: unknown) => json as unknown as TenantDocument;
const harbourline = serviceBookingSpec(doc(harbourlineJson)); // full, Order Details, interval required, service types
const wattle = serviceBookingSpec(doc(wattleJson)); // minimal with Order Details
// Thursday 26 November 2026, 10:00 in Brisbane.
const now = new Date("2026-11-26T00:00:00Z");
const contact: ServiceValues = { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone: "0400 000 000" };

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
