import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FUEL_DEFAULTS, fuelCalculatorDefaults, isElectric, showFuelCalculator, weeklyFuelCost } from "./fuel";

const calculators = { finance: true, fuel: true, fuelDefaults: FUEL_DEFAULTS, delivery: false };

describe("fuel calculator", () => {
  it("starts from 1.70 per litre, 250 km a week, 10 L/100km (the schema's defaults too)", () => {
    expect(FUEL_DEFAULTS).toEqual({ pricePerLitre: 1.7, kmPerWeek: 250, litresPer100km: 10 });
    const schema = JSON.parse(readFileSync("schemas/tenant.schema.json", "utf8"));
    const props = schema.definitions.features.properties.calculators.properties.fuelDefaults.properties;
    expect({ pricePerLitre: props.pricePerLitre.default, kmPerWeek: props.kmPerWeek.default, litresPer100km: props.litresPer100km.default }).toEqual(FUEL_DEFAULTS);
  });
  it("costs distance / 100 × consumption × price a week", () => {
    // 250 / 100 × 10 × 1.70 = 2.5 × 17 = 42.50
    expect(weeklyFuelCost(FUEL_DEFAULTS)).toBe(42.5);
    // 400 / 100 × 7.2 × 2.05 = 4 × 14.76 = 59.04
    expect(weeklyFuelCost({ kmPerWeek: 400, litresPer100km: 7.2, pricePerLitre: 2.05 })).toBe(59.04);
    expect(weeklyFuelCost({ kmPerWeek: -5, litresPer100km: 10, pricePerLitre: 1.7 })).toBe(0);
  });
  it("takes the site's starting values", () => {
    expect(fuelCalculatorDefaults({ calculators: { ...calculators, fuelDefaults: { pricePerLitre: 2.8, kmPerWeek: 250, litresPer100km: 10 } } }).pricePerLitre).toBe(2.8);
  });
  it("is hidden for electric cars and where the site has none", () => {
    expect(showFuelCalculator({ fuel: "Petrol" }, { calculators })).toBe(true);
    expect(showFuelCalculator({ fuel: "Hybrid" }, { calculators })).toBe(true);
    expect(showFuelCalculator({ fuel: "Plug-in Hybrid" }, { calculators })).toBe(true);
    expect(showFuelCalculator({ fuel: "Electric" }, { calculators })).toBe(false);
    expect(showFuelCalculator({}, { calculators })).toBe(true);
    expect(showFuelCalculator({ fuel: "Diesel" }, { calculators: { ...calculators, fuel: false } })).toBe(false);
  });
  it("knows electric fuel names", () => {
    expect(["Electric", "electric", "EV", "BEV", "Electric - BEV"].map(isElectric)).toEqual([true, true, true, true, true]);
    expect(["Petrol", "Diesel", "Hybrid", "PHEV", "Petrol - Electric Hybrid", "Nissan e-Power", "", null].map(isElectric)).toEqual([false, false, false, false, false, false, false, false]);
  });
});
