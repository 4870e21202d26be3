import { describe, expect, it } from "vitest";
import type { TenantDocument } from "../schemas/generated/tenant";
import harbourlineJson from "../tenants/harbourline.json";
import kowhaiJson from "../tenants/kowhai-motors.json";
import wattleJson from "../tenants/wattle-creek.json";
import bluegumJson from "../tenants/bluegum.json";
import redgateJson from "../tenants/redgate.json";
import { CONTACT_DETAILS, DEFAULT_SERVICE_INTERVALS, locationChoices, ORDER_DETAILS, serviceBookingSpec, servicePage, takesServiceBookings, VEHICLE_DETAILS } from "./service-booking";

const doc = (json: unknown) => json as unknown as TenantDocument;
const harbourline = serviceBookingSpec(doc(harbourlineJson)); // full, Order Details, interval required, service types
const wattle = serviceBookingSpec(doc(wattleJson)); // minimal with Order Details
const kowhai = serviceBookingSpec(doc(kowhaiJson)); // minimal without Order Details, interval optional, no types, NZ (no state)

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
