import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { StoredVehicle } from "../../server/inventory/vehicle";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import { caravanVehicle, fixtureVehicle } from "../../tests/fixtures/vehicle";
import ProtectYourCar from "./protect-your-car";
import schema from "./schema.json";
import { blockProps } from "../../tests/fixtures/block-props";

const render = (props: Record<string, unknown> = {}, vehicle: StoredVehicle | null = null, tenant = fixtureTenant) =>
  renderToStaticMarkup(ProtectYourCar({ id: "protect", props: blockProps("protect-your-car", props), ctx: fixtureCtx("/cars/x", tenant, vehicle) }) as ReactElement);
const defaults = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, (v as { default?: unknown }).default]));

describe("Protect Your Car (spec §2, §9)", () => {
  it("by default: warranty, paint protection, the spec's 12 months roadside assist, and insurance", () => {
    const html = render();
    expect(html).toContain('data-block="protect-your-car"');
    expect(html).toContain(">Protect Your Car</h2>");
    expect(html).toContain(">12 months roadside assist</strong>");
    expect(html).toContain(">Extended warranty</strong><span class=\"");
    expect(html).toContain("A 3-year or 5-year mechanical protection plan");
    expect(html.match(/<li /g)).toHaveLength(4);
    // A car's page, and a document with the defaults written in (as validation fills them), say the same.
    expect(render(defaults, fixtureVehicle())).toBe(html);
  });

  it("takes the site's items", () => {
    const html = render({ items: [{ icon: "road", title: "5 years roadside assist" }] });
    expect(html).toContain(">5 years roadside assist</strong></span>");
    expect(html).not.toContain("12 months roadside assist");
  });

  it("names the vehicle's kind in the default words (issue 29), never the site's own", () => {
    const bike = render(defaults, fixtureVehicle({ item_type: "motorcycle" }));
    expect(bike).toContain(">Protect Your Motorcycle</h2>");
    expect(bike).toContain("Extra cover to keep your motorcycle looking and running like new.");
    expect(bike).toContain(">Motorcycle insurance</strong>");
    expect(bike).toContain(">Paint and seat protection</strong><span class=\"");
    expect(bike).toContain("and the seat against spills and stains.");
    expect(bike.replace(/<[^>]+>/g, " ")).not.toMatch(/\bcar\b/i);
    expect(render({}, fixtureVehicle({ item_type: "truck" }))).toContain(">Protect Your Truck</h2>");
    const van = render(defaults, caravanVehicle());
    expect(van).toContain(">Protect Your Caravan</h2>");
    expect(van).toContain(">Caravan insurance</strong><span class=\"");
    expect(van).toContain("Comprehensive cover, arranged before you tow it away.");
    // Outside a vehicle page: the site's one kind of stock; several kinds without cars: vehicles.
    expect(render({}, null, { ...fixtureTenant, identity: { ...fixtureTenant.identity, stockKinds: ["caravan"] } })).toContain(">Protect Your Caravan</h2>");
    expect(render({}, null, { ...fixtureTenant, identity: { ...fixtureTenant.identity, stockKinds: ["motorcycle", "truck"] } })).toContain(">Protect Your Vehicle</h2>");
    // The site's own heading stays as written.
    expect(render({ heading: "Look After Your Ride" }, fixtureVehicle({ item_type: "motorcycle" }))).toContain(">Look After Your Ride</h2>");
  });
});
