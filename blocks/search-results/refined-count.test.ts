import { describe, expect, it } from "vitest";
import { refinedCount } from "./search-ui";

describe("refinedCount (the Filters (n) button)", () => {
  const attrs = ["car_type", "make", "model", "km", "price_range"];
  it("counts each refined value and each range once, for the page's attributes only", () => {
    expect(refinedCount({}, attrs)).toBe(0);
    expect(refinedCount({ refinementList: { car_type: ["used"], make: ["Isuzu UTE"] } }, attrs)).toBe(2);
    expect(refinedCount({ refinementList: { make: ["Toyota", "Mazda"], colour: ["Red"] }, range: { km: "0:50000" } }, attrs)).toBe(3);
    expect(refinedCount({ range: { km: ":", price: "5000:9000" }, query: "ute" }, attrs)).toBe(0);
  });
});
