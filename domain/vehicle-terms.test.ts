import { describe, expect, it } from "vitest";
import { siteTerms, VEHICLE_TERMS, vehicleKind, vehicleTerms } from "./vehicle-terms";

describe("vehicle terms: the words follow the vehicle's kind (issue 29)", () => {
  it("a car keeps the spec's words", () => {
    expect(vehicleTerms({ item_type: "car" })).toEqual({
      kind: "car",
      noun: "car",
      Noun: "Car",
      plural: "cars",
      Plural: "Cars",
      test: "Test Drive",
      bookTest: "Book a Test Drive",
      hasOdometer: true,
      hasKeys: true,
      serviceBasis: "km",
      protectHeading: "Protect Your Car",
    });
  });

  it("a motorcycle is ridden, a truck driven", () => {
    expect(vehicleTerms({ item_type: "motorcycle" })).toMatchObject({ Noun: "Motorcycle", bookTest: "Book a Test Ride", protectHeading: "Protect Your Motorcycle", hasOdometer: true, serviceBasis: "km" });
    expect(vehicleTerms({ item_type: "truck" })).toMatchObject({ noun: "truck", bookTest: "Book a Test Drive", protectHeading: "Protect Your Truck", hasKeys: true });
  });

  it("a caravan and a camper trailer are inspected, have no odometer or keys, and are serviced by the calendar", () => {
    expect(vehicleTerms({ item_type: "caravan", body: "Caravan" })).toMatchObject({
      kind: "caravan",
      noun: "caravan",
      bookTest: "Book an Inspection",
      protectHeading: "Protect Your Caravan",
      hasOdometer: false,
      hasKeys: false,
      serviceBasis: "months",
    });
    expect(vehicleTerms({ item_type: "caravan", body: "Off Road Camper Trailer" })).toMatchObject({
      kind: "camper-trailer",
      noun: "camper trailer",
      Noun: "Camper Trailer",
      Plural: "Camper Trailers",
      bookTest: "Book an Inspection",
      protectHeading: "Protect Your Camper Trailer",
      hasOdometer: false,
    });
    // A pop-top is a caravan body: a caravan.
    expect(vehicleKind({ item_type: "caravan", body: "Pop Top" })).toBe("caravan");
  });

  it("a vehicle without a known item_type is a car", () => {
    expect(vehicleKind({})).toBe("car");
    expect(vehicleKind({ item_type: "boat" })).toBe("car");
    expect(vehicleTerms(null)).toBe(VEHICLE_TERMS.car);
    // A camper-trailer body on a car is not a camper trailer.
    expect(vehicleKind({ item_type: "car", body: "Camper Trailer" })).toBe("car");
  });

  it("a site's words: its one kind, cars among others, else vehicles", () => {
    expect(siteTerms({ stockKinds: ["caravan"] }).kind).toBe("caravan");
    expect(siteTerms({ stockKinds: ["motorcycle"] }).bookTest).toBe("Book a Test Ride");
    expect(siteTerms({ stockKinds: ["car", "motorcycle", "truck"] }).kind).toBe("car");
    expect(siteTerms({ stockKinds: ["motorcycle", "truck"] })).toMatchObject({ kind: "vehicle", protectHeading: "Protect Your Vehicle", bookTest: "Book a Test Drive" });
    expect(siteTerms({ stockKinds: [] }).kind).toBe("car");
    expect(siteTerms({}).kind).toBe("car");
  });
});
