import { describe, expect, it } from "vitest";
import { analyticsPage, metaVehicle } from "./analytics-standards";
import { metaCar, metaVehicleFields, vehicleCondition } from "./meta-vehicle";

const base = { id: "cs-101", make: "Mazda", model: "CX-5", year: 2021, car_type: "used" as const, price: 38990 };
const AU = { currency: "AUD", country: "AU" as const };
const NZ = { currency: "NZD", country: "NZ" as const };
const fields = { content_type: "vehicle", content_ids: ["cs-101"], make: "Mazda", model: "CX-5", year: 2021 };

describe("a car in Meta's vehicle fields", () => {
  it.each([
    ["a used car with every optional field", { ...base, certified: false, body: "SUV", colour: "Soul Red", fuel: "Petrol", vin: "JM0KF4W7A00123456" }, AU,
      { ...fields, state_of_vehicle: "used", price: 38990, currency: "AUD", country: "Australia", body_style: "SUV", exterior_color: "Soul Red", fuel_type: "GASOLINE", vin: "JM0KF4W7A00123456" }],
    ["a new car in New Zealand, without body, colour, fuel or VIN", { ...base, car_type: "new" as const }, NZ,
      { ...fields, state_of_vehicle: "new", price: 38990, currency: "NZD", country: "New Zealand" }],
    ["a certified used car", { ...base, certified: true }, AU, { ...fields, state_of_vehicle: "cpo", price: 38990, currency: "AUD", country: "Australia" }],
    ["a demonstrator (registered: used), certified or not", { ...base, car_type: "demo" as const, certified: true }, AU, { ...fields, state_of_vehicle: "cpo", price: 38990, currency: "AUD", country: "Australia" }],
    ["empty optional fields are left out", { ...base, body: "", colour: "", fuel: "", vin: "" }, AU, { ...fields, state_of_vehicle: "used", price: 38990, currency: "AUD", country: "Australia" }],
  ])("%s", (_what, car, where, expected) => {
    expect(metaVehicleFields(metaCar(car), where)).toEqual(expected);
  });

  it("says the country by name and body and fuel in the catalogue's values, as Meta's automotive events ask", () => {
    const car = (body: string, fuel: string) => metaVehicleFields(metaCar({ ...base, body, fuel }), NZ);
    expect(car("Utility", "Diesel")).toMatchObject({ country: "New Zealand", body_style: "TRUCK", fuel_type: "DIESEL" });
    expect(car("People Mover", "Plug-in Hybrid")).toMatchObject({ body_style: "MINIVAN", fuel_type: "HYBRID" });
    expect(car("Cab Chassis", "Electric")).toMatchObject({ body_style: "TRUCK", fuel_type: "ELECTRIC" });
    expect(car("Pop Top", "Unleaded Petrol")).toMatchObject({ body_style: "OTHER", fuel_type: "GASOLINE" });
  });

  it("without a car: only the content type; without a price: no price field", () => {
    expect(metaVehicleFields(null, AU)).toEqual({ content_type: "vehicle" });
    expect(metaVehicleFields({ ...metaCar(base), price: null }, AU)).toEqual({ ...fields, state_of_vehicle: "used", currency: "AUD", country: "Australia" });
  });

  it("new, used and certified pre-owned: the one condition ASC's item and Meta's state_of_vehicle carry", () => {
    expect([vehicleCondition({ car_type: "new", certified: true }), vehicleCondition({ car_type: "used" }), vehicleCondition({ car_type: "demo", certified: false }), vehicleCondition({ car_type: "used", certified: true })]).toEqual(["new", "used", "used", "cpo"]);
  });

  it("the browser's fields of a vehicle page's car are the mapping's of that car (without the VIN, which the page does not carry)", () => {
    const car = { ...base, vin: "JM0KF4W7A00123456", stocknum: "S1", certified: true, badge: "GT", colour: "Soul Red", item_type: "car" as const, body: "SUV", fuel: "Diesel" };
    const page = analyticsPage({ template: "vehicle-detail", path: "/cars/x", currency: "AUD", locale: "en-AU", car });
    expect(page.car?.item.item_condition).toBe("cpo");
    const { vin: _vin, ...server } = metaVehicleFields(metaCar(car), AU);
    expect(metaVehicle(page)).toEqual(server);
  });
});
