import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import { caravanVehicle, fixtureVehicle } from "../../tests/fixtures/vehicle";
import type { StoredVehicle } from "../../server/inventory/vehicle";
import WhatsIncluded from "./whats-included";
import { blockProps } from "../../tests/fixtures/block-props";

const render = (props: Record<string, unknown> = {}, vehicle: StoredVehicle | null = null, tenant = fixtureTenant) =>
  renderToStaticMarkup(WhatsIncluded({ id: "inc", props: blockProps("whats-included", props), ctx: fixtureCtx("/cars/x", tenant, vehicle) }) as ReactElement);

describe("What's Included (spec §2)", () => {
  it("by default: the heading, an intro and four inclusions as a list", () => {
    const html = render();
    expect(html).toContain('data-block="whats-included"');
    expect(html).toContain(">What&#x27;s Included</h2>");
    expect(html).toContain(">Every car we sell comes with:</p>");
    expect(html).toContain('data-layout="list"');
    for (const title of ["Pre-delivery service", "Professional detail", "Safety certificate", "Handover with a product expert"]) expect(html).toContain(`>${title}</strong>`);
  });

  it("an empty intro shows none; an empty list shows the heading only", () => {
    const html = render({ intro: "", items: [] });
    expect(html).toContain(">What&#x27;s Included</h2>");
    expect(html).not.toContain("</p>");
    expect(html).not.toContain("<ul");
  });

  it("the default words follow the vehicle's kind (issue 29); the site's own words are shown as written", () => {
    expect(render({}, fixtureVehicle())).toContain("We walk you through your car&#x27;s features and pair your phone before you drive away.");
    const caravan = render({}, caravanVehicle());
    expect(caravan).toContain(">Every caravan we sell comes with:</p>");
    expect(caravan).toContain("A current safety certificate for registering the caravan in your name.");
    expect(caravan).toContain("We walk you through your caravan&#x27;s features before you tow it away.");
    const bike = render({}, fixtureVehicle({ item_type: "motorcycle" }));
    expect(bike).toContain("We walk you through your motorcycle&#x27;s features and pair your phone before you ride away.");
    // A caravan-only site's page without a vehicle says caravan too.
    const site = render({}, null, { ...fixtureTenant, identity: { ...fixtureTenant.identity, stockKinds: ["caravan"] } } as typeof fixtureTenant);
    expect(site).toContain(">Every caravan we sell comes with:</p>");
    expect(render({ intro: "Every car we sell has a warranty." }, caravanVehicle())).toContain(">Every car we sell has a warranty.</p>");
  });
});
