import { describe, expect, it } from "vitest";
import { isNear, NEAR_DEFAULT_KM, nearKm, nearParams, nearText } from "./near";

describe("near (issue 34)", () => {
  const near = { place: "Blacktown, NSW", lat: -33.77, lng: 150.905, km: 50 };

  it("reads as the chip and as Algolia's parameters (metres)", () => {
    expect(nearText(near)).toBe("Within 50 km of Blacktown, NSW");
    expect(nearText({ ...near, place: "Penrose, Auckland", km: 1000 })).toBe("Within 1,000 km of Penrose, Auckland");
    expect(nearParams(near)).toEqual({ aroundLatLng: "-33.77,150.905", aroundRadius: 50000 });
  });

  it("takes a typed radius in whole kilometres, 1 to 1,000; a bare near is 50 km", () => {
    expect(NEAR_DEFAULT_KM).toBe(50);
    expect([nearKm(undefined), nearKm(20), nearKm(0.4), nearKm(12.6), nearKm(5000), nearKm(NaN)]).toEqual([50, 20, 1, 13, 1000, 50]);
  });

  it("checks a near handed over from elsewhere as the URL is checked", () => {
    expect(isNear(near)).toBe(true);
    expect(isNear({ ...near, km: 0 })).toBe(false);
    expect(isNear({ ...near, lat: "-33.77" })).toBe(false);
    expect(isNear({ ...near, place: "x".repeat(61) })).toBe(false);
    expect(isNear(null)).toBe(false);
  });
});
