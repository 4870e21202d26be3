import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { TenantDocument } from "../../renderer/types";
import type { Location } from "../../schemas/generated/tenant";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import ServiceContact from "./service-contact";

async function render(change: (t: TenantDocument) => void = () => {}) {
  const tenant = structuredClone(fixtureTenant);
  change(tenant);
  const node = await ServiceContact({ id: "contact", props: { heading: "Contact our service team", hoursHeading: "Service hours" }, ctx: fixtureCtx("/service", tenant) });
  return renderToStaticMarkup(<>{node}</>);
}

describe("service-contact", () => {
  it("shows each service location from its data: address, phone, service hours, licence numbers, disclaimers", async () => {
    const html = await render((t) => {
      const service = t.locations[1];
      const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: "open" as const, open: "07:00", close: "17:00" }));
      service.opening_hours = [...weekdays, { weekday: 6, status: "open" as const, open: "07:30", close: "12:00" }] as Location["opening_hours"];
      service.motor_vehicle_repairer = "MVR 21002";
      t.forms.service = { ...t.forms.service, disclaimers: [{ locationIds: [12], text: "Loan cars by arrangement." }] };
    });
    expect(html).toContain(">Contact our service team</h2>");
    // Only the service location (the sales one and the hidden yard are left out).
    expect([...html.matchAll(/<h3>([^<]+)<\/h3>/g)].map((m) => m[1])).toEqual(["Harbourside Service Centre"]);
    expect(html).toContain("9 Dock Rd, Hamilton QLD 4007</address>");
    // Its calls count as the service department's (domain/analytics-standards.ts CALL_DEPARTMENT_ATTR).
    expect(html).toMatch(/<a href="tel:0730009876" class="[^"]+" data-fc-call="service">/);
    expect(html).toMatch(/<th scope="row">Mon-Fri<\/th><td>7am to 5pm<\/td>/);
    expect(html).toMatch(/<th scope="row">Sat<\/th><td>7.30am to 12pm<\/td>/);
    expect(html).toMatch(/>Service hours<\/caption>/);
    expect(html).toContain("Motor vehicle repairer MVR 21002");
    expect(html).toContain('data-testid="service-disclaimer">Loan cars by arrangement.</p>');
  });

  it("links the location's page only where the site has location pages", async () => {
    expect(await render()).not.toContain("View Location");
    const html = await render((t) => t.pages.push({ id: "location-detail", template: "location-detail", title: "Location", blocks: [] }));
    expect(html).toContain('href="/locations/service-centre" aria-label="View Location: Harbourside Service Centre"');
  });

  it("renders nothing on a site without a service location", async () => {
    expect(await render((t) => (t.locations = t.locations.filter((l) => l.location_type !== "service")))).toBe("");
  });
});
