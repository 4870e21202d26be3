import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { TenantDocument } from "../../renderer/types";
import type { Location } from "../../schemas/generated/tenant";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import LocationsCarousel, { SWIPE_HINT } from "./locations-carousel";

let id = 100;
const loc = (name: string, o: Partial<Location> = {}): Location => ({
  id: id++,
  name,
  slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/-$/, ""),
  primary: false,
  visible: true,
  location_type: "sales",
  dealership_id: 1,
  address: { street: "1 Main St", city: "Brisbane", state: "QLD", postcode: "4000" },
  ...o,
});

function site(locations: Location[]): TenantDocument {
  const t = structuredClone(fixtureTenant);
  t.locations = locations;
  return t;
}

type Props = Parameters<typeof LocationsCarousel>[0]["props"];
async function render(tenant: TenantDocument, props: Partial<Props> = {}) {
  const node = await LocationsCarousel({ id: "ours", props: { title: "Our Locations", ...props }, ctx: fixtureCtx("/", tenant) });
  return renderToStaticMarkup(<>{node}</>);
}

const names = (html: string) => [...html.matchAll(/<h3 id="[^"]+" class="[^"]*">([^<]+)<\/h3>/g)].map((m) => m[1]);

const five = site([
  loc("Epsom Sales"),
  loc("Corio Service", { location_type: "service" }),
  loc("Bendigo Parts", { location_type: "service-and-parts" }),
  loc("Hidden Yard", { visible: false }),
  loc("  "),
  loc("Ararat Sales", { reviews: { average_rating: 4.85, count: 12 }, image: { src: "/demo/ararat.jpg", alt: "The Ararat yard" } }),
  loc("Dandenong Sales"),
  loc("Frankston Sales"),
]);

describe("locations-carousel", () => {
  it("titles the row Our Locations and lists shown locations by name, each a card with a View Location link to /locations/{slug}", async () => {
    const html = await render(five);
    expect(html).toContain(">Our Locations</h2>");
    expect(names(html)).toEqual(["Ararat Sales", "Bendigo Parts", "Corio Service", "Dandenong Sales", "Epsom Sales", "Frankston Sales"]);
    expect(html).toContain('<a class="fc-button" href="/locations/ararat-sales" aria-label="View Location: Ararat Sales">View Location</a>');
    // The card's image and rating (above the minimum of 4).
    expect(html).toMatch(/<img class="fc-card__image [^"]*" src="[^"]*ararat\.jpg[^"]*"[^>]*alt="The Ararat yard"/);
    expect(html).toContain('data-rating="4.8"');
    expect(html).toContain('<ul id="ours-row" class="');
    expect(html).toMatch(/tabindex="0" aria-label="Our Locations" data-carousel="true"/);
    // Before it has measured, it is at the start: previous disabled, next enabled.
    expect(html).toMatch(/aria-label="Previous" disabled=""/);
    expect(html).not.toMatch(/aria-label="Next" disabled/);
  });

  it("follows a custom order, then the rest by name", async () => {
    expect(names(await render(five, { order: ["frankston-sales", "corio-service"] }))).toEqual(["Frankston Sales", "Corio Service", "Ararat Sales", "Bendigo Parts", "Dandenong Sales", "Epsom Sales"]);
  });

  it("filters by department (service-and-parts counts for both) or by a slug list", async () => {
    expect(names(await render(five, { type: "service" }))).toEqual(["Bendigo Parts", "Corio Service"]);
    expect(names(await render(five, { type: "parts" }))).toEqual(["Bendigo Parts"]);
    expect(names(await render(five, { slugs: ["epsom-sales", "hidden-yard", "ararat-sales"] }))).toEqual(["Ararat Sales", "Epsom Sales"]);
  });

  it("has the swipe hint, hidden on large screens above 3 locations; narrower cards above 4", async () => {
    const six = await render(five);
    expect(six).toContain(`data-hint-large="false">${SWIPE_HINT}</p>`);
    expect(six).toMatch(/class="[^"]*_carousel_[^"]* [^"]*_narrow_/);
    const four = await render(five, { slugs: ["ararat-sales", "bendigo-parts", "corio-service", "epsom-sales"] });
    expect(four).toContain('data-hint-large="false"');
    expect(four).toMatch(/class="[^"]*_carousel_[^"]* [^"]*_wide_/);
    const three = await render(five, { slugs: ["ararat-sales", "bendigo-parts", "corio-service"] });
    expect(three).toContain('data-hint-large="true"');
    // One card: nothing to swipe.
    expect(await render(five, { slugs: ["ararat-sales"] })).not.toContain(SWIPE_HINT);
  });

  it("renders nothing when no location is left", async () => {
    expect(await render(five, { slugs: ["hidden-yard"] })).toBe("");
    expect(await render(site([]))).toBe("");
  });
});
