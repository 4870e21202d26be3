import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { TenantDocument } from "../../renderer/types";
import type { StoredVehicle } from "../../server/inventory/vehicle";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import { caravanVehicle, electricVehicle, fixtureVehicle, soldVehicle } from "../../tests/fixtures/vehicle";
import { fuelFormats, weeklyCostText } from "./fuel";
import FuelCalculator from "./fuel-calculator";

const au = { locale: "en-AU", currency: "AUD" } as const;

async function render(car: StoredVehicle | null = fixtureVehicle(), change: (t: TenantDocument) => void = () => {}, heading = "Fuel Cost Calculator") {
  const t = structuredClone(fixtureTenant);
  change(t);
  const node = await FuelCalculator({ id: "fuel", props: { heading }, ctx: fixtureCtx(`/cars/${car?.slug ?? "x"}`, t, car) });
  return node == null ? "" : renderToString(node as ReactElement).replace(/<!-- -->/g, "");
}
const inputFor = (html: string, label: string) => {
  const id = new RegExp(`<label for="([^"]+)"[^>]*>${label} <span`).exec(html)?.[1];
  return new RegExp(`<input id="${id}"[^>]*>`).exec(html)?.[0] ?? "";
};

describe("fuel calculator (spec §5, §9)", () => {
  it("starts from 1.70 per litre, 250 km a week and 10 L/100 km: $42.50 per week", async () => {
    const html = await render();
    expect(html).toContain(">Fuel Cost Calculator</h2>");
    expect(html).toMatch(/>Fuel price <span[^>]*>\(\$ per litre\)<\/span><\/label>/);
    expect(html).toMatch(/>Distance <span[^>]*>\(km per week\)<\/span><\/label>/);
    expect(html).toMatch(/>Fuel consumption <span[^>]*>\(L\/100 km\)<\/span><\/label>/);
    expect(inputFor(html, "Fuel price")).toContain('value="1.7"');
    expect(inputFor(html, "Distance")).toContain('value="250"');
    expect(inputFor(html, "Fuel consumption")).toContain('value="10"');
    // 250 / 100 × 10 × 1.70 = 42.50
    expect(html).toContain('data-testid="fuel-result">Estimated fuel cost <strong class="');
    expect(html).toMatch(/>\$42\.50<\/strong> per week<\/p>/);
    expect(html).toContain('aria-live="polite"');
  });

  it("uses the site's fuel defaults", async () => {
    const html = await render(undefined, (t) => (t.features.calculators.fuelDefaults = { pricePerLitre: 2.1, kmPerWeek: 300, litresPer100km: 7.5 }));
    expect(inputFor(html, "Fuel price")).toContain('value="2.1"');
    // 300 / 100 × 7.5 × 2.10 = 47.25
    expect(html).toMatch(/>\$47\.25<\/strong> per week/);
  });

  it("is hidden for electric cars, where the site has it off, and without a car; hybrids, sold cars and caravans keep it", async () => {
    expect(await render(electricVehicle())).toBe("");
    expect(await render(fixtureVehicle({ fuel: "Electric - BEV" }))).toBe("");
    expect(await render(undefined, (t) => (t.features.calculators.fuel = false))).toBe("");
    expect(await render(null)).toBe("");
    expect(await render(fixtureVehicle({ fuel: "Hybrid - Petrol" }))).toContain("Estimated fuel cost");
    expect(await render(soldVehicle())).toContain("Estimated fuel cost");
    expect(await render(caravanVehicle())).toContain("Estimated fuel cost");
  });

  it("words its bounds and the cost in cents", () => {
    const f = fuelFormats(au);
    expect([f.pricePerLitre(10), f.kmPerWeek(10000), f.litresPer100km(7.5)]).toEqual(["$10.00", "10,000 km", "7.5 L/100 km"]);
    expect(weeklyCostText({ pricePerLitre: 1.85, kmPerWeek: 320, litresPer100km: 8.4 }, au)).toBe("$49.73"); // 3.2 × 8.4 × 1.85 = 49.728
    expect(weeklyCostText({ pricePerLitre: 1.7, kmPerWeek: 0, litresPer100km: 10 }, au)).toBe("$0.00");
    expect(weeklyCostText({ pricePerLitre: 1.7, kmPerWeek: 250, litresPer100km: 10 }, { locale: "en-NZ", currency: "NZD" })).toBe("$42.50");
  });
});
