import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { testTenant } from "../../tests/fixtures/fixture-tenant";
import { findPage, isAliasPath } from "../../domain/find-page";
import type { Garage } from "../../server/garage/store";
import { GarageView, type GarageViewProps } from "./my-garage";

const NOW = new Date("2026-05-01T00:00:00Z");
const withGarage = (auth: boolean) =>
  testTenant((t) => {
    t.features.garage = { enabled: true, path: "/my-garage" };
    t.features.auth = { enabled: auth, gatedRoutes: auth ? ["my-garage"] : [] };
    t.features.watchlist = true;
  });
const EMPTY: Garage = { savedCars: [], savedSearches: [], reservations: [], enquiries: [], serviceBookings: [], tradeIns: [] };
const view = (p: Partial<GarageViewProps>) =>
  renderToStaticMarkup(<GarageView id="g" heading="My Garage" intro={null} tenant={withGarage(true)} path="/my-garage" user={null} garage={null} cars={[]} reservations={null} now={NOW} {...p} />);

describe("My Garage", () => {
  it("signed in: their saved searches, each a link to the search, its state, and a Delete form", () => {
    const html = view({
      user: { phone: "+61412345678" },
      garage: { ...EMPTY, savedSearches: [{ id: "0b6c1f8e-0000-4000-8000-000000000001", label: "Toyota · HiLux", href: "/search?refinementList[make][0]=Toyota", confirmed: true }, { id: "0b6c1f8e-0000-4000-8000-000000000002", label: "Kia", href: "/search?refinementList[make][0]=Kia", confirmed: false }] },
    });
    expect(html).toContain('<h3 id="g-saved-searches" class');
    expect(html).toContain('Saved searches <span');
    expect(html).toContain('<a href="/search?refinementList[make][0]=Toyota">Toyota · HiLux</a>');
    expect(html).toContain("Email alerts on (at most one a day)");
    expect(html).toContain("Waiting for you to confirm from the email we sent");
    expect(html).toContain('<form action="/api/saved-searches/delete" method="post"><input type="hidden" name="id" value="0b6c1f8e-0000-4000-8000-000000000001"/><input type="hidden" name="back" value="/my-garage"/>');
    expect(html).toContain('aria-label="Delete saved search Kia"');
    expect(view({ user: { phone: "+61412345678" }, garage: EMPTY })).not.toContain("Saved searches");
  });

  it("signed in: their enquiries, service bookings and trade-in offers, with a sign-out button", () => {
    const garage: Garage = {
      ...EMPTY,
      enquiries: [{ id: "l1", form: "test-drive", category: "Test Drive", dealership: "Harbourline Toyota", car: { title: "2022 Toyota HiLux", slug: "2022-toyota-hilux-abc123" }, message: "Saturday?", preferredDate: null, complete: true, sentAt: new Date("2026-04-20T01:00:00Z") }],
      serviceBookings: [{ id: "s1", form: "service", category: "Service Booking", dealership: null, car: { title: "2019 Kia Sportage", slug: null }, message: null, preferredDate: "2026-06-02T09:00", complete: false, sentAt: NOW }],
      tradeIns: [{ id: "t1", car: "2021 Mazda CX-5", rego: "ADA001", state: "QLD", stage: "valuation", stageLabel: "1. Valuation With Adjustments", offerPrice: 17500, validUntil: "2026-05-08T00:00:00Z", sentAt: NOW }],
    };
    const html = view({ user: { phone: "+61412000001" }, garage });
    expect(html).toContain("Signed in as 04xx xxx 001");
    expect(html).toContain(">Sign out</button>");
    expect(html).toContain('Test Drive: <a href="/cars/2022-toyota-hilux-abc123">2022 Toyota HiLux</a>');
    expect(html).toContain("Sent 20 Apr 2026 to Harbourline Toyota");
    expect(html).toContain("Service Booking: 2019 Kia Sportage");
    expect(html).toContain("preferred 2026-06-02 09:00 · not finished");
    expect(html).toContain("Offer $17,500, valid until 8 May 2026 · Valuation With Adjustments");
    expect(html).toContain("2021 Mazda CX-5 (ADA001, QLD)");
    // No reservations section where the site takes none (null).
    expect(html).not.toContain("Reservations");
  });

  it("signed in with nothing yet: empty states that link to pages the site has", () => {
    const html = view({ user: { phone: "+61412000001" }, garage: EMPTY });
    expect(html).toContain("You have not saved any cars yet.");
    expect(html).toContain("You have not sent an enquiry while signed in.");
    for (const [, href] of html.matchAll(/href="([^"]+)"/g)) expect(findPage(withGarage(true), href.split("?")[0]), href).not.toBeNull();
  });

  it("lists the reservations with deposit, reference, status and hold end", () => {
    const html = view({ user: { phone: "+61412000001" }, garage: EMPTY, reservations: [{ id: "r1", car: { title: "2022 Toyota HiLux", slug: "x-1" }, deposit: 200, reference: "pay_123", status: "Reserved", holdUntil: "2026-05-03T00:00:00Z" }] });
    expect(html).toContain("Reservations");
    expect(html).toContain("Deposit $200 · reference pay_123 · Reserved · held until 3 May 2026");
  });

  it("anonymous where the garage is not gated: a sign-in link of type my-garage that comes back here", () => {
    const html = view({});
    expect(html).toContain('href="/sign-in?type=my-garage&amp;redirect=%2Fmy-garage&amp;back=%2Fmy-garage"');
    expect(html).not.toContain("Signed in as");
  });

  it("a site without sign-in: what this browser keeps, no account", () => {
    const html = view({ tenant: withGarage(false) });
    expect(html).toContain("This site does not have accounts: My Garage shows what this browser keeps for you.");
    expect(html).not.toContain("/sign-in");
  });

  it("answers at the garage path and every alias where the garage is on; nowhere where it is off", () => {
    const on = withGarage(true);
    for (const path of ["/my-garage", "/mymotorama", "/mybigboxcars", "/myblinkr", "/myservco"]) {
      expect(findPage(on, path)?.blocks[0].type, path).toBe("my-garage");
      expect(isAliasPath(path)).toBe(true);
    }
    const own = testTenant((t) => (t.features.garage = { enabled: true, path: "/my-harbourline" }));
    expect(findPage(own, "/my-harbourline")?.path).toBe("/my-harbourline");
    const off = testTenant((t) => (t.features.garage = { enabled: false, path: "/my-garage" }));
    expect(findPage(off, "/my-garage")).toBeNull();
    expect(findPage(off, "/mymotorama")).toBeNull();
  });
});
