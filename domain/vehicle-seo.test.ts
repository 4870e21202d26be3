import { describe, expect, it } from "vitest";
import { fixtureTenant } from "../tests/fixtures/fixture-tenant";
import { jsonLdText, vehicleDescription, vehicleJsonLd } from "./vehicle-seo";

const car = {
  year: 2021, make: "Toyota", model: "Corolla", badge: "Ascent Sport", series: "ZWE211R", price: 28990, price_type: "Drive Away", km: 45210,
  vin: "JTNB23HE10J012345", car_type: "used" as const, status: "in_stock" as const, colour: "Glacier White", fuel: "Petrol", transmission: "Automatic",
  body: "hatch", images: [{ url: "/media/vehicles/hatch/f1f2ef/front-right.jpg", kind: "exterior" as const }], preorder: false, dealership_id: 1,
};

describe("vehicle SEO", () => {
  it("describes the car with its km, price and dealer", () => {
    expect(vehicleDescription(car, fixtureTenant)).toBe("2021 Toyota Corolla Ascent Sport ZWE211R, 45,210 km for $28,990 Drive Away at Harbourside Motors.");
    expect(vehicleDescription({ ...car, car_type: "new", price: 0 }, fixtureTenant)).toBe("2021 Toyota Corolla Ascent Sport ZWE211R at Harbourside Motors.");
  });

  it("gives schema.org Product/Car with an offer, VIN, mileage and condition", () => {
    const ld = vehicleJsonLd(car, fixtureTenant, "https://harbourside.example/cars/x");
    expect(ld).toMatchObject({
      "@type": ["Product", "Car"],
      name: "2021 Toyota Corolla Ascent Sport ZWE211R",
      vehicleIdentificationNumber: "JTNB23HE10J012345",
      mileageFromOdometer: { "@type": "QuantitativeValue", value: 45210, unitCode: "KMT" },
      itemCondition: "https://schema.org/UsedCondition",
      image: ["https://harbourside.example/media/vehicles/hatch/f1f2ef/front-right.jpg"],
      offers: { "@type": "Offer", price: 28990, priceCurrency: "AUD", availability: "https://schema.org/InStock", seller: { name: "Harbourside Motors" } },
    });
    const sold = vehicleJsonLd({ ...car, status: "sold", price: 5 }, fixtureTenant, "https://harbourside.example/cars/x");
    expect(sold.offers).toEqual({ "@type": "Offer", url: "https://harbourside.example/cars/x", priceCurrency: "AUD", availability: "https://schema.org/SoldOut", seller: { "@type": "AutoDealer", name: "Harbourside Motors" } });
  });

  it("cannot be closed from inside by a feed's text", () => {
    expect(jsonLdText({ name: "</script><script>alert(1)</script>" })).not.toContain("</script>");
  });
});
