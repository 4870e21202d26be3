import { describe, expect, it } from "vitest";
import { fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import { fixtureVehicle } from "../../tests/fixtures/vehicle";
import { listCar, parseIds } from "./http";

const ids = (q: string) => parseIds(new URL(`http://alpha.localhost/api/cars${q}`));

describe("GET /api/cars ids", () => {
  it("takes comma-separated vehicle ids, each once", () => {
    expect(ids("?ids=a1,b-2,a1,%20c.3")).toEqual(["a1", "b-2", "c.3"]);
  });

  it.each([
    ["", "Give the cars as one ids parameter: ids=id1,id2."],
    ["?ids=a&ids=b", "Give the cars as one ids parameter: ids=id1,id2."],
    ["?ids=,,", "Give at least one car id."],
    ["?ids=a%00b", "A car id has letters, digits, dot, underscore, colon and hyphen only (at most 80)."],
    ["?ids=%ED%A0%80", "A car id has letters, digits, dot, underscore, colon and hyphen only (at most 80)."],
    [`?ids=${Array.from({ length: 61 }, (_, i) => `c${i}`).join(",")}`, "At most 60 cars at a time."],
    [`?ids=${"a".repeat(10_000)}`, "At most 60 cars at a time."],
  ])("refuses %s with a 400 that says why", (q, message) => {
    expect(() => ids(q)).toThrow(expect.objectContaining({ status: 400, message }));
  });
});

describe("a listed car", () => {
  it("is one of the site's shown cars only", () => {
    expect(listCar(fixtureVehicle(), fixtureTenant)?.card.objectID).toBe("hm-1001");
    expect(listCar(fixtureVehicle({ dealership_id: 99 }), fixtureTenant)).toBeNull();
    expect(listCar(fixtureVehicle({ show_on_dealer_website: false }), fixtureTenant)).toBeNull();
    expect(listCar(undefined, fixtureTenant)).toBeNull();
  });
});
