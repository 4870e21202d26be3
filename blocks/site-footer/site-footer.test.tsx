import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TenantDocument } from "../../renderer/types";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import SiteFooter from "./site-footer";

const defaults = { showLocations: true, showSocial: true };

async function render(props: Partial<typeof defaults> = {}, tenant: TenantDocument = fixtureTenant) {
  const node = await SiteFooter({ id: "footer", props: { ...defaults, ...props }, ctx: fixtureCtx("/", tenant) });
  return renderToStaticMarkup(<>{node}</>);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("site-footer", () => {
  it("is a contentinfo landmark (<footer>)", async () => {
    const html = await render();
    expect(html).toMatch(/^<footer class="[^"]*">/);
    expect(html.endsWith("</footer>")).toBe(true);
  });

  it("renders link groups as headed columns in a Footer nav", async () => {
    const html = await render();
    expect(html).toContain('<nav class="');
    expect(html).toContain('aria-label="Footer"');
    expect([...html.matchAll(/<h2 class="[^"]*" id="footer-group-\d">([^<]+)<\/h2>/g)].map((m) => m[1])).toEqual([
      "Vehicles",
      "Buyer Tools",
    ]);
    expect(html).toMatch(/<ul class="[^"]*" aria-labelledby="footer-group-0"><li><a href="\/search\/hatch-cars">Hatch<\/a><\/li><li><a href="\/search\/suv-cars">SUV<\/a><\/li><\/ul>/);
  });

  it("lists visible locations only, with the phone formatted 2-4-4 as a tel: link marked with the location's department (its calls' analytics)", async () => {
    const html = await render();
    expect(html).toContain("Harbourside Newstead");
    expect(html).toContain("Harbourside Service Centre");
    expect(html).not.toContain("Harbourside Storage Yard");
    expect(html).toContain(
      '<a href="tel:+61730001234" data-fc-call="sales"><span class="fc-visually-hidden">Call Harbourside Newstead on </span>07 3000 1234</a>',
    );
    expect(html).toContain('<a href="tel:0730009876" data-fc-call="service"><span class="fc-visually-hidden">Call Harbourside Service Centre on </span>07 3000 9876</a>');
    expect(html).toContain("1 Wharf St, Newstead QLD 4006");
  });

  it("links each listed location to /locations/{slug} with today's hours (holiday hours respected) and its licence numbers", async () => {
    vi.useFakeTimers();
    // Friday 25 Dec 2026, 9am in Brisbane.
    vi.setSystemTime(new Date("2026-12-24T23:00:00Z"));
    const tenant = structuredClone(fixtureTenant);
    const [newstead, service] = tenant.locations;
    newstead.opening_hours = [
      { weekday: 5, status: "open", open: "08:30", close: "17:30" },
      { weekday: 6, status: "open", open: "08:30", close: "17:30" },
    ];
    newstead.dealer_license_number = "3418001";
    service.opening_hours = [{ weekday: 5, status: "open", open: "07:00", close: "16:00" }];
    service.special_hours = [{ date: "2026-12-25", name: "Christmas Day", status: "closed" }];
    service.dealer_license_number = "3418002";
    service.motor_vehicle_repairer = "MVR 21002";
    const html = await render({}, tenant);
    expect(html).toMatch(/<a class="[^"]*" href="\/locations\/newstead">Harbourside Newstead<\/a>/);
    expect(html).toMatch(/<a class="[^"]*" href="\/locations\/service-centre">Harbourside Service Centre<\/a>/);
    expect(html).toMatch(/<span class="[^"]*">Today: 8.30am to 5.30pm<\/span>/);
    expect(html).toMatch(/<span class="[^"]*">Today: Closed \(Christmas Day\)<\/span>/);
    expect(html).toContain(">Dealer licence 3418001</span>");
    expect(html).toContain(">Dealer licence 3418002</span>");
    expect(html).toContain(">Motor vehicle repairer MVR 21002</span>");
    // The footer settings turn off the links and today's hours (licence numbers stay).
    tenant.footer.locationLinks = false;
    tenant.footer.locationHours = false;
    const plain = await render({}, tenant);
    expect(plain).not.toContain('href="/locations/');
    expect(plain).not.toContain("Today:");
    expect(plain).toContain(">Dealer licence 3418001</span>");
  });

  it("leaves out nameless locations and has no hours line for a location that publishes none", async () => {
    const tenant = structuredClone(fixtureTenant);
    tenant.locations[1].name = "  ";
    const html = await render({}, tenant);
    expect(html).not.toContain("Dock Rd");
    expect(html).not.toContain("Today:");
  });

  it("keeps a New Zealand location's number as written", async () => {
    const tenant = structuredClone(fixtureTenant);
    tenant.identity.locale = "en-NZ";
    tenant.locations[0]!.contact_detail = { phone: "+64 9 555 0140" };
    expect(await render({}, tenant)).toContain('<a href="tel:+6495550140" data-fc-call="sales"><span class="fc-visually-hidden">Call Harbourside Newstead on </span>+64 9 555 0140</a>');
  });

  it("hides locations when switched off", async () => {
    const html = await render({ showLocations: false });
    expect(html).not.toContain("Locations");
    expect(html).not.toContain("tel:");
  });

  it("links the dealer's social profiles with accessible names", async () => {
    const html = await render();
    expect(html).toContain('<a href="https://www.facebook.com/harbourside" aria-label="Harbourside Motors on Facebook"><svg aria-hidden="true"');
    expect(html).toContain('aria-label="Harbourside Motors on Instagram"');
    expect(html).toContain('<a href="https://www.youtube.com/@harbourside" aria-label="Harbourside Motors on YouTube">');
    expect(await render({ showSocial: false })).not.toContain("facebook.com");
  });

  it("skips social networks the dealer does not have", async () => {
    const tenant = structuredClone(fixtureTenant);
    tenant.identity.social = { instagram_url: "https://www.instagram.com/harbourside" };
    const html = await render({}, tenant);
    expect(html).not.toContain("Facebook");
    expect(html).not.toContain("YouTube");
    expect(html).toContain("on Instagram");
  });

  it("shows legal links, the footer text and © current year with the dealer name", async () => {
    vi.useFakeTimers();
    // 31 Dec 2026 15:30 UTC is already 1 Jan 2027 in Brisbane, the dealer's time zone.
    vi.setSystemTime(new Date("2026-12-31T15:30:00Z"));
    const html = await render();
    expect(html).toContain('<nav aria-label="Legal">');
    expect(html).toMatch(/<li><a href="\/privacy-policy">Privacy Policy<\/a><\/li><li><a href="\/terms">Terms of Use<\/a><\/li>/);
    expect(html).toContain(">Harbourside Motors Pty Ltd. Dealer licence 3001234.</p>");
    expect(html).toMatch(/<p class="[^"]*">© 2027 Harbourside Motors<\/p>/);
    expect(html).toContain("Harbourside Motors</span><span> · Harbourside Group</span>");
  });

  it("still renders the dealer name and copyright with an empty footer", async () => {
    const tenant = structuredClone(fixtureTenant);
    tenant.footer = { locationLinks: true, locationHours: true };
    tenant.locations = [];
    const html = await render({}, tenant);
    expect(html).not.toContain("<nav");
    expect(html).toMatch(/© \d{4} Harbourside Motors/);
  });

  it("offers Cookie settings (a button that reopens the consent banner) only on a site with a GA4 or pixel id", async () => {
    expect(await render()).not.toContain("Cookie settings");
    const withGa4 = { ...fixtureTenant, features: { ...fixtureTenant.features, analytics: { serverSideLeads: false, ga4MeasurementId: "G-TEST1234" } } };
    expect(await render({}, withGa4)).toMatch(/<button type="button" class="[^"]+">Cookie settings<\/button>/);
  });
});
