import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { TenantDocument } from "../../renderer/types";
import type { Location } from "../../schemas/generated/tenant";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import LocationList from "./location-list";

type Props = Parameters<typeof LocationList>[0]["props"];
async function render(props: Partial<Props> = {}, tenant: TenantDocument = fixtureTenant) {
  const node = await LocationList({ id: "list", props: { layout: "grid", ...props }, ctx: fixtureCtx("/", tenant) });
  return renderToStaticMarkup(<>{node}</>);
}

const names = (html: string) => [...html.matchAll(/<h3 id="[^"]+" class="[^"]*">([^<]+)<\/h3>/g)].map((m) => m[1]);

describe("location-list", () => {
  it("lists shown locations as grid cards (the hidden one left out)", async () => {
    const html = await render({ title: "Find Us" });
    expect(html).toContain(">Find Us</h2>");
    expect(names(html)).toEqual(["Harbourside Newstead", "Harbourside Service Centre"]);
    expect(html.match(/data-size="grid"/g)).toHaveLength(2);
    expect(html).not.toContain("Storage Yard");
  });

  it("as a list, each card has the address and phone, its calls marked with the location's department", async () => {
    const html = await render({ layout: "list" });
    expect(html.match(/data-size="card"/g)).toHaveLength(2);
    expect(html).toContain("1 Wharf St, Newstead QLD 4006</address>");
    expect([...html.matchAll(/<a href="(tel:[^"]+)" class="[^"]+" data-fc-call="([a-z]+)">/g)].map((m) => [m[1], m[2]])).toEqual([
      ["tel:+61730001234", "sales"],
      ["tel:0730009876", "service"],
    ]);
    // A service-and-parts location in a list of parts locations: its calls are the parts department's.
    const tenant = structuredClone(fixtureTenant);
    tenant.locations[1].location_type = "service-and-parts";
    expect(await render({ layout: "list", department: "parts" }, tenant)).toMatch(/<a href="tel:0730009876" class="[^"]+" data-fc-call="parts">/);
  });

  it("filtered to a department; one location left shows as the large block with its address, hours and Get Directions", async () => {
    const tenant = structuredClone(fixtureTenant);
    tenant.locations[1].opening_hours = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: "open" as const, open: "07:00", close: "16:00" })) as Location["opening_hours"];
    const html = await render({ department: "service" }, tenant);
    expect(names(html)).toEqual(["Harbourside Service Centre"]);
    expect(html).toContain('data-size="large"');
    expect(html).toContain("9 Dock Rd, Hamilton QLD 4007</address>");
    expect(html).toMatch(/<th scope="row">Mon-Fri<\/th><td>7am to 4pm<\/td>/);
    expect(html).toContain('href="https://www.google.com/maps/search/?api=1&amp;query=Harbourside+Service+Centre+9+Dock+Rd%2C+Hamilton+QLD+4007"');
    // Its map takes the picture's place when it has coordinates; without them the card stands alone.
    const coords = typeof tenant.locations[1].address.lat === "number";
    expect(html.includes('aria-label="Map of Harbourside Service Centre"')).toBe(coords);
    tenant.locations[1].address = { ...tenant.locations[1].address, lat: -27.44, long: 153.06 };
    expect(await render({ department: "service" }, tenant)).toContain('role="region" aria-label="Map of Harbourside Service Centre" data-testid="location-map"');
    delete tenant.locations[1].address.lat;
    expect(await render({ department: "service" }, tenant)).not.toContain('data-testid="location-map"');
  });

  it("renders nothing when no location serves the department, or there are none", async () => {
    expect(await render({ department: "parts" })).toBe("");
    const none = structuredClone(fixtureTenant);
    none.locations = none.locations.map((l: Location) => ({ ...l, visible: false }));
    expect(await render({}, none)).toBe("");
  });
});
