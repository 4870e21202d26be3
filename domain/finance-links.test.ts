import { describe, expect, it } from "vitest";
import { financeHref, FINANCE_FORM_ANCHOR } from "./finance-links";

describe("financeHref (spec §2: /finance with car_id, vehiclePriceBudget, car_type, anchored to the form)", () => {
  const car = { id: "hm-1001", price: 27990, car_type: "used" };
  it("links /finance with the car's query, anchored to the finance form", () => {
    expect(FINANCE_FORM_ANCHOR).toBe("finance-form");
    expect(financeHref({}, car)).toBe("/finance?car_id=hm-1001&vehiclePriceBudget=27990&car_type=used#finance-form");
  });
  it("uses the site's default finance link, keeping its own query and anchor", () => {
    expect(financeHref({ defaultLink: "/mazda-finance-page" }, car)).toBe("/mazda-finance-page?car_id=hm-1001&vehiclePriceBudget=27990&car_type=used#finance-form");
    expect(financeHref({ defaultLink: "/apply-for-finance?src=vdp#apply" }, car)).toBe("/apply-for-finance?src=vdp&car_id=hm-1001&vehiclePriceBudget=27990&car_type=used#apply");
    expect(financeHref({ defaultLink: "https://finance.example.com/apply" }, car)).toBe("https://finance.example.com/apply?car_id=hm-1001&vehiclePriceBudget=27990&car_type=used#finance-form");
    expect(financeHref({ defaultLink: "tel:1300000000" }, car)).toBe("tel:1300000000");
  });
  it("leaves out a price of 10 or less and works without a car", () => {
    expect(financeHref({}, { ...car, price: 0 })).toBe("/finance?car_id=hm-1001&car_type=used#finance-form");
    expect(financeHref({}, null)).toBe("/finance#finance-form");
  });

  it("names the car's dealership as preferredDealership, which the finance form preselects", () => {
    const dealerships = [
      { id: 101, slug: "harbourline-toyota" },
      { id: 102, slug: "harbourline-mazda" },
    ];
    expect(financeHref({}, { ...car, dealership_id: 102 }, dealerships)).toBe("/finance?car_id=hm-1001&vehiclePriceBudget=27990&car_type=used&preferredDealership=harbourline-mazda#finance-form");
    expect(financeHref({}, { ...car, dealership_id: 999 }, dealerships)).toBe("/finance?car_id=hm-1001&vehiclePriceBudget=27990&car_type=used#finance-form");
  });
});
