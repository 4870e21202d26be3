import { readFileSync } from "node:fs";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { validateTenant } from "../../domain/tenant-validation";
import type { BlockContext, TenantDocument } from "../../renderer/types";
import DealerLocator from "./dealer-locator";
import { distanceText, locatorSearch } from "./locator";
import { blockProps } from "../../tests/fixtures/block-props";

function demo(slug: string, change: (t: TenantDocument) => void = () => {}): TenantDocument {
  const checked = validateTenant(JSON.parse(readFileSync(`tenants/${slug}.json`, "utf8")));
  if (!checked.ok) throw new Error(`${slug} is not valid`);
  change(checked.document);
  return checked.document;
}

async function render(query: BlockContext["query"], props = {}, tenant = demo("harbourline")): Promise<string> {
  const page = tenant.pages.find((p) => p.path === "/dealer-locator")!;
  const ctx: BlockContext = { tenant, page, path: "/dealer-locator", vehicle: null, searchHost: "harbourline.localhost", query };
  return renderToString((await DealerLocator({ id: "locator", props: blockProps("dealer-locator", props), ctx })) as ReactElement);
}

/** The listed locations' names, in order. */
const names = (html: string) => [...html.matchAll(/<h4[^>]*>([^<]*)<\/h4>/g)].map((m) => m[1].replace(/&amp;/g, "&"));
const distances = (html: string) => [...html.matchAll(/data-testid="locator-distance">([^<]*)<!-- --> away/g)].map((m) => m[1]);
const today = (html: string) => [...html.replace(/<!-- -->/g, "").matchAll(/data-testid="locator-today"><strong>([^<]*)<\/strong> ([^<]*)</g)].map((m) => `${m[1]} ${m[2]}`);

afterEach(() => vi.useRealTimers());

describe("dealer locator block (spec §2, §5, §8, §9)", () => {
  it("lists every shown location by name before a search, with no distances and no error", async () => {
    const html = await render(undefined);
    const shown = demo("harbourline").locations.filter((l) => l.visible).map((l) => l.name);
    expect(names(html)).toEqual(shown.toSorted((a, b) => a.localeCompare(b, "en")));
    expect(names(html)).not.toContain("Harbourline Cardiff Parts Warehouse");
    expect(html).toContain(">All our locations</h3>");
    expect(distances(html)).toEqual([]);
    expect(html).not.toContain("Invalid postcode.");
    // A GET form to the page itself, labelled inputs.
    expect(html).toMatch(/<form[^>]*role="search"[^>]*method="get">/);
    expect(html).toMatch(/<label for="locator-postcode"[^>]*>Postcode<\/label>/);
    expect(html).toMatch(/<label for="locator-department"[^>]*>Department<\/label>/);
    expect(html).toContain('role="region" aria-label="Map of the locations listed"');
  });

  it("lists the nearest shown locations to a postcode, nearest first, with rounded distances, links and today's hours in the site's time zone", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // Saturday 20:00 UTC is Sunday 6am in Brisbane: Sunday's hours.
    vi.setSystemTime(new Date("2026-11-28T20:00:00Z"));
    const html = await render({ postcode: "4215" });
    expect(html).toContain(">Nearest locations to <!-- -->Southport, QLD<!-- --> <!-- -->4215</h3>".replace(/<!-- -->/g, ""));
    expect(names(html)).toEqual([
      "Harbourline Hyundai & Kia Southport Sales",
      "Harbourline Gold Coast Service Centre",
      "Harbourline Southport Parts",
      "Harbourline Ford Tweed Heads Sales",
      "Harbourline Toyota Cleveland Service",
    ]);
    // Checked against an independent haversine (6371 km): 0.36, 1.14, 1.14, 28.92 and 50.82 km.
    expect(distances(html)).toEqual(["0.4 km", "1.1 km", "1.1 km", "29 km", "51 km"]);
    expect(today(html)[0]).toBe("Today: 10am to 3pm");
    expect(html).toContain('href="/locations/harbourline-hyundai-kia-southport-sales" aria-label="View Location: Harbourline Hyundai &amp; Kia Southport Sales"');
    expect(html).toContain('href="https://www.google.com/maps/search/?api=1&amp;query=Harbourline+Hyundai+%26+Kia+Southport+Sales+210+Ferry+Road+Southport+QLD+4215"');
    // Each location's calls are its own department's (domain/analytics-standards.ts CALL_DEPARTMENT_ATTR).
    expect(html).toContain('<a href="tel:0755501031" data-fc-call="sales">07 5550 1031</a>');
    expect([...html.matchAll(/<a href="tel:[^"]+" data-fc-call="([a-z]+)">/g)].map((m) => m[1])).toEqual(["sales", "service", "parts", "sales", "service"]);
    expect(html).toContain("<address");
    expect(html).toContain("210 Ferry Road, Southport QLD 4215</address>");

    // Christmas Day in Brisbane (still the 24th in UTC): the holiday's hours, named.
    vi.setSystemTime(new Date("2026-12-24T14:30:00Z"));
    expect(today(await render({ postcode: "4215" }))[0]).toBe("Today (Christmas Day): Closed");
  });

  it("narrows to a department, with or without a postcode, and takes the department's own hours", async () => {
    const service = await render({ postcode: "2285", department: "service" });
    expect(names(service)).toEqual(["Harbourline Trucks Beresfield Service", "Harbourline Gold Coast Service Centre", "Harbourline Toyota Cleveland Service"]);
    expect(service).toContain("Nearest service locations to");
    expect(service).toMatch(/<option value="service" selected="">Service<\/option>/);
    const parts = await render({ department: "parts" });
    expect(names(parts)).toEqual(["Harbourline Gold Coast Service Centre", "Harbourline Southport Parts"]);
    expect(parts).toContain(">Our parts locations</h3>");
    // A list of parts locations: calls to each (the service centre's too) are the parts department's.
    expect([...parts.matchAll(/<a href="tel:[^"]+" data-fc-call="([a-z]+)">/g)].map((m) => m[1])).toEqual(["parts", "parts"]);
    // Without the filter the department is not read (and there is no select).
    const off = await render({ postcode: "2285", department: "service" }, { departmentFilter: false, resultCount: 2 });
    expect(off).not.toContain('name="department"');
    expect(names(off)).toEqual(["Harbourline Nissan & Suzuki Cardiff Sales", "Harbourline Trucks Beresfield Service"]);
  });

  it('says "Invalid postcode." by the field for a postcode with no place or hostile input, shows it back safely, and lists every location', async () => {
    for (const postcode of ["", "0000", "٤٠٠٠", "4000 OR 1=1", "\u0000", "\ud800", "4".repeat(10_000), ["x", "4000"]]) {
      const html = await render({ postcode });
      expect(html).toContain('<p id="locator-error" class="');
      expect(html).toMatch(/role="alert" data-testid="locator-error">Invalid postcode\.<\/p>/);
      expect(html).toMatch(/aria-invalid="true" aria-describedby="locator-error"/);
      expect(names(html)).toHaveLength(14);
    }
    const shown = await render({ postcode: '\u0000"><script>alert(1)</script>' });
    expect(shown).not.toContain("<script>alert");
    expect(shown).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;"');
    expect(shown).not.toContain("\u0000");
  });

  it("links View Location only where the site has location pages, and leaves the map out when told to", async () => {
    const html = await render({ postcode: "4163" }, { showMap: false }, demo("harbourline", (t) => void t.pages.splice(t.pages.findIndex((p) => p.template === "location-detail"), 1)));
    expect(html).not.toContain("View Location");
    expect(html).toContain("Get Directions");
    expect(html).not.toContain('role="region"');
  });

  it("finds a New Zealand postcode on the New Zealand site", async () => {
    const html = await render({ postcode: "1061" }, {}, demo("kowhai-motors"));
    expect(names(html)).toEqual(["Kōwhai Motors Penrose Service", "Kōwhai Motors Penrose Sales", "Kōwhai Motors Lower Hutt Sales", "Kōwhai Motors Addington Sales"]);
    // Independent haversine: 0.34, 0.57, 477.76 and 760.39 km.
    expect(distances(html)).toEqual(["0.3 km", "0.6 km", "478 km", "760 km"]);
  });
});

describe("locator query and distances", () => {
  it("reads the first postcode and a known department; anything else is no department", () => {
    expect(locatorSearch(undefined)).toEqual({ searched: false, postcode: null, echo: "" });
    expect(locatorSearch({ postcode: "", department: "" })).toEqual({ searched: true, postcode: "", echo: "" });
    expect(locatorSearch({ postcode: ["4215", "0000"], department: ["parts", "sales"] })).toEqual({ searched: true, postcode: "4215", echo: "4215", department: "parts" });
    expect(locatorSearch({ postcode: "4215", department: "boats" })).toEqual({ searched: true, postcode: "4215", echo: "4215" });
    expect(locatorSearch({ postcode: "4".repeat(10_000) }).echo).toBe("4".repeat(20));
    expect(locatorSearch({ postcode: "4\u0000\u0007\ufffd0\ud800" }).echo).toBe("40");
    expect(locatorSearch({ postcode: "😀😀" }).echo).toBe("😀😀");
  });

  it("writes distances to one decimal under 10 km, else whole kilometres with separators", () => {
    expect(distanceText(0)).toBe("under 0.1 km");
    expect(distanceText(0.049)).toBe("under 0.1 km");
    expect(distanceText(0.05)).toBe("0.1 km");
    expect(distanceText(0.365)).toBe("0.4 km");
    expect(distanceText(9.94)).toBe("9.9 km");
    expect(distanceText(9.96)).toBe("10 km");
    expect(distanceText(28.92)).toBe("29 km");
    expect(distanceText(1234.5, "en-NZ")).toBe("1,235 km");
  });
});
