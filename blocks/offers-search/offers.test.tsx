import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { offerRecords } from "../../domain/offers";
import { fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import { searchHost } from "../../domain/search-host";
import { dealerStockHref, offerEnds, offerPrice, offersSettings, OFFERS_PER_PAGE } from "./offers";
import { OfferCard } from "./offers-ui";
import OffersSearch from "./offers-search";
import { NO_LIVE_OFFERS } from "./offers";
import { fixtureCtx } from "../../tests/fixtures/fixture-tenant";

const tenant = {
  ...fixtureTenant,
  offers: [
    {
      id: "rav4",
      title: "RAV4 Hybrid from $44,990",
      description: "Sharp price.",
      image: { src: "/media/vehicles/suv/a7abae/front-right.webp", alt: "Silver RAV4" },
      dealership: "harbourside-motors",
      categories: ["New Car Offers", "Finance Offers"] as [string, string],
      price: 44990,
      priceType: "Drive Away",
      href: "/search/new-cars/toyota",
      expiry: "2027-01-31",
      terms: "While stocks last.",
    },
  ],
};

describe("offers search", () => {
  it("shows 21 per page and links Clear Filters to /special-offers", () => {
    expect(OFFERS_PER_PAGE).toBe(21);
    const s = offersSettings("offers", { heading: "Latest Offers", showFilters: true }, { tenant, path: "/special-offers", searchHost: searchHost(tenant.identity) });
    expect(s).toMatchObject({ indexName: "offers", heading: "Latest Offers", offersPage: "/special-offers", seo: { path: "/special-offers", basePath: "/special-offers" } });
  });

  it("reads price, expiry and the dealer's stock link", () => {
    const money = { locale: "en-AU" as const, currency: "AUD" as const };
    expect(offerPrice({ price: 44990, price_type: "Drive Away" }, money)).toBe("$44,990 Drive Away");
    expect(offerPrice({ price: 0, price_type: null }, money)).toBeNull();
    expect(offerPrice({ price: null, price_type: "Drive Away" }, money)).toBeNull();
    expect(offerEnds("2027-01-31", "en-AU")).toBe("Ends 31 January 2027");
    expect(offerEnds(null, "en-AU")).toBeNull();
    expect(dealerStockHref("harbourline-north")).toBe("/search?refinementList[dealership_slug][0]=harbourline-north");
  });

  it("renders a card with its picture, categories, price, dealer, terms and both links", () => {
    const settings = offersSettings("offers", { heading: "Latest Offers", showFilters: true }, { tenant, path: "/special-offers", searchHost: searchHost(tenant.identity) });
    const html = renderToStaticMarkup(<OfferCard offer={offerRecords(tenant)[0]} settings={settings} first />);
    expect(html).toContain('<h3 id="offers-rav4"');
    expect(html).toContain(">New Car Offers · Finance Offers<");
    expect(html).toContain(">$44,990 Drive Away<");
    expect(html).toContain("Harbourside Motors · Ends 31 January 2027");
    expect(html).toContain('src="/_next/image?url=%2Fmedia%2Fvehicles%2Fsuv%2Fa7abae%2Ffront-right.webp&amp;w=640&amp;q=75"');
    expect(html).toMatch(/<a class="fc-button" href="\/search\/new-cars\/toyota" aria-describedby="offers-rav4">View Offer<\/a>/);
    expect(html).toContain('href="/search?refinementList[dealership_slug][0]=harbourside-motors">See more from this dealer<span class="fc-visually-hidden"> (Harbourside Motors)</span></a>');
    expect(html).toContain("<summary>Terms and conditions</summary><p>While stocks last.</p>");
  });
});

describe("offers block on a site with no offer running", () => {
  it("says so and links the stock instead of an empty search", async () => {
    const expired = { ...tenant, offers: tenant.offers.map((o) => ({ ...o, expiry: "2020-01-31" })) };
    for (const site of [{ ...tenant, offers: [] }, expired]) {
      const html = renderToStaticMarkup(<>{await OffersSearch({ id: "offers", props: { heading: "Current Offers", showFilters: false }, ctx: fixtureCtx("/special-offers", site) })}</>);
      expect(html).toContain('<h2 id="offers-heading">Current Offers</h2>');
      expect(html).toContain(`<p>${NO_LIVE_OFFERS} <a href="/search">Browse all our cars</a></p>`);
      expect(html).not.toContain("Clear Filters");
    }
  });
});
