import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { StoredVehicle } from "../../server/inventory/vehicle";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import { electricVehicle, fixtureVehicle, soldVehicle } from "../../tests/fixtures/vehicle";
import UsedCarChecks, { showUsedCarChecks } from "./used-car-checks";
import { blockProps } from "../../tests/fixtures/block-props";

async function render(car: StoredVehicle | null, props: Record<string, unknown> = {}) {
  const node = await UsedCarChecks({ id: "checks", props: blockProps("used-car-checks", props), ctx: fixtureCtx(`/cars/${car?.slug ?? "x"}`, fixtureTenant, car) });
  return node == null ? "" : renderToStaticMarkup(node as ReactElement);
}

describe("used-car checks (spec §2)", () => {
  it("shows the checklist on a used car", async () => {
    const html = await render(fixtureVehicle({ car_type: "used" }));
    expect(html).toContain('data-block="used-car-checks"');
    expect(html).toContain(">Used Car Checks</h2>");
    expect(html).toContain('data-layout="checklist"');
    expect(html.match(/<li /g)).toHaveLength(6);
    for (const title of ["Mechanical inspection", "Finance check", "Written-off check", "Stolen vehicle check", "Odometer check", "Service history"]) {
      expect(html).toContain(`>${title}</strong>`);
    }
    // A sold used car keeps its checks (the page still describes the car).
    expect(await render(soldVehicle())).toContain(">Used Car Checks</h2>");
  });

  it("is hidden for new and demo cars, and without a car", async () => {
    expect(await render(electricVehicle())).toBe(""); // a new car
    expect(await render(fixtureVehicle({ car_type: "new" }))).toBe("");
    expect(await render(fixtureVehicle({ car_type: "demo" }))).toBe("");
    expect(await render(null)).toBe("");
    expect(showUsedCarChecks({ car_type: "used" })).toBe(true);
    expect(showUsedCarChecks({ car_type: null })).toBe(false);
  });

  it("takes the site's heading and checks", async () => {
    const html = await render(fixtureVehicle(), { heading: "Our 90-Point Inspection", intro: "", items: [{ title: "Brakes" }] });
    expect(html).toContain(">Our 90-Point Inspection</h2>");
    expect(html).not.toContain("</p>");
    expect(html.match(/<li /g)).toHaveLength(1);
  });
});
