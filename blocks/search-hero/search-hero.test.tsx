import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IN_PROCESS_SEARCH, searchHost } from "../../domain/search-host";
import type { BlockProps, TenantDocument } from "../../renderer/types";
import { fixtureCtx, testTenant } from "../../tests/fixtures/fixture-tenant";
import { car } from "../../tests/fixtures/search-records";
import { fakeSearch } from "../../tests/fixtures/fake-search";
import qs from "qs";
import { readdirSync, readFileSync } from "node:fs";
import { parseSearchURL, createSearchURL } from "../_shared/search/routing";
import { heroHref, heroPriceRange, heroRequests, heroSettings, heroSlider, readHeroResults, showMeLabel, visibleSelectors, type HeroState } from "./hero";
import SearchHero from "./search-hero";

vi.mock("../../server/search/in-process", () => ({ registerInProcessSearch: () => {} }));

const props = (p: Partial<BlockProps<"search-hero">> = {}): BlockProps<"search-hero"> => ({
  defaultToggle: "all",
  selectors: [
    { attribute: "make", label: "Make" },
    { attribute: "model", label: "Model" },
    { attribute: "body", label: "Body type", toggles: ["new", "demo"] },
  ],
  priceSlider: true,
  quickPicks: true,
  ...p,
});
const settingsFor = (tenant: TenantDocument = testTenant(), p: Partial<BlockProps<"search-hero">> = {}) => heroSettings("hero", props(p), { tenant, searchHost: searchHost(tenant.identity) });
const state = (s: Partial<HeroState> = {}): HeroState => ({ toggle: "all", selected: {}, price: [5000, 250000], ...s });

const stock = [
  car(1),
  car(2, { make: "Mazda", model: "CX-5", make_model: "Mazda > CX-5", body: "suv", car_type: "new", price: 45000 }),
  car(3, { make: "Mazda", model: "BT-50", make_model: "Mazda > BT-50", body: "ute", car_type: "demo", price: 52000 }),
  car(4, { make: "Mazda", model: "CX-5", make_model: "Mazda > CX-5", body: "suv", car_type: "used", price: 31000 }),
];

describe("search hero: settings", () => {
  it("shows New, Demo, Used and All on a site selling all three, with the spec's slider defaults", () => {
    const s = settingsFor();
    expect(s.toggles.map((t) => [t.label, t.values])).toEqual([
      ["New", ["new"]],
      ["Demo", ["demo"]],
      ["Used", ["used"]],
      ["All", []],
    ]);
    // The spec's 5,000 to 250,000; its step of 500 becomes 1,000, as prices round to the nearest 1000.
    expect(s.price).toEqual({ min: 5000, max: 250000, step: 1000 });
    expect(s.heading).toBe("Search Our New & Used Vehicles");
    expect(s.selectors.find((x) => x.attribute === "model")?.limit).toBe(30);
  });

  it("drops Demo where New covers new and demo, and the toggle on a one-type site", () => {
    const joined = settingsFor(testTenant((t) => (t.search.joinNewAndDemo = true)));
    expect(joined.toggles.map((t) => [t.label, t.values])).toEqual([
      ["New", ["new", "demo"]],
      ["Used", ["used"]],
      ["All", []],
    ]);
    const usedOnly = settingsFor(testTenant((t) => (t.identity.carTypes = ["used"])), { defaultToggle: "used" });
    expect(usedOnly.toggles).toEqual([]);
    expect(usedOnly.defaultToggle).toBe("all");
  });

  it("keeps quick picks inside the slider and hides them with it", () => {
    const s = settingsFor(
      testTenant((t) => {
        t.search.heroPriceSlider = { min: 10000, max: 40000, step: 1000 };
        t.search.quickPickPrices = [5000, 10000, 15000, 20000, 25000, 30000, 40000, 50000, 70000];
      }),
    );
    expect(s.quickPicks).toEqual([15000, 20000, 25000, 30000, 40000]);
    expect(settingsFor(undefined, { priceSlider: false })).toMatchObject({ price: null, quickPicks: [] });
  });

  it("works in whole thousands, as the search page reads prices (spec §5)", () => {
    expect(heroSlider({ min: 5000, max: 250000, step: 500 })).toEqual({ min: 5000, max: 250000, step: 1000 });
    expect(heroSlider({ min: 5500, max: 249100, step: 2400 })).toEqual({ min: 5000, max: 250000, step: 2000 });
    expect(heroSlider({ min: 10000, max: 10000, step: 1 })).toEqual({ min: 10000, max: 11000, step: 1000 });
    const s = settingsFor(testTenant((t) => (t.search.quickPickPrices = [12500, 13000, 20000])));
    expect(s.quickPicks).toEqual([13000, 20000]);
  });

  it("shows a selector only under the toggles it is for", () => {
    const s = settingsFor();
    expect(visibleSelectors(s, state({ toggle: "used" })).map((x) => x.attribute)).toEqual(["make", "model"]);
    expect(visibleSelectors(s, state({ toggle: "new" })).map((x) => x.attribute)).toEqual(["make", "model", "body"]);
  });
});

describe("search hero: queries and link", () => {
  it("counts with every choice and lists each selector's values without its own choice", () => {
    const s = settingsFor();
    const requests = heroRequests(s, state({ toggle: "new", selected: { make: "Mazda", model: "CX-5" }, price: [5000, 60000] }));
    expect(requests.map((r) => [r.params.facets, r.params.facetFilters, r.params.numericFilters])).toEqual([
      [["status", "car_type"], [["car_type:new"], ["make:Mazda"], ["model:CX-5"]], ["price<=60000"]],
      [["make"], [["car_type:new"], ["model:CX-5"]], ["price<=60000"]],
      [["model"], [["car_type:new"], ["make:Mazda"]], ["price<=60000"]],
      [["body"], [["car_type:new"], ["make:Mazda"], ["model:CX-5"]], ["price<=60000"]],
    ]);
    expect(requests[2].params.maxValuesPerFacet).toBe(30);
    expect(requests.every((r) => r.params.hitsPerPage === 0)).toBe(true);
  });

  it("opens the SEO path when the choices are only car type, make, model and body, else /search with the state", () => {
    const s = settingsFor();
    expect(heroHref(s, state())).toBe("/search");
    expect(heroHref(s, state({ toggle: "used", selected: { make: "Land Rover", model: "Range Rover Sport" } }))).toBe("/search/used-cars/land-rover/range-rover-sport");
    expect(heroHref(s, state({ toggle: "new", selected: { body: "suv" } }))).toBe("/search/new-cars/suv-cars");
    // A body chosen under New does not follow to Used, where the selector is hidden.
    expect(heroHref(s, state({ toggle: "used", selected: { body: "suv" } }))).toBe("/search/used-cars");
    expect(heroHref(s, state({ toggle: "used", price: [10000, 250000] }))).toBe("/search?refinementList[car_type][0]=used&range[price]=10000:");
    expect(heroHref(s, state({ selected: { make: "Mazda" }, price: [5000, 30000] }))).toBe("/search?refinementList[make][0]=Mazda&range[price]=:30000");
  });

  it("never links to an empty or inverted range", () => {
    const s = settingsFor();
    expect(heroPriceRange(s, state({ price: [5000, 250000] }))).toBeUndefined();
    expect(heroPriceRange(s, state({ price: [30000, 30000] }))).toBe("30000:31000");
    expect(heroPriceRange(s, state({ price: [60000, 20000] }))).toBe("20000:60000");
    expect(heroPriceRange(s, state({ price: [7400, 250000] }))).toBe("7000:");
    expect(heroRequests(s, state({ price: [7400, 30000] }))[0].params.numericFilters).toEqual(["price>=7000", "price<=30000"]);
  });

  // Issue 29: Under $30,000 linked to range[price]=:, which the search page read as no filter.
  it("writes every quick pick and slider position as a link the search page reads back as the same filter (each demo site)", () => {
    const at = "http://site.localhost:3000";
    const seo = { path: "/search", basePath: "/search", refinementList: {} };
    const loc = (href: string) => {
      const u = new URL(href, at);
      return { protocol: u.protocol, host: u.host, pathname: u.pathname, search: u.search, hash: u.hash };
    };
    let checked = 0;
    for (const file of readdirSync("tenants").filter((f) => f.endsWith(".json"))) {
      const tenant = JSON.parse(readFileSync(`tenants/${file}`, "utf8")) as TenantDocument;
      const s = heroSettings("hero", props(), { tenant: { ...testTenant(), ...tenant, search: { ...testTenant().search, ...tenant.search } }, searchHost: "x" });
      const { min, max, step } = s.price!;
      const positions: [number, number][] = [
        ...s.quickPicks.map((amount) => [min, amount] as [number, number]),
        [min + step, max],
        [min + 3 * step, min + 4 * step],
        [max - step, max],
        [min, min + step],
      ];
      for (const price of positions) {
        const href = heroHref(s, state({ price }));
        const route = parseSearchURL(qs, loc(href), seo, []);
        const range = heroPriceRange(s, state({ price }));
        expect(range, `${file} ${price}`).toMatch(/^\d*:\d*$/);
        expect(range, `${file} ${price}`).not.toBe(":");
        expect(route.range?.price, `${file} ${price}: ${href}`).toBe(range);
        // The numbers the hero counted with are the ones the search page filters by.
        const [lo, hi] = range!.split(":");
        expect(heroRequests(s, state({ price }))[0].params.numericFilters).toEqual([...(lo ? [`price>=${lo}`] : []), ...(hi ? [`price<=${hi}`] : [])]);
        expect(createSearchURL(route, loc(href), seo)).toBe(`${at}${href}`);
        checked++;
      }
      if (s.quickPicks.length) expect(heroHref(s, state({ price: [min, 30000] }))).toBe("/search?range[price]=:30000");
    }
    expect(checked).toBeGreaterThan(30);
  });

  it("takes the count from facets above 1999 hits and orders options by stock", () => {
    const s = settingsFor();
    const read = readHeroResults(s, state(), [
      { nbHits: 2500, facets: { status: { in_stock: 2100, coming_soon: 400 } } },
      { facets: { make: { Kia: 3, Mazda: 9, Audi: 3 } } },
      { facets: { model: {} } },
    ]);
    expect(read.count).toBe(2100);
    expect(read.options.make).toEqual([["Mazda", 9], ["Audi", 3], ["Kia", 3]]);
    expect(readHeroResults(s, state(), [{ nbHits: 12, facets: { status: { in_stock: 10 } } }]).count).toBe(12);
  });

  it("says Show Me N and the site's word, pluralised by count; a caravan site always says Caravans", () => {
    const s = settingsFor();
    expect(showMeLabel(s, 1234)).toBe("Show Me 1,234 Cars");
    expect(showMeLabel(s, 1)).toBe("Show Me 1 Car");
    const caravans = settingsFor(testTenant((t) => {
      t.identity.vehicleNoun = { singular: "Caravan", plural: "Caravans" };
      t.identity.stockKinds = ["caravan"];
    }));
    expect(showMeLabel(caravans, 1)).toBe("Show Me 1 Caravans");
  });
});

describe("search-hero block", () => {
  afterEach(() => {
    delete (globalThis as Record<symbol, unknown>)[IN_PROCESS_SEARCH];
  });

  const render = async (tenant = testTenant(), p: Partial<BlockProps<"search-hero">> = {}) => {
    const engine = fakeSearch(stock);
    (globalThis as Record<symbol, unknown>)[IN_PROCESS_SEARCH] = (_host: string, requests: never) => engine.search(requests);
    const node = await SearchHero({ id: "hero", props: props(p), ctx: fixtureCtx("/", tenant) });
    return { html: renderToString(node as ReactElement).replace(/<!-- -->/g, ""), engine };
  };

  it("renders the site's heading, the toggle, selectors with counts and the Show Me link from the first search", async () => {
    const { html } = await render(testTenant((t) => (t.search.heroHeading = "Search Our Stock")));
    expect(html).toMatch(/<h2 id="hero-heading" class="[^"]*">Search Our Stock<\/h2>/);
    expect([...html.matchAll(/aria-pressed="(true|false)">(\w+)</g)].map((m) => `${m[2]}:${m[1]}`).slice(0, 4)).toEqual(["New:false", "Demo:false", "Used:false", "All:true"]);
    expect([...html.matchAll(/<option value="([^"]*)"[^>]*>([^<]+)</g)].map((m) => m[2])).toEqual(["Any make", "Mazda (3)", "Toyota (1)", "Any model", "CX-5 (2)", "BT-50 (1)", "Corolla (1)"]);
    expect(html).toMatch(/<label for="([^"]+)">Make<\/label><select id="\1"/);
    expect(html).toMatch(/<a class="fc-button [^"]*" href="\/search">Show Me 4 Cars<\/a>/);
    expect(html).toContain('aria-label="Minimum price"');
    expect(html).toContain("$5,000 – $250,000");
    expect([...html.matchAll(/>(Under \$[\d,]+)</g)].map((m) => m[1])).toEqual(["Under $10,000", "Under $20,000"]);
  });

  it("starts on the toggle the block names and counts only that stock", async () => {
    const { html, engine } = await render(undefined, { defaultToggle: "new" });
    expect(engine.requests[0].params?.facetFilters).toEqual([["car_type:new"]]);
    expect(html).toMatch(/href="\/search\/new-cars">Show Me 1 Car<\/a>/);
    expect(html).toContain("Any body type");
  });

  it("still renders the panel when the first search fails", async () => {
    (globalThis as Record<symbol, unknown>)[IN_PROCESS_SEARCH] = () => Promise.reject(new Error("engine down"));
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const node = await SearchHero({ id: "hero", props: props(), ctx: fixtureCtx("/", testTenant()) });
    const html = renderToString(node as ReactElement).replace(/<!-- -->/g, "");
    expect(html).toContain("Show Me 0 Cars");
    expect(error).toHaveBeenCalledWith("[search-hero] first search failed:", expect.any(Error));
    error.mockRestore();
  });
});

