import { describe, expect, it } from "vitest";
import { fixtureTenant } from "../tests/fixtures/fixture-tenant";
import { fixtureVehicle } from "../tests/fixtures/vehicle";
import { listCarState, listPagePath, pageFeatureOff, weeklyEstimate } from "./car-lists";
import { amortisedRepayment, calculateRepayment, carLoan } from "./finance";

const finance = () => structuredClone(fixtureTenant.finance);

describe("the compare page's weekly estimate", () => {
  it("is the finance calculator's weekly repayment for the car's price at the site's term and rate", () => {
    const car = fixtureVehicle({ price: 27990 });
    const est = weeklyEstimate(car, finance())!;
    const calc = calculateRepayment({ ...carLoan(finance(), car), amount: 27990, frequency: "weekly" }, finance().calculator);
    expect(calc.kind).toBe("repayment");
    expect(est).toEqual({ weekly: calc.kind === "repayment" ? calc.repayment : NaN, amount: 27990, termYears: 5, ratePercent: 10 });
    // 27,990 over 5 years at 10% a year, weekly, rounded up.
    expect(est.weekly).toBe(Math.ceil(amortisedRepayment(27990, 10, 5, 52)));
    expect(est.weekly).toBe(137);
  });

  it("uses the site's fee, and the lender's rate and term where the calculator starts from them", () => {
    const f = finance();
    f.calculator.establishmentFee = 1300;
    f.calculator.fromLender = true;
    f.provider = "Harbourside Finance";
    const est = weeklyEstimate(fixtureVehicle({ price: 27990 }), f)!;
    expect(est.ratePercent).toBe(9.99);
    expect(est.weekly).toBe(Math.ceil(amortisedRepayment(27990 + 1300, 9.99, 5, 52)));
  });

  it("clamps the price to the calculator's amount bounds", () => {
    expect(weeklyEstimate(fixtureVehicle({ price: 180000 }), finance())!.amount).toBe(100000);
  });

  it("is left out for a car not for sale, priced at 500 or less, or excluded from finance", () => {
    expect(weeklyEstimate(fixtureVehicle({ status: "sold" }), finance())).toBeNull();
    expect(weeklyEstimate(fixtureVehicle({ price: 500 }), finance())).toBeNull();
    const f = finance();
    f.excludedManufacturers = ["toyota"];
    expect(weeklyEstimate(fixtureVehicle(), f)).toBeNull();
  });
});

describe("list pages", () => {
  const doc = () => {
    const d = structuredClone(fixtureTenant);
    d.pages.push(
      { id: "fav", path: "/favourites", title: "Favourites", blocks: [{ id: "f", type: "favourites-list", props: { heading: "Your favourites" } }] },
      { id: "cmp", path: "/compare", title: "Compare", blocks: [{ id: "c", type: "compare-cars", props: { heading: "Compare cars", disclaimer: "*" } }] },
    );
    d.features.favourites = true;
    d.features.compare = true;
    return d;
  };

  it("is the page with the list's block, while its feature is on", () => {
    const d = doc();
    expect(listPagePath(d, "favourites")).toBe("/favourites");
    expect(listPagePath(d, "compare")).toBe("/compare");
    d.features.compare = false;
    expect(listPagePath(d, "compare")).toBeNull();
    expect(pageFeatureOff(d, d.pages.find((p) => p.id === "cmp")!)).toBe(true);
    expect(pageFeatureOff(d, d.pages.find((p) => p.id === "fav")!)).toBe(false);
    expect(listPagePath(structuredClone(fixtureTenant), "favourites")).toBeNull();
  });

  it("names a listed car's state", () => {
    expect(listCarState(null)).toBe("gone");
    expect(listCarState({ status: "in_stock", reserved: false })).toBe("available");
    expect(listCarState({ status: "coming_soon", reserved: true })).toBe("reserved");
    expect(listCarState({ status: "sold", reserved: true })).toBe("sold");
  });
});
