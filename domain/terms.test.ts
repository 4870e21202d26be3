import { describe, expect, it } from "vitest";
import { countryTerms } from "./terms";

describe("countryTerms", () => {
  it("speaks Australian by default and New Zealand on en-NZ sites", () => {
    expect(countryTerms("en-AU")).toEqual({ dealerLicence: "Dealer licence", plate: "Rego", registration: "Rego", vehiclePlate: "Vehicle Rego" });
    expect(countryTerms(undefined).dealerLicence).toBe("Dealer licence");
    expect(countryTerms("en-NZ")).toEqual({ dealerLicence: "Registered motor vehicle trader", plate: "Plate", registration: "Registration", vehiclePlate: "Plate Number" });
  });
});
