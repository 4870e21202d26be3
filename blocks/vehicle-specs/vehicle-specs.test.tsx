import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { BlockProps } from "../../renderer/types";
import type { StoredVehicle } from "../../server/inventory/vehicle";
import { caravanVehicle, electricVehicle, fixtureVehicle, soldVehicle } from "../../tests/fixtures/vehicle";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import { equipmentGroups, specRows } from "./specs";
import VehicleSpecs from "./vehicle-specs";

const DEFAULTS: BlockProps<"vehicle-specs"> = { heading: "Specifications", specsShown: 6, equipment: true, equipmentHeading: "Standard Equipment" };

async function render(car: StoredVehicle | null, props: Partial<BlockProps<"vehicle-specs">> = {}) {
  const el = (await VehicleSpecs({ id: "specs", props: { ...DEFAULTS, ...props }, ctx: fixtureCtx("/cars/x", fixtureTenant, car) })) as ReactElement | null;
  return el ? renderToStaticMarkup(el) : "";
}

const pairs = (s: string) => [...s.matchAll(/<dt[^>]*>(.*?)<\/dt><dd[^>]*>(.*?)<\/dd>/g)].map((m) => `${m[1]}: ${m[2]}`);
const items = (s: string) => [...s.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]);

const SPECS = [
  { name: "Body", value: "Hatchback" },
  { name: "Colour", value: "Glacier White" },
  { name: "Fuel", value: "Petrol" },
  { name: "Engine", value: "2.0L 4 cyl" },
  { name: "Power", value: "126 kW" },
  { name: "Transmission", value: "CVT" },
  { name: "Drive", value: "FWD" },
  { name: "Seats", value: "5" },
];
const SAFETY = ["7 airbags", "Autonomous emergency braking", "Lane departure alert", "Reversing camera", "Blind spot monitor", "Rear cross traffic alert", "Adaptive cruise control", "Road sign assist", "Tyre pressure monitor", "Hill start assist"];
const equipped = (more: Partial<StoredVehicle> = {}) =>
  fixtureVehicle({
    specifications: SPECS,
    variant: { cylinders: 4, induction: "Aspirated", power: 126, torque: 205, fuelconsumptioncombined: 6, fuelcapacity: 50, vehiclelength: 4375, vehiclewidth: 1790, vehicleheight: 1435, towingcapacitybraked: 1300, ancaprating: 5, geartype: "Constantly Variable Transmission", bodyconfiguration: "Hatchback" },
    standard_equipment: [
      { name: "Safety", items: SAFETY },
      { name: "Comfort", items: ["Dual-zone climate control", "  ", "Keyless entry"] },
      { name: "Empty", items: [] },
    ],
    ...more,
  });

describe("specification rows", () => {
  it("the car's specifications as given, then the variant's figures it does not already name", () => {
    expect(specRows(equipped(), "en-AU").map((r) => `${r.name}: ${r.value}`)).toEqual([
      "Body: Hatchback",
      "Colour: Glacier White",
      "Fuel: Petrol",
      "Engine: 2.0L 4 cyl",
      "Power: 126 kW",
      "Transmission: CVT",
      "Drive: FWD",
      "Seats: 5",
      // Cylinders and induction are in Engine, gear type in Transmission, power already listed.
      "Torque: 205 Nm",
      "Body configuration: Hatchback",
      "Fuel consumption (combined): 6 L/100 km",
      "Fuel capacity: 50 L",
      "Length: 4,375 mm",
      "Width: 1,790 mm",
      "Height: 1,435 mm",
      "Towing capacity (braked): 1,300 kg",
      "ANCAP rating: 5 stars",
    ]);
  });

  it("variant figures alone when the car has no list; blanks, zeros and bad entries dropped", () => {
    const car = { specifications: [{ name: "", value: "x" }, { name: "Colour", value: " " }, null], variant: { cylinders: 6, torque: 0, fuelconsumptioncombined: 7.45 } } as unknown as Partial<StoredVehicle>;
    expect(specRows(car, "en-AU")).toEqual([
      { name: "Cylinders", value: "6" },
      { name: "Fuel consumption (combined)", value: "7.5 L/100 km" },
    ]);
    expect(specRows({}, "en-AU")).toEqual([]);
  });

  it("equipment groups keep their order and drop blank items and empty groups", () => {
    expect(equipmentGroups(equipped()).map((g) => [g.name, g.items.length])).toEqual([
      ["Safety", 10],
      ["Comfort", 2],
    ]);
    expect(equipmentGroups({ standard_equipment: "nope" } as unknown as Partial<StoredVehicle>)).toEqual([]);
  });
});

describe("vehicle-specs block", () => {
  it("renders nothing without a car, or for a car with no specifications or equipment", async () => {
    expect(await render(null)).toBe("");
    expect(await render(fixtureVehicle())).toBe("");
  });

  it("shows 6 specifications, the rest behind Show All Specs / Hide Specs", async () => {
    const html = await render(equipped());
    expect(html).toContain(">Specifications</h2>");
    const at = html.indexOf('id="specs-specs"');
    expect(pairs(html.slice(0, at))).toEqual(["Body: Hatchback", "Colour: Glacier White", "Fuel: Petrol", "Engine: 2.0L 4 cyl", "Power: 126 kW", "Transmission: CVT"]);
    const rest = html.slice(at, html.indexOf("</button>", at));
    expect(pairs(rest)).toHaveLength(17 - 6);
    expect(rest).toMatch(/^id="specs-specs"[^>]*><div hidden="">/);
    expect(rest).toMatch(/aria-expanded="false" aria-controls="specs-specs">Show All Specs</);
  });

  it("each feature list shows 8 items, the rest behind Show All / Hide naming the group for screen readers", async () => {
    const html = await render(equipped());
    expect(html).toContain(">Standard Equipment</h3>");
    const safety = html.slice(html.indexOf(">Safety</h4>"), html.indexOf(">Comfort</h4>"));
    const at = safety.indexOf('id="specs-equipment-0-more"');
    expect(items(safety.slice(0, at))).toEqual(SAFETY.slice(0, 8));
    expect(items(safety.slice(at))).toEqual(["Tyre pressure monitor", "Hill start assist"]);
    expect(safety).toMatch(/aria-expanded="false" aria-controls="specs-equipment-0-more">Show All<span class="fc-visually-hidden"> Safety<\/span>/);
    const comfort = html.slice(html.indexOf(">Comfort</h4>"));
    expect(items(comfort)).toEqual(["Dual-zone climate control", "Keyless entry"]);
    expect(comfort).not.toContain("<button");
    expect(html).not.toContain(">Empty</h4>");
  });

  it("props: how many specifications show, the headings, and equipment off", async () => {
    const html = await render(equipped(), { specsShown: 10, heading: "All Specifications", equipment: false });
    expect(html).toContain(">All Specifications</h2>");
    expect(pairs(html.slice(0, html.indexOf('id="specs-specs"')))).toHaveLength(10);
    expect(html).not.toContain("Standard Equipment");
    expect(await render(equipped(), { equipmentHeading: "Features" })).toContain(">Features</h3>");
  });

  it("no Show All Specs when every specification fits", async () => {
    const html = await render(fixtureVehicle({ specifications: SPECS.slice(0, 3) }));
    expect(pairs(html)).toEqual(["Body: Hatchback", "Colour: Glacier White", "Fuel: Petrol"]);
    expect(html).not.toContain("Show All Specs");
  });

  it("sold, electric and caravan vehicles render what they have", async () => {
    expect(await render(soldVehicle())).toBe("");
    const electric = await render(electricVehicle());
    expect(electric).toBe("");
    const ev = await render({ ...electricVehicle(), specifications: [{ name: "Battery", value: "60.5 kWh" }], variant: { power: 150 } });
    expect(pairs(ev)).toEqual(["Battery: 60.5 kWh", "Power: 150 kW"]);
    const van = await render({ ...caravanVehicle(), specifications: [{ name: "Body", value: "Caravan" }, { name: "Sleeps", value: "4" }] });
    expect(pairs(van)).toEqual(["Body: Caravan", "Sleeps: 4"]);
  });

  it("escapes feed text", async () => {
    const html = await render(fixtureVehicle({ specifications: [{ name: "<b>Body</b>", value: "<script>alert(1)</script>" }] }));
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});
