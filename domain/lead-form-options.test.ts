import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Location, TenantDocument } from "../schemas/generated/tenant";
import { validateTenant } from "./tenant-validation";
import { leadFormSpec, type FormsTenant } from "./lead-forms";
import { dealershipOptions, locationOptions, makeSlug, locationBaseName } from "./lead-form-options";

const harbourline = (() => {
  const v = validateTenant(JSON.parse(readFileSync("tenants/harbourline.json", "utf8")));
  if (!v.ok) throw new Error("harbourline.json is invalid");
  return v.document;
})();

const loc = (id: number, name: string, dealership_id: number, over: Partial<Location> = {}): Location => ({
  id,
  name,
  slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
  dealership_id,
  primary: false,
  visible: true,
  location_type: "sales",
  address: { street: "1 Main St", city: "Springfield", state: "QLD", postcode: "4000" },
  ...over,
});

function site(select: Partial<TenantDocument["forms"]["dealershipSelect"]> = {}, locations?: Location[]): FormsTenant {
  return {
    dealerships: [
      { id: 1, slug: "north-toyota", name: "North Toyota" },
      { id: 2, slug: "south-isuzu", name: "South Isuzu UTE" },
      { id: 3, slug: "east-motors", name: "East Motors" },
    ],
    locations: locations ?? [
      loc(11, "North Toyota Sales", 1, { manufacturers: ["toyota"], address: { street: "1", city: "Northgate", state: "QLD", postcode: "4013" } }),
      loc(12, "North Toyota Service", 1, { location_type: "service", manufacturers: ["toyota"], address: { street: "2", city: "Northgate", state: "QLD", postcode: "4013" } }),
      loc(21, "South Isuzu UTE Sales", 2, { manufacturers: ["isuzu-ute"], address: { street: "3", city: "Southport", state: "QLD", postcode: "4215" } }),
      loc(22, "South Parts", 2, { location_type: "service-and-parts", manufacturers: ["isuzu-ute"], address: { street: "4", city: "Southport", state: "QLD", postcode: "4215" } }),
      loc(31, "East Motors", 3, { manufacturers: ["kia", "toyota"], address: { street: "5", city: "Northgate", state: "QLD", postcode: "4013" } }),
      loc(32, "Hidden Yard", 3, { visible: false }),
      loc(33, "  ", 3),
    ],
    forms: { ...harbourline.forms, dealershipSelect: { placeholder: "Please select a dealership...", filterByMake: false, excludedLocationIds: [], showCityNames: false, ...select } },
  };
}

describe("the dealership dropdown (leads §5)", () => {
  it("lists one option per dealership, named by location without the department suffix; hidden and unnamed locations are left out", () => {
    expect(dealershipOptions(site())).toEqual([
      { value: "north-toyota", label: "North Toyota" },
      { value: "south-isuzu", label: "South Isuzu UTE" },
      { value: "east-motors", label: "East Motors" },
    ]);
  });

  it("filters by make, the make's spaces replaced with hyphens", () => {
    expect(makeSlug("Isuzu UTE")).toBe("isuzu-ute");
    const s = site({ filterByMake: true });
    expect(dealershipOptions(s, "Isuzu UTE").map((o) => o.value)).toEqual(["south-isuzu"]);
    expect(dealershipOptions(s, "Toyota").map((o) => o.value)).toEqual(["north-toyota", "east-motors"]);
    // A make no location sells, or no make: the list is not narrowed (the form can still be sent).
    expect(dealershipOptions(s, "Lada").map((o) => o.value)).toEqual(["north-toyota", "south-isuzu", "east-motors"]);
    expect(dealershipOptions(s, null)).toHaveLength(3);
    // The filter only applies where the site switches it on.
    expect(dealershipOptions(site(), "Isuzu UTE")).toHaveLength(3);
  });

  it("filters by location type (service includes service-and-parts locations) or by a fixed list", () => {
    expect(dealershipOptions(site({ locationType: "service" }))).toEqual([
      { value: "north-toyota", label: "North Toyota" },
      { value: "south-isuzu", label: "South" },
    ]);
    expect(dealershipOptions(site({ locationType: "parts" })).map((o) => o.value)).toEqual(["south-isuzu"]);
    expect(dealershipOptions(site({ fixedDealershipSlugs: ["east-motors", "north-toyota"] })).map((o) => o.value)).toEqual(["north-toyota", "east-motors"]);
  });

  it("leaves out excluded location ids (a dealership stays while another of its locations is allowed)", () => {
    expect(dealershipOptions(site({ excludedLocationIds: [21, 22] })).map((o) => o.value)).toEqual(["north-toyota", "east-motors"]);
    expect(dealershipOptions(site({ excludedLocationIds: [11] }))).toContainEqual({ value: "north-toyota", label: "North Toyota" });
    expect(locationOptions(site({ excludedLocationIds: [11] })).map((o) => o.value)).toEqual(["12", "21", "22", "31"]);
  });

  it("shows city names where the site says so; a city two dealerships share names the dealership", () => {
    expect(dealershipOptions(site({ showCityNames: true }))).toEqual([
      { value: "north-toyota", label: "Northgate (North Toyota)" },
      { value: "south-isuzu", label: "Southport" },
      { value: "east-motors", label: "Northgate (East Motors)" },
    ]);
  });

  it("on harbourline: excluded 1006 and 1015, filtered by make, placeholder from the settings", () => {
    const spec = leadFormSpec(harbourline, "enquiry", { make: "Isuzu UTE" });
    const select = spec.fields.find((f) => f.name === "dealership_slug")!;
    expect(select.placeholder).toBe("Please select a dealership...");
    expect(select.options).toEqual([{ value: "harbourline-mitsubishi-isuzu", label: "Harbourline Mitsubishi & Isuzu UTE Maroochydore" }]);
    const all = locationOptions(harbourline).map((o) => Number(o.value));
    expect(all).not.toContain(1006);
    expect(all).not.toContain(1015);
    expect(all).toHaveLength(13);
  });
});

describe("locationBaseName", () => {
  it("drops the department suffix, however many departments it names", () => {
    expect(locationBaseName("Redgate Trucks Glenvale Service and Parts")).toBe("Redgate Trucks Glenvale");
    expect(locationBaseName("Redgate Trucks Glenvale Sales")).toBe("Redgate Trucks Glenvale");
    expect(locationBaseName("Harbourline Kia Sales, Service & Parts")).toBe("Harbourline Kia");
    expect(locationBaseName("Coralstone Mazda")).toBe("Coralstone Mazda");
    expect(locationBaseName("Servicestone Motors")).toBe("Servicestone Motors");
  });
});
