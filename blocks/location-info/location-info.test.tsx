import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { weeklyHours } from "../../domain/opening-hours";
import type { TenantDocument } from "../../renderer/types";
import type { Location, OpeningHour } from "../../schemas/generated/tenant";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import LocationInfo from "./location-info";

// Wednesday 24 December 2026, 10am in Brisbane: the week of Mon 21 Dec, with Christmas on the Friday.
const NOW = new Date("2026-12-24T00:00:00Z");

const weekdays = (open: string, close: string) => [1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: "open" as const, open, close }));
const week = (entries: OpeningHour[]) => entries as Location["opening_hours"];

function site(change: (t: TenantDocument) => void = () => {}): TenantDocument {
  const t = structuredClone(fixtureTenant);
  t.identity.timeZone = "Australia/Brisbane";
  const service: Location = {
    id: 21,
    name: "Harbourside Hamilton Service",
    slug: "hamilton-service",
    primary: false,
    visible: true,
    location_type: "service-and-parts",
    dealership_id: 1,
    address: { street: "9 Dock Rd", city: "Hamilton", state: "QLD", postcode: "4007" },
    contact_detail: { phone: "0730009876" },
    opening_hours: week([...weekdays("07:30", "17:00"), { weekday: 6, status: "open", open: "08:00", close: "12:00" }, { weekday: 0, status: "closed" }]),
    special_hours: [
      { date: "2026-12-25", name: "Christmas Day", status: "closed" },
      { date: "2026-12-26", name: "Boxing Day", status: "open", start_hour: "09:00", end_hour: "12:00", department: "parts" },
      { date: "2026-12-01", name: "Gone already", status: "closed" },
    ],
    reviews: { average_rating: 4.66, count: 1136 },
    dealer_license_number: "3418721",
    motor_vehicle_repairer: "MVR 21872",
  };
  const sales: Location = {
    id: 22,
    name: "Harbourside Hamilton Sales",
    slug: "hamilton-sales",
    primary: true,
    visible: true,
    location_type: "sales",
    dealership_id: 1,
    address: { street: "11 Dock Rd", city: "Hamilton", state: "QLD", postcode: "4007", place_url: "https://maps.example.com/place/hamilton-sales" },
    opening_hours: week([...weekdays("08:30", "17:30"), { weekday: 6, status: "by-appointment" }]),
    reviews: { average_rating: 3.9, count: 40 },
  };
  t.locations = [service, sales];
  change(t);
  return t;
}

async function render(path: string, tenant = site(), props: { location?: string } = {}) {
  const node = await LocationInfo({ id: "info", props, ctx: fixtureCtx(path, tenant) });
  return renderToStaticMarkup(<>{node}</>);
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();
/** The [days, hours] rows of each hours table. */
const tables = (html: string) =>
  [...html.matchAll(/<table class="[^"]*" data-week="([^"]+)">([\s\S]*?)<\/table>/g)].map((m) => ({
    week: m[1],
    rows: [...m[2].matchAll(/<tr[^>]*><th scope="row">([\s\S]*?)<\/th><td>([\s\S]*?)<\/td><\/tr>/g)].map((r) => [text(r[1]), text(r[2])]),
  }));

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("location-info", () => {
  it("on /locations/{slug}: the name, a department selector over the departments it serves, and this week's hours per department from weeklyHours", async () => {
    const html = await render("/locations/hamilton-service");
    expect(html).toContain(">Harbourside Hamilton Service</h2>");
    expect(html).toMatch(/<div role="group" aria-label="Department" class="fc-segmented" data-departments="true">/);
    expect([...html.matchAll(/aria-pressed="(true|false)"[^>]*>(\w+)<\/button>/g)].map((m) => [m[2], m[1]])).toEqual([
      ["Service", "true"],
      ["Parts", "false"],
    ]);
    const location = site().locations[0];
    const [service, parts] = tables(html);
    expect(service.week).toBe("2026-12-24");
    expect(service.rows).toEqual(weeklyHours(location, { week: "2026-12-24", department: "service" }).map((r) => [r.date === "2026-12-24" ? `${r.days} (today)` : r.days, r.holiday ? `${r.hours} (${r.holiday})` : r.hours]));
    // Christmas closes both departments; Boxing Day opens only parts, and Mon-Fri do not collapse around a holiday.
    expect(service.rows).toEqual([
      ["Mon", "7.30am to 5pm"],
      ["Tue", "7.30am to 5pm"],
      ["Wed", "7.30am to 5pm"],
      ["Thu (today)", "7.30am to 5pm"],
      ["Fri", "Closed (Christmas Day)"],
      ["Sat", "8am to 12pm"],
      ["Sun", "Closed"],
    ]);
    expect(parts.rows.slice(4, 6)).toEqual([
      ["Fri", "Closed (Christmas Day)"],
      ["Sat", "9am to 12pm (Boxing Day)"],
    ]);
    // Only the first department's panel shows before a choice.
    expect(html).toMatch(/<div id="info-21-service" data-department="service">/);
    expect(html).toMatch(/<div id="info-21-parts" hidden="" data-department="parts">/);
  });

  it("collapses Mon-Fri when those hours are equal and no holiday falls on them", async () => {
    vi.setSystemTime(new Date("2027-01-13T00:00:00Z"));
    const [sales] = tables(await render("/locations/hamilton-sales"));
    expect(sales.rows).toEqual([
      ["Mon-Fri", "8.30am to 5.30pm"],
      ["Sat", "By appointment"],
      ["Sun", "Closed"],
    ]);
  });

  it("lists the department's special hours from today in the Holiday Opening Hours dialog, and has no dialog without any", async () => {
    const html = await render("/locations/hamilton-service");
    const dialog = (id: string) => html.match(new RegExp(`<dialog id="${id}"[\\s\\S]*?</dialog>`))?.[0] ?? "";
    const rows = (d: string) => [...d.matchAll(/<tr data-date="([^"]+)"><td>([^<]*)<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><\/tr>/g)].map((m) => m.slice(1));
    const service = dialog("info-21-service-holidays");
    expect(service).toContain(">Holiday Opening Hours</h2>");
    expect(service).toContain("Harbourside Hamilton Service · Service");
    // The past entry (1 Dec) is left out; Boxing Day is the parts department's.
    expect(rows(service)).toEqual([["2026-12-25", "Fri 25 Dec 2026", "Christmas Day", "Closed"]]);
    expect(rows(dialog("info-21-parts-holidays"))).toEqual([
      ["2026-12-25", "Fri 25 Dec 2026", "Christmas Day", "Closed"],
      ["2026-12-26", "Sat 26 Dec 2026", "Boxing Day", "9am to 12pm"],
    ]);
    expect(html.match(/aria-haspopup="dialog"[^>]*>Holiday Opening Hours<\/button>/g)).toHaveLength(2);

    const sales = await render("/locations/hamilton-sales");
    expect(sales).not.toContain("Holiday Opening Hours");
    expect(sales).not.toContain("<dialog");
    // One department: no selector.
    expect(sales).not.toContain('aria-label="Department"');
    expect(tables(sales)[0]).toBeDefined();
    expect(sales).toContain("<caption");
    expect(sales).toContain(">Sales opening hours</caption>");
  });

  it("shows the rating with 1 decimal and the count only above the site's minimum and when reviews are not hidden", async () => {
    const html = await render("/locations/hamilton-service");
    expect(html).toContain('data-rating="4.7"');
    expect(text(html)).toContain("Rated 4.7 out of 5 from 1,136 reviews");
    expect(html).toContain("> (1,136)</span>");
    // 3.9 is not above the default minimum of 4.
    expect(await render("/locations/hamilton-sales")).not.toContain("data-rating");
    const hidden = site((t) => (t.reviews.hidden = true));
    expect(await render("/locations/hamilton-service", hidden)).not.toContain("data-rating");
    const strict = site((t) => (t.reviews.minimumRating = 4.7));
    expect(await render("/locations/hamilton-service", strict)).not.toContain("data-rating");
  });

  it("shows the dealer licence and motor vehicle repairer numbers, the address, the phone and Get Directions", async () => {
    const html = await render("/locations/hamilton-service");
    expect(text(html)).toContain("Dealer licence 3418721 Motor vehicle repairer MVR 21872");
    expect(html).toContain("9 Dock Rd, Hamilton QLD 4007</address>");
    expect(html).toContain('href="tel:0730009876"');
    // No place URL: a maps search for the name and address.
    expect(html).toContain(
      '<a class="fc-button fc-button--ghost" href="https://www.google.com/maps/search/?api=1&amp;query=Harbourside+Hamilton+Service+9+Dock+Rd%2C+Hamilton+QLD+4007" target="_blank" rel="noopener noreferrer" data-directions="true">Get Directions<span class="fc-visually-hidden"> to Harbourside Hamilton Service (opens in a new tab)</span></a>',
    );
    const sales = await render("/locations/hamilton-sales");
    expect(sales).toContain('href="https://maps.example.com/place/hamilton-sales"');
    expect(sales).not.toContain("Dealer licence");
  });

  it("shows a single location's map where it has coordinates; a page of several departments shows none", async () => {
    const placed = site((t) => Object.assign(t.locations[0].address, { lat: -27.4359, long: 153.0631 }));
    expect(await render("/locations/hamilton-service", placed)).toContain('role="region" aria-label="Map of Harbourside Hamilton Service" data-testid="location-map"');
    expect(await render("/locations/hamilton-service")).not.toContain("data-testid=\"location-map\"");
    expect(await render("/contact-us/harbourside-hamilton", placed)).not.toContain("data-testid=\"location-map\"");
  });

  it("on /contact-us/{slug}: each of the site's departments there, each with its own hours", async () => {
    const html = await render("/contact-us/harbourside-hamilton");
    expect([...html.matchAll(/<h2 id="[^"]+" class="fc-section-heading [^"]*">([^<]+)<\/h2>/g)].map((m) => m[1])).toEqual(["Harbourside Hamilton Service", "Harbourside Hamilton Sales"]);
    expect(tables(html)).toHaveLength(3);
    expect(html).toContain('aria-label="Our departments"');
  });

  it("names a location by slug, else shows the primary location off a location page; hidden and nameless locations never show", async () => {
    expect(await render("/about-us")).toContain(">Harbourside Hamilton Sales</h2>");
    expect(await render("/about-us", site(), { location: "hamilton-service" })).toContain(">Harbourside Hamilton Service</h2>");
    const hidden = site((t) => {
      t.locations[0].visible = false;
      t.locations[1].name = " ";
    });
    expect(await render("/about-us", hidden)).toBe("");
    expect(await render("/about-us", hidden, { location: "hamilton-service" })).toBe("");
  });
});
