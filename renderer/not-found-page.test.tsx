import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { fixtureTenant } from "../tests/fixtures/fixture-tenant";
import { NOT_FOUND_TITLE, NotFoundResponse, SiteNotFound } from "./not-found-page";
import { NOT_FOUND_MARK } from "../domain/hosts";

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("a site's 404 page", () => {
  it("has the site's header (logo, menu, phone), a search box for /search?query=, links home and to search, and its footer", async () => {
    const doc = structuredClone(fixtureTenant);
    doc.layout.top = [{ id: "header", type: "site-header", props: { sticky: true, showDealerLinks: true, showPhone: true, menuBelow: false } }];
    doc.layout.bottom = [{ id: "footer", type: "site-footer", props: { showLocations: true, showSocial: true } }];
    const html = renderToStaticMarkup(<>{await SiteNotFound({ live: { document: doc } })}</>);
    expect(html).toContain(`<h1 class="`);
    expect(text(html)).toContain(NOT_FOUND_TITLE);
    // Header: logo and main menu, and the call link.
    expect(html).toContain(`alt="${doc.theme.logo.alt}"`);
    expect(html).toContain('aria-label="Main"');
    expect(html).toContain('href="tel:+61730001234"');
    // The search box submits the keyword as the search page's query.
    expect(html).toMatch(/<form[^>]*role="search" aria-label="Search cars" action="\/search" method="get">/);
    expect(html).toMatch(/<label for="not-found-query"[^>]*>Search by make, model or keyword<\/label><input id="not-found-query"[^>]*name="query"/);
    expect(html).toContain('<a href="/">Go to the home page</a>');
    expect(html).toContain('<a href="/search">Browse all cars</a>');
    expect(text(html)).toContain("Or call us on 07 3000 1234");
    // Footer.
    expect(html).toContain("<footer");
  });

  it("speaks of what the site sells: caravans on a caravan dealer's site, vehicles on a motorcycle and truck dealer's", async () => {
    for (const [stockKinds, noun, plural] of [[["caravan"], "caravan", "caravans"], [["motorcycle", "truck"], "vehicle", "vehicles"]] as const) {
      const doc = structuredClone(fixtureTenant);
      doc.identity.stockKinds = [...stockKinds];
      const html = renderToStaticMarkup(<>{await SiteNotFound({ live: { document: doc } })}</>);
      expect(text(html)).toContain(`It may have moved, or the ${noun} may have sold.`);
      expect(html).toContain(`aria-label="Search ${plural}"`);
      expect(html).toContain(`<a href="/search">Browse all ${plural}</a>`);
    }
  });

  it("a route's missing page carries, first, the exact mark the page server answers with 404 (serving/late-scripts.ts)", async () => {
    const element = NotFoundResponse({ host: null });
    // The mark, then the page (a host no site answers: the plain note).
    const [mark, page] = element.props.children;
    expect(renderToStaticMarkup(mark)).toBe(NOT_FOUND_MARK);
    expect(text(renderToStaticMarkup(await page.type(page.props)))).toContain("Sorry, there is no page at this address.");
  });
});
