import { describe, expect, it } from "vitest";
import type { ServiceBookingSpec } from "../../domain/service-booking";
import { bookingReducer, initialBooking, placeServerErrors, startValues, type BookingAction, type BookingState } from "./booking-state";

const spec: ServiceBookingSpec = {
  variant: "minimal",
  steps: [
    { key: "vehicle", title: "Vehicle Details", fields: ["rego", "state", "vehicle_make"] },
    { key: "contact", title: "Contact Details", fields: ["first_name", "email"] },
    { key: "order", title: "Order Details", fields: ["dealership_slug", "location_id", "tyres_replacement"] },
  ],
  fields: [
    { name: "rego", label: "Registration", control: "text", required: true },
    { name: "state", label: "State", control: "select", required: true, options: [{ value: "QLD", label: "QLD" }, { value: "VIC", label: "VIC" }] },
    { name: "vehicle_make", label: "Make", control: "text", required: true },
    { name: "first_name", label: "First Name", control: "text", required: true },
    { name: "email", label: "Email", control: "email", required: true },
    { name: "dealership_slug", label: "Dealership", control: "select", required: true, options: [{ value: "north", label: "North" }] },
    {
      name: "location_id",
      label: "Location",
      control: "select",
      required: true,
      options: [
        { value: "1", label: "North One", dealership: "north" },
        { value: "2", label: "South One", dealership: "south" },
        { value: "3", label: "South Two", dealership: "south" },
      ],
    },
    { name: "tyres_replacement", label: "Tyres", control: "checkbox", required: false },
  ],
  timeZone: "Australia/Brisbane",
  locations: [],
  disclaimers: [],
  lookup: true,
};
const reduce = bookingReducer(spec);
const now = new Date("2026-06-01T00:00:00Z");
const start = () => initialBooking({ spec, defaultState: "VIC" });
const run = (actions: BookingAction[], from: BookingState = start()) => actions.reduce(reduce, from);

describe("service booking state", () => {
  it("starts on the first step: a select with one option chosen, a checkbox off, the site's state", () => {
    expect(startValues(spec, "VIC")).toEqual({ rego: "", state: "VIC", vehicle_make: "", first_name: "", email: "", dealership_slug: "north", location_id: "", tyres_replacement: false });
    expect(startValues(spec, null).state).toBe("");
    expect(start()).toMatchObject({ step: 0, errors: {}, refused: false, busy: false, done: false, others: [], lookup: { busy: false, message: null } });
  });

  it("a change is kept; a field with a message is checked again, so a fixed one loses it", () => {
    let s = run([{ type: "change", name: "first_name", value: "Ada", now }]);
    expect(s.values.first_name).toBe("Ada");
    expect(s.errors).toEqual({});
    s = run([{ type: "show", problems: [{ name: "email", message: "Email is required." }] }, { type: "change", name: "email", value: "nope", now }], s);
    expect(s.errors.email).toBe("Please enter a valid email address.");
    s = run([{ type: "change", name: "email", value: "ada@example.com", now }], s);
    expect(s.errors.email).toBeUndefined();
  });

  it("adopting a typed value and filling kept details only where empty", () => {
    const s = run([{ type: "adopt", name: "rego", value: "ABC1" }, { type: "change", name: "first_name", value: "Ada", now }, { type: "fill", values: { first_name: "Kept", email: "k@example.com" } }]);
    expect(s.values).toMatchObject({ rego: "ABC1", first_name: "Ada", email: "k@example.com" });
    expect(run([{ type: "fill", values: { first_name: "" } }], s)).toBe(s);
  });

  it("the step gate: back to the earliest step with a problem, its messages only, refused; passing clears them", () => {
    const s = run([{ type: "go", step: 2 }, { type: "refuse-step", problems: [{ name: "email", message: "e" }, { name: "rego", message: "r" }, { name: "vehicle_make", message: "m" }] }]);
    expect(s).toMatchObject({ step: 0, refused: true, errors: { rego: "r", vehicle_make: "m" } });
    expect(run([{ type: "step-passed" }], s).errors).toEqual({});
    expect(run([{ type: "go", step: 1 }], s)).toMatchObject({ step: 1, refused: false });
  });

  it("Next and Back: a submit clears the form's message and the others; Back clears the messages and goes a step back", () => {
    let s = run([{ type: "go", step: 1 }, { type: "failed", message: "down" }, { type: "server-refused", placed: [], others: ["x"] }]);
    expect(s).toMatchObject({ formError: "down", others: ["x"], step: 1 });
    s = run([{ type: "submit" }], s);
    expect(s).toMatchObject({ formError: undefined, others: [] });
    s = run([{ type: "refuse-step", problems: [{ name: "email", message: "e" }] }, { type: "server-refused", placed: [], others: ["y"] }, { type: "back" }], s);
    expect(s).toMatchObject({ step: 0, errors: {}, others: [], refused: false });
  });

  it("the server's refusal: field messages on the earliest step with one, the rest listed", () => {
    const placed = placeServerErrors(spec, [
      { pointer: "/fields/email", message: "bad email" },
      { pointer: "/fields/vehicle_make", message: "bad make" },
      { pointer: "/fields/unknown", message: "odd" },
      { pointer: "/lead_attributes", message: "other" },
    ]);
    expect(placed).toEqual({ placed: [{ name: "email", message: "bad email" }, { name: "vehicle_make", message: "bad make" }], others: ["odd", "other"] });
    const s = run([{ type: "go", step: 2 }, { type: "server-refused", ...placed }]);
    expect(s).toMatchObject({ step: 0, errors: { email: "bad email", vehicle_make: "bad make" }, others: ["odd", "other"] });
  });

  it("busy while sending, and booked", () => {
    expect(run([{ type: "busy", busy: true }]).busy).toBe(true);
    expect(run([{ type: "busy", busy: true }, { type: "busy", busy: false }, { type: "booked" }])).toMatchObject({ busy: false, done: true });
  });

  it("the location narrows to the dealership's: an outside choice cleared, a single one chosen once", () => {
    let s = run([{ type: "change", name: "location_id", value: "2", now }, { type: "narrow-locations", allowed: ["1"] }]);
    expect(s.values.location_id).toBe("1");
    expect(s.preselected).toEqual(["1"]);
    // Cleared by the visitor, the same single choice is not chosen again.
    s = run([{ type: "change", name: "location_id", value: "", now }, { type: "narrow-locations", allowed: ["1"] }], s);
    expect(s.values.location_id).toBe("");
    s = run([{ type: "change", name: "location_id", value: "2", now }, { type: "narrow-locations", allowed: ["2", "3"] }], s);
    expect(s.values.location_id).toBe("2");
    expect(run([{ type: "narrow-locations", allowed: ["2", "3"] }], s)).toBe(s);
    // "2" is outside: cleared; the list of "1" alone was chosen from once already, "3" alone not yet.
    expect(run([{ type: "narrow-locations", allowed: ["1"] }], s).values.location_id).toBe("");
    expect(run([{ type: "narrow-locations", allowed: ["3"] }], s).values.location_id).toBe("3");
  });

  it("the registration lookup: busy, then the car's make, model and year with their messages cleared, or the message", () => {
    let s = run([{ type: "show", problems: [{ name: "vehicle_make", message: "m" }] }, { type: "lookup-started" }]);
    expect(s.lookup).toEqual({ busy: true, message: null });
    s = run([{ type: "vehicle-found", make: "Jayco", model: "Journey", year: "2020", message: "found" }], s);
    expect(s.values).toMatchObject({ vehicle_make: "Jayco", vehicle_model: "Journey", vehicle_year: "2020" });
    expect(s.errors.vehicle_make).toBeUndefined();
    expect(s.lookup).toEqual({ busy: false, message: "found" });
    expect(run([{ type: "lookup-started" }, { type: "lookup-ended", message: "not found" }]).lookup).toEqual({ busy: false, message: "not found" });
  });
});
