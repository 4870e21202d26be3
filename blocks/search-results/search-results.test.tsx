import { isValidElement, type ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IN_PROCESS_SEARCH } from "../../domain/search-host";
import { fixtureCtx, testTenant } from "../../tests/fixtures/fixture-tenant";
import { car, NOW } from "../../tests/fixtures/search-records";
import { fakeSearch } from "../../tests/fixtures/fake-search";
import { renderSearch, testSettings } from "./fixtures/render-search";
import { renderSearchLikeNext } from "./fixtures/rsc-search";
import SearchResults from "./search-results";
import { CARD_ATTRIBUTES } from "../_shared/vehicle-card";
import type { SearchSettings } from "./settings";

// The real engine is server code (database, index); the block only needs it registered.
vi.mock("../../server/search/in-process", () => ({ registerInProcessSearch: () => {} }));

const text = (html: string) => html.replace(/<!-- -->/g, "");
const cardTitles = (html: string) => [...html.matchAll(/<article [^>]*aria-labelledby="results-(\d+)-title"/g)].map((m) => m[1]);
/** The grid's items in order: a car's id or "promo:{href}". */
const gridItems = (html: string) => {
  const grid = html.slice(html.indexOf('aria-label="Search results"'));
  return [...grid.matchAll(/<li class="[^"]*"><(?:article [^>]*aria-labelledby="results-(\d+)-title"|a class="[^"]*" href="([^"]+)")/g)].map((m) => m[1] ?? `promo:${m[2]}`);
};
const pressed = (html: string) => [...html.matchAll(/aria-pressed="true">([^<]+)</g)].map((m) => m[1]);

const stock = [
  car(1),
  car(2, { make: "Mazda", model: "CX-5", body: "suv", car_type: "new", price: 45000, km: 10 }),
  car(3, { make: "Mazda", model: "BT-50", body: "ute", car_type: "demo", price: 52000, km: 3000 }),
  car(4, { status: "sold", sold_at: Math.floor(NOW.getTime() / 1000) - 3600 }),
];

describe("search results: first render", () => {
  it("heads the results with the count and the site's vehicle word, and announces it", async () => {
    const { html } = await renderSearch(stock, testSettings());
    expect(text(html)).toMatch(/<h2 id="results-count" class="[^"]*">4 Cars<\/h2><p class="fc-visually-hidden" role="status">4 Cars found<\/p>/);
    expect(cardTitles(html)).toEqual(["1001", "1002", "1003", "1004"]);
  });

  it("says Caravans on a caravan site whatever the count", async () => {
    const tenant = testTenant((t) => {
      t.identity.vehicleNoun = { singular: "Caravan", plural: "Caravans" };
      t.identity.stockKinds = ["caravan"];
    });
    const { html } = await renderSearch([car(1, { item_type: "caravan" })], testSettings({ tenant }));
    expect(text(html)).toContain(">1 Caravans</h2>");
    const { html: one } = await renderSearch([car(1)], testSettings());
    expect(text(one)).toContain(">1 Car</h2>");
  });

  it("has a labelled search box, the site's sorts and every configured filter", async () => {
    const { html } = await renderSearch(stock, testSettings());
    expect(text(html)).toMatch(/<label for="([^"]+)" class="fc-visually-hidden">Search cars<\/label><input id="\1"/);
    expect([...html.matchAll(/<option value="([^"]+)"[^>]*>([^<]+)</g)].map((m) => [m[1], m[2]])).toEqual([
      ["vehicles", "Most relevant"],
      ["vehicles_price_desc", "Highest price"],
    ]);
    expect([...html.matchAll(/<summary class="[^"]*"><span>([^<]+)<\/span>/g)].map((m) => m[1])).toEqual(["Body type", "Make", "Model", "Price", "Kilometres", "Fuel type"]);
    expect(html).toMatch(/<legend class="[^"]*">Car type<\/legend>/);
    expect(pressed(html)).toEqual(["All"]);
  });

  it("draws a filter's options only in a section that is open: closed ones cost no markup; a refined one starts open with them", async () => {
    const { html } = await renderSearch(stock, testSettings());
    expect(html).not.toContain('type="checkbox"');
    expect(html).not.toContain('aria-label="Minimum price"');
    expect(html).not.toMatch(/<details[^>]* open/);
    const refined = (await renderSearch(stock, testSettings(), { refinementList: { make: ["Mazda"] }, range: { price: "40000:50000" } })).html;
    expect([...refined.matchAll(/<details[^>]* open=""><summary class="[^"]*"><span>([^<]+)<\/span>/g)].map((m) => m[1])).toEqual(["Make", "Price"]);
    expect(refined).toMatch(/<input type="checkbox" checked=""\/><span class="[^"]*">Mazda<\/span>/);
    expect(refined).toContain('aria-label="Minimum price"');
    expect(refined).not.toContain('aria-label="Maximum kilometres"');
  });

  it("asks the engine for the site's page size, each filter's facet, only the fields a card reads and no highlighting", async () => {
    const { client } = await renderSearch(stock, testSettings());
    const params = client.requests[0].params!;
    expect(params.hitsPerPage).toBe(21);
    expect(params.attributesToRetrieve).toEqual([...CARD_ATTRIBUTES]);
    expect(params.attributesToRetrieve).toContain("primary_image_url");
    expect(params.attributesToHighlight).toEqual([]);
    expect([...(params.facets as string[])].sort()).toEqual([
      "body", "car_type", "colour", "dealership_slug", "drive", "fuel", "item_type", "km", "make", "model", "price", "seats", "transmission", "weekly_price", "year",
    ]);
  });

  it("loads the first row's images at once and the rest lazily, the first one ahead of the others", async () => {
    const { html } = await renderSearch([car(1), car(2), car(3), car(4), car(5)], testSettings());
    const images = [...html.matchAll(/<img[^>]*>/g)].map((m) => m[0]);
    expect(images.map((img) => /loading="(\w+)"/.exec(img)?.[1])).toEqual(["eager", "eager", "eager", "lazy", "lazy"]);
    expect(images.map((img) => img.includes('fetchPriority="high"'))).toEqual([true, false, false, false, false]);
  });
});

describe("search results: state from the URL", () => {
  it("shows what an SEO path pre-refines, with the pressed car type and a removable chip", async () => {
    const { html, client } = await renderSearch(stock, testSettings(), { refinementList: { car_type: ["used"] } });
    expect(client.requests[0].params!.facetFilters).toEqual([["car_type:used"]]);
    expect(cardTitles(html)).toEqual(["1001", "1004"]);
    expect(pressed(html)).toEqual(["Used"]);
    expect(text(html)).toContain('<span class="fc-visually-hidden">Remove </span>Used');
    expect(text(html)).toMatch(/<button type="button" class="[^"]*">Clear all<\/button>/);
  });

  it("applies refinements of attributes the site has no filter for (SEO paths, see more from this dealer)", async () => {
    const tenant = testTenant((t) => (t.search.filters = [{ attribute: "fuel", label: "Fuel type", limit: 30 }]));
    const cars = [car(1), car(2, { dealership_slug: "harbourside-north", make: "Kia", body: "suv" })];
    const { html, client } = await renderSearch(cars, testSettings({ tenant }), { refinementList: { dealership_slug: ["harbourside-motors"], body: ["hatch"] } });
    expect(client.requests[0].params!.facetFilters).toEqual([["body:hatch"], ["dealership_slug:harbourside-motors"]]);
    expect(cardTitles(html)).toEqual(["1001"]);
    expect(text(html)).toContain("Dealership: Harbourside Motors");
    expect(text(html)).toContain("Remove </span>Hatch<");
  });

  it("highlights New when the site joins new and demo", async () => {
    const tenant = testTenant((t) => {
      t.search.joinNewAndDemo = true;
      t.search.carTypeOptions = ["all", "new", "used"];
    });
    const { html } = await renderSearch(stock, testSettings({ tenant }), { refinementList: { car_type: ["new", "demo"] } });
    expect(pressed(html)).toEqual(["New"]);
    expect(cardTitles(html)).toEqual(["1002", "1003"]);
  });

  it("applies a price range and shows it as a chip", async () => {
    const { html, client } = await renderSearch(stock, testSettings(), { range: { price: "40000:50000" } });
    expect(client.requests[0].params!.numericFilters).toEqual(["price>=40000", "price<=50000"]);
    expect(cardTitles(html)).toEqual(["1002"]);
    expect(text(html)).toContain("Remove </span>$40,000 – $50,000<");
  });

  it("searches the query and sorts with the chosen replica", async () => {
    const { client } = await renderSearch(stock, testSettings(), { query: "mazda", sortBy: "vehicles_price_desc", page: 2 });
    expect(client.requests[0]).toMatchObject({ indexName: "vehicles_price_desc", params: { query: "mazda", page: 1 } });
  });
});

describe("search results: server rendering as in Next", () => {
  it("sends one first search with every widget, reading the SEO path and the query string", async () => {
    const settings = testSettings({ seo: { path: "/search/used-cars", basePath: "/search", refinementList: { car_type: ["used"] } } });
    const url = "http://harbourside-motors.localhost/search/used-cars?query=corolla&sortBy=vehicles_price_desc&range[price]=20000:";
    const { html, client } = await renderSearchLikeNext(stock, settings, url);
    const [main, ...disjunctive] = client.requests;
    expect(main).toMatchObject({
      indexName: "vehicles_price_desc",
      params: { query: "corolla", hitsPerPage: 21, facetFilters: [["car_type:used"]], numericFilters: ["price>=20000"] },
    });
    expect([...(main.params!.facets as string[])].sort()).toEqual([
      "body", "car_type", "colour", "dealership_slug", "drive", "fuel", "item_type", "km", "make", "model", "price", "seats", "transmission", "weekly_price", "year",
    ]);
    // One more query per refined disjunctive facet, for its counts.
    expect(disjunctive.map((r) => r.params!.facets)).toEqual(["car_type", "price"]);
    expect(text(html)).toContain(">2 Cars</h2>");
    expect(cardTitles(html)).toEqual(["1001", "1004"]);
    expect(pressed(html)).toEqual(["Used"]);
    expect(html).toMatch(/<input id="[^"]+" class="[^"]*" type="search" [^>]*value="corolla"/);
    expect(html).toMatch(/<option value="vehicles_price_desc" selected="">Highest price<\/option>/);
  });

  // Issue 29: range[price]=50000:20000 read "$50,000 – $20,000" and found nothing.
  it("reads an inverted or unrounded range from the URL by the sliders' rules", async () => {
    const priced = [car(1, { price: 19000, km: 900 }), car(2, { price: 30000, km: 20000 }), car(3, { price: 50400, km: 57400 }), car(4, { price: 60000, km: 60000 })];
    const url = "http://x.localhost/search?range[price]=50000:20000&range[km]=1234:56789";
    const { html, client } = await renderSearchLikeNext(priced, testSettings(), url);
    expect(client.requests[0].params?.numericFilters).toEqual(["price>=20000", "price<=50000", "km>=1000", "km<=57000"]);
    expect(text(html)).toContain(">1 Car</h2>");
    expect(text(html)).toContain("Remove </span>$20,000 – $50,000<");
    expect(text(html)).toContain("Remove </span>1,000 – 57,000 km<");
    expect(text(html)).toMatch(/<p class="[^"]*">\$20,000 – \$50,000<\/p>/);
  });
});

describe("search results: the card layout", () => {
  const promoTenant = (change: (t: ReturnType<typeof testTenant>) => void = () => {}) =>
    testTenant((t) => {
      t.search.promoCards = {
        positions: [8, 17],
        randomOffset: false,
        withAnyFilter: false,
        cards: [
          { id: "finance", image: { src: "/promos/finance.svg", alt: "Finance from 8.5%", width: 480, height: 640 }, href: "/finance", strictDisplay: false },
          { id: "service", image: { src: "/promos/service.svg", alt: "Book a service", width: 480, height: 640 }, href: "/service", display: ["used"], strictDisplay: false },
        ],
      };
      change(t);
    });
  const page = Array.from({ length: 21 }, (_, i) => car(i + 1));

  it("puts promo cards at the site's positions among the cars", async () => {
    const { html } = await renderSearch(page, testSettings({ tenant: promoTenant() }));
    const items = gridItems(html);
    expect(items).toHaveLength(23);
    expect(items[7]).toBe("promo:/finance");
    expect(items[16]).toBe("promo:/service");
    expect(items.filter((i) => !i.startsWith("promo")).length).toBe(21);
    expect(html).toMatch(/<a class="[^"]*" href="\/finance"><img src="\/promos\/finance.svg" alt="Finance from 8.5%" width="480" height="640" loading="lazy"/);
  });

  it("keeps promos when only the car type is refined, and only the ones for that type", async () => {
    const newCars = Array.from({ length: 21 }, (_, i) => car(i + 1, { car_type: "new" }));
    const { html } = await renderSearch(newCars, testSettings({ tenant: promoTenant() }), { refinementList: { car_type: ["new"] } });
    expect(gridItems(html).filter((i) => i.startsWith("promo"))).toEqual(["promo:/finance"]);
  });

  it("leaves promos out when another filter is used, unless the site shows them with any filter", async () => {
    const { html } = await renderSearch(page, testSettings({ tenant: promoTenant() }), { refinementList: { make: ["Toyota"] } });
    expect(gridItems(html).some((i) => i.startsWith("promo"))).toBe(false);
    const any = await renderSearch(page, testSettings({ tenant: promoTenant((t) => (t.search.promoCards.withAnyFilter = true)) }), { refinementList: { make: ["Toyota"] } });
    expect(gridItems(any.html).filter((i) => i.startsWith("promo"))).toHaveLength(2);
  });

  it("moves the first promo by the server's random offset where the site randomises it", async () => {
    const settings = testSettings({ tenant: promoTenant((t) => (t.search.promoCards.randomOffset = true)), promoSeed: 0.99 });
    expect(gridItems((await renderSearch(page, settings)).html)[9]).toBe("promo:/finance");
  });

  it("collapses runs of sold cars where the site wants it", async () => {
    const sold = (n: number) => car(n, { status: "sold", sold_at: 1 });
    const hits = [car(1), sold(2), sold(3), sold(4), car(5), sold(6)];
    expect(gridItems((await renderSearch(hits, testSettings())).html)).toEqual(["1001", "1002", "1003", "1004", "1005", "1006"]);
    const tenant = testTenant((t) => (t.features.soldCars.collapseConsecutive = true));
    expect(gridItems((await renderSearch(hits, testSettings({ tenant }))).html)).toEqual(["1001", "1002", "1005", "1006"]);
  });

  it("shows the no-results card with the spec's texts and a Clear Filters button", async () => {
    const { html } = await renderSearch(stock, testSettings(), { query: "lamborghini" });
    expect(text(html)).toContain(">0 Cars</h2>");
    expect(text(html)).toMatch(
      /<h3 class="[^"]*">No Results Available<\/h3><p>No results found for your search at this time\. Please try adjusting the filters for more results\.<\/p><button type="button" class="fc-button">Clear Filters<\/button>/,
    );
    expect(html).not.toContain("<article");
  });

  it("pages through results with links that carry the state", async () => {
    const many = Array.from({ length: 50 }, (_, i) => car(i + 1));
    const { html } = await renderSearch(many, testSettings());
    expect(html).toMatch(/<nav class="[^"]*" aria-label="Pages">/);
    expect([...html.matchAll(/aria-label="(Page \d|Next page|Previous page)"( aria-current="page")?/g)].map((m) => m[1] + (m[2] ? "*" : ""))).toEqual([
      "Page 1*",
      "Page 2",
      "Page 3",
      "Next page",
    ]);
  });

  // Issue 29: /search?page=99 showed a blank list.
  it("says there are no more results past the last page and links to the last page, the rest of the search kept", async () => {
    const many = Array.from({ length: 50 }, (_, i) => car(i + 1, { make: "Toyota", title: `Toyota ${i}` }));
    const { html } = await renderSearchLikeNext(many, testSettings(), "http://x.localhost/search?query=toyota&page=99&refinementList[make][0]=Toyota");
    expect(text(html)).toContain(">50 Cars</h2>");
    expect(html).not.toContain("<article");
    expect(text(html)).toMatch(
      /<h3 class="[^"]*">No More Results<\/h3><p>There are no more results: this search has 3 pages\.<\/p><a class="fc-button" href="http:\/\/x\.localhost\/search\?query=toyota&amp;page=3&amp;refinementList\[make\]\[0\]=Toyota">Go to the last page \(page 3\)<\/a>/,
    );
    // The page links (Previous too) go to pages that are there.
    expect([...html.matchAll(/href="([^"]+)" aria-label="(Previous page|Page \d+)"/g)].map((m) => `${m[2]}: ${new URL(m[1].replace(/&amp;/g, "&")).searchParams.get("page")}`)).toEqual([
      "Previous page: 3",
      "Page 1: null",
      "Page 2: 2",
      "Page 3: 3",
    ]);
    // One page in all: its link is the first page.
    const few = (await renderSearchLikeNext([car(1), car(2)], testSettings(), "http://x.localhost/search?page=5")).html;
    expect(text(few)).toMatch(/this search has one page\.<\/p><a class="fc-button" href="http:\/\/x\.localhost\/search">Go to the last page \(page 1\)<\/a>/);
    // On a page that is there, no such word.
    expect((await renderSearch(many, testSettings(), { page: 2 })).html).not.toContain("No More Results");
  });

  it("shows one scrolling row with arrows in carousel mode, and no pages", async () => {
    const many = Array.from({ length: 30 }, (_, i) => car(i + 1));
    const { html } = await renderSearch(many, testSettings({ props: { layout: "carousel", heading: "Latest arrivals" } }));
    expect(html).toMatch(/<div class="[^"]*" role="region" aria-roledescription="carousel" aria-label="Latest arrivals">/);
    expect(html).toMatch(/<button type="button" class="[^"]*" aria-label="Previous results" disabled="">/);
    expect(html).toMatch(/<button type="button" class="[^"]*" aria-label="Next results">/);
    expect(html).toMatch(/<ul class="[^"]*" tabindex="0" aria-label="Latest arrivals: use the arrow keys to scroll">/);
    expect(html).not.toContain('aria-label="Pages"');
    expect(html).toMatch(/<h2 id="results-heading" class="[^"]*">Latest arrivals<\/h2>/);
  });
});

describe("search results: make filter", () => {
  const makes = ["Toyota", "Mazda", "Ford", "Kia", "Hyundai", "Mitsubishi", "Nissan", "Subaru", "Audi"];
  // Toyota most common, Audi least.
  const hits = makes.flatMap((make, i) => Array.from({ length: makes.length - i }, (_, k) => car(i * 20 + k, { make, model: "X" })));
  const makeLabels = (html: string) => {
    const section = html.slice(html.indexOf("<span>Make</span>"), html.indexOf("<span>Model</span>"));
    return [...section.matchAll(/<span class="[^"]*">([A-Za-z]+)<\/span><span class="[^"]*">\d+/g)].map((m) => m[1]);
  };

  it("shows the 7 most common makes, then a Show all makes control", async () => {
    // A chosen make opens the section from the start (closed, it draws no options).
    const { html } = await renderSearch(hits, testSettings(), { refinementList: { make: ["Toyota"] } });
    expect(makeLabels(html)).toEqual(makes.slice(0, 7));
    expect(html).toMatch(/aria-expanded="false" aria-controls="[^"]+">Show all makes<\/button>/);
    expect(html).not.toContain("Popular Makes");
  });

  it("keeps a refined make in sight beyond the first 7", async () => {
    const { html } = await renderSearch(hits, testSettings(), { refinementList: { make: ["Audi"] } });
    expect(makeLabels(html)).toEqual([...makes.slice(0, 7), "Audi"]);
  });

  it("heads the lists Popular Makes and All Makes where the site has the headings", async () => {
    const tenant = testTenant((t) => {
      t.search.makeHeadings = true;
      t.search.makesShown = 3;
    });
    const { html } = await renderSearch(hits, testSettings({ tenant }), { refinementList: { make: ["Audi"] } });
    expect(text(html)).toMatch(/<h3 class="[^"]*">Popular Makes<\/h3><ul class="[^"]*" aria-label="Popular Makes">/);
    expect(text(html)).toMatch(/<h3 class="[^"]*">All Makes<\/h3><ul class="[^"]*" aria-label="All Makes">/);
    expect(makeLabels(html)).toEqual(["Toyota", "Mazda", "Ford", "Audi"]);
  });
});

describe("search-results block (server part)", () => {
  afterEach(() => {
    delete (globalThis as Record<symbol, unknown>)[IN_PROCESS_SEARCH];
  });

  const settingsOf = async (path: string, tenant = testTenant(), host?: string) => {
    const ctx = fixtureCtx(path, tenant);
    const node = await SearchResults({ id: "results", props: { layout: "grid", showFilters: true }, ctx: host ? { ...ctx, searchHost: host } : ctx });
    const outer = node as ReactElement<{ children: ReactElement<{ settings: SearchSettings }> }>;
    expect(isValidElement(outer)).toBe(true);
    return outer.props.children.props.settings;
  };

  it("reads an SEO path's refinements, matching slugs against the site's facet values", async () => {
    const engine = fakeSearch([car(1), car(2, { make: "Land Rover", model: "Range Rover Sport", body: "suv" })]);
    const hosts: string[] = [];
    (globalThis as Record<symbol, unknown>)[IN_PROCESS_SEARCH] = (host: string, requests: never) => {
      hosts.push(host);
      return engine.search(requests);
    };
    const settings = await settingsOf("/search/land-rover/range-rover-sport");
    expect(settings.seo).toEqual({ path: "/search/land-rover/range-rover-sport", basePath: "/search", refinementList: { make: ["Land Rover"], model: ["Range Rover Sport"] } });
    expect(hosts).toEqual(["harbourside-motors.localhost"]);
  });

  it("asks the search host of its context, on the server and in the browser: a preview's draft answers a preview", async () => {
    const engine = fakeSearch([car(1)]);
    const hosts: string[] = [];
    (globalThis as Record<symbol, unknown>)[IN_PROCESS_SEARCH] = (host: string, requests: never) => {
      hosts.push(host);
      return engine.search(requests);
    };
    const preview = "harbourside-motors.localhost/preview/abcdefghijklmnopqrstuvwxyz012345";
    const settings = await settingsOf("/search/toyota", testTenant(), preview);
    expect(hosts).toEqual([preview]);
    expect(settings.host).toBe(preview);
  });

  it("needs no engine for car type paths", async () => {
    const settings = await settingsOf("/search/used-cars");
    expect(settings.seo).toEqual({ path: "/search/used-cars", basePath: "/search", refinementList: { car_type: ["used"] } });
  });

  it("still renders the search when the engine cannot list facet values", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const settings = await settingsOf("/search/toyota");
    expect(settings.seo.refinementList).toEqual({});
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it("passes the browser only plain, needed data", async () => {
    const settings = await settingsOf("/search");
    expect(JSON.parse(JSON.stringify(settings))).toEqual(settings);
    expect(settings).not.toHaveProperty("tenant");
    expect(JSON.stringify(settings)).not.toContain("dealerLinks");
    expect(settings).toMatchObject({ indexName: "vehicles", hitsPerPage: 21, host: "harbourside-motors.localhost", layout: "grid" });
  });
});
