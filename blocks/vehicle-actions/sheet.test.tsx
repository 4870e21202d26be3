import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { caravanVehicle, fixtureVehicle, soldVehicle } from "../../tests/fixtures/vehicle";
import { fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import type { TenantDocument } from "../../renderer/types";
import { PrintView } from "./print-view";
import { addressLine, sheetDisclaimer, vehicleSheet } from "../../domain/vehicle-sheet";

const tenant = (change: (t: TenantDocument) => void = () => {}) => {
  const t = structuredClone(fixtureTenant);
  change(t);
  return t;
};
const withLicence = tenant((t) => (t.locations[0].dealer_license_number = "DL 24871"));

describe("vehicle sheet (what the print view and the PDF say)", () => {
  it("names the car, prices it with its price type, and gives its canonical URL and first photo", () => {
    const s = vehicleSheet(fixtureVehicle(), withLicence);
    expect(s.title).toBe("2021 Toyota Corolla");
    expect(s.subtitle).toBe("Ascent Sport ZWE211R");
    expect(s.name).toBe("2021 Toyota Corolla Ascent Sport ZWE211R");
    expect(s.price).toEqual({ text: "$27,990", label: "Drive Away", sold: false });
    expect(s.url).toBe("https://harbourside.example/cars/2021-toyota-corolla-ascent-sport-hatch-hm1001");
    expect(s.image).toBe("/media/vehicles/hatch/f1f2ef/spin-00.jpg");
    expect(s.site).toEqual({ name: "Harbourside Motors", logo: { src: "/logos/harbourside.svg", alt: "Harbourside Motors" } });
  });

  it("lists the key details, features and comments the car has", () => {
    const car = fixtureVehicle({
      standard_equipment: [
        { name: "Safety", items: ["Reversing camera", "6 airbags"] },
        { name: "Empty", items: [] },
      ],
      dealercomments: "One owner.\r\n\r\nFull service history.",
    });
    const s = vehicleSheet(car, withLicence);
    expect(s.details.slice(0, 3)).toEqual([
      { label: "Odometer", value: "42,123 km" },
      { label: "Transmission", value: "Constantly Variable Transmission" },
      { label: "Body", value: "Hatchback" },
    ]);
    expect(s.details).toContainEqual({ label: "VIN", value: "JTNKB3BE10J012345" });
    expect(s.features).toEqual([{ name: "Safety", items: ["Reversing camera", "6 airbags"] }]);
    expect(s.comments).toEqual(["One owner.", "Full service history."]);
    expect(vehicleSheet(fixtureVehicle({ dealercomments: undefined }), withLicence).comments).toEqual([]);
  });

  it("gives the car's location with its address, phone (as shown and to dial) and dealer licence where it has one", () => {
    expect(vehicleSheet(fixtureVehicle(), withLicence).location).toEqual({
      name: "Harbourside Newstead",
      address: "1 Wharf St, Newstead QLD 4006",
      phone: "07 3000 1234",
      tel: "tel:+61730001234",
      licence: "Dealer licence DL 24871",
    });
    expect(vehicleSheet(fixtureVehicle(), fixtureTenant).location?.licence).toBeNull();
    // A New Zealand trader names its registration on the Motor Vehicle Traders Register.
    const nz = tenant((t) => {
      t.locations[0].dealer_license_number = "M412873";
      t.identity.locale = "en-NZ";
    });
    expect(vehicleSheet(fixtureVehicle(), nz).location?.licence).toBe("Registered motor vehicle trader M412873");
  });

  it("a sold car says SOLD where the price was; a car without a price says the site's no-price text", () => {
    expect(vehicleSheet(soldVehicle(), fixtureTenant).price).toEqual({ text: "SOLD", label: "This vehicle has recently sold.", sold: true });
    expect(vehicleSheet(fixtureVehicle({ price: 0 }), fixtureTenant).price).toEqual({ text: "Enquire for price", label: null, sold: false });
  });

  it("caravans lead their details with sizes in feet and metres", () => {
    expect(vehicleSheet(caravanVehicle(), fixtureTenant).details[0].value).toMatch(/ ft \(\d+\.\d\d m\)$/);
  });

  it("no domain, no URL; the disclaimer names the car's dealership", () => {
    expect(vehicleSheet(fixtureVehicle(), tenant((t) => (t.identity.domains = []))).url).toBeNull();
    const dealer = fixtureTenant.dealerships.find((d) => d.id === 1)!.name;
    expect(vehicleSheet(fixtureVehicle(), fixtureTenant).disclaimer).toBe(sheetDisclaimer(dealer));
    expect(sheetDisclaimer("Bluegum Pre-Owned")).toMatch(/^While every care is taken .* Please confirm all details with Bluegum Pre-Owned before you buy\.$/);
  });

  it("writes an address on one line from the parts it has", () => {
    expect(addressLine({ street: "401 Scarborough Beach Road", city: "Osborne Park", state: "WA", postcode: "6017" })).toBe("401 Scarborough Beach Road, Osborne Park WA 6017");
    expect(addressLine({ city: "Midland", state: "WA" })).toBe("Midland WA");
    expect(addressLine({})).toBeNull();
    expect(addressLine(undefined)).toBeNull();
  });
});

describe("print view", () => {
  const html = renderToStaticMarkup(<PrintView sheet={vehicleSheet(fixtureVehicle({ standard_equipment: [{ name: "Safety", items: ["Reversing camera"] }] }), withLicence)} />);

  it("shows the photo, heading, price with its type, details, features, comments, location, licence and disclaimer", () => {
    expect(html).toContain('<h1 class="');
    expect(html).toMatch(/<h1[^>]*>2021 Toyota Corolla<span[^>]*> Ascent Sport ZWE211R<\/span><\/h1>/);
    expect(html).toMatch(/>\$27,990<\/span><span[^>]*> Drive Away<\/span>/);
    expect(html).toContain(`src="/_next/image?url=${encodeURIComponent("/media/vehicles/hatch/f1f2ef/spin-00.jpg")}&amp;w=1200&amp;q=90"`);
    expect(html).toContain('alt="2021 Toyota Corolla Ascent Sport ZWE211R"');
    expect(html).toMatch(/<dt>Odometer<\/dt><dd>42,123 km<\/dd>/);
    expect(html).toMatch(/<h3>Safety<\/h3><ul[^>]*><li>Reversing camera<\/li><\/ul>/);
    expect(html).toContain("One owner, full service history.");
    expect(html).toContain("<strong>Harbourside Newstead</strong><span>1 Wharf St, Newstead QLD 4006</span>");
    expect(html).toContain('Phone: <a href="tel:+61730001234">07 3000 1234</a>');
    expect(html).toContain("<span>Dealer licence DL 24871</span>");
    expect(html).toContain('View online: <a href="https://harbourside.example/cars/2021-toyota-corolla-ascent-sport-hatch-hm1001">');
    expect(html).toContain("Please confirm all details with");
    expect(html).toContain(">Print this page</button>");
  });

  it("leaves out what the car does not have", () => {
    const bare = renderToStaticMarkup(<PrintView sheet={vehicleSheet(fixtureVehicle({ images: [], dealercomments: undefined }), fixtureTenant)} />);
    expect(bare).not.toContain("/_next/image");
    expect(bare).not.toContain("Dealer comments");
    expect(bare).not.toContain("Features");
    expect(bare).not.toContain("Dealer licence");
    expect(bare).toContain('alt="Harbourside Motors"'); // the logo stays
  });
});
