import qs from "qs";
import { describe, expect, it } from "vitest";
import { createSearchURL, isSeoState, routeQuery, normaliseLocationPath, parseSearchURL, sanitiseRoute, searchRouting, type IndexUiState, type SeoState } from "./routing";

const sorts = ["vehicles", "vehicles_price_desc", "vehicles_created_at_desc"];
const base: SeoState = { path: "/search", basePath: "/search", refinementList: {} };
const used: SeoState = { path: "/search/used-cars", basePath: "/search", refinementList: { car_type: ["used"] } };
const loc = (href: string) => {
  const u = new URL(href);
  return { protocol: u.protocol, host: u.host, pathname: u.pathname, search: u.search, hash: u.hash };
};
const parse = (href: string, seo = base) => parseSearchURL(qs, loc(href), seo, sorts);
const create = (route: Parameters<typeof createSearchURL>[0], seo = base, at = "http://harbourline.localhost:3000/search") => createSearchURL(route, loc(at), seo);

describe("search URL: reading", () => {
  it("reads the spec's parameters", () => {
    expect(
      parse(
        "http://x.localhost/search?query=hilux&page=2&sortBy=vehicles_price_desc&refinementList[make][0]=Toyota&refinementList[make][1]=Mazda&range[price]=5000:20000",
      ),
    ).toEqual({ query: "hilux", page: 2, sortBy: "vehicles_price_desc", refinementList: { make: ["Toyota", "Mazda"] }, range: { price: "5000:20000" } });
  });

  it("reads percent-encoded brackets as well", () => {
    expect(parse("http://x.localhost/search?refinementList%5Bdealership_slug%5D%5B0%5D=harbourline-north")).toEqual({
      refinementList: { dealership_slug: ["harbourline-north"] },
    });
  });

  it("drops what is not search state, and sorts the site does not have", () => {
    expect(parse("http://x.localhost/search?configure[hitsPerPage]=1000&sortBy=secret_index&page=abc&range[price]=evil&utm_source=mail")).toEqual({});
    expect(sanitiseRoute({ refinementList: { make: ["", "Kia"], body: "suv" }, page: "1" }, sorts)).toEqual({ refinementList: { make: ["Kia"], body: ["suv"] } });
  });

  it("cuts a query past 512 characters there and drops a page number no one could reach (issue 12: the page must still render)", () => {
    expect(sanitiseRoute({ query: "a".repeat(10_000) }, sorts)).toEqual({ query: "a".repeat(512) });
    expect(sanitiseRoute({ query: "toyota", page: "1e308" }, sorts)).toEqual({ query: "toyota" });
    expect(sanitiseRoute({ page: String(2 ** 64) }, sorts)).toEqual({});
    expect(sanitiseRoute({ page: "3" }, sorts)).toEqual({ page: 3 });
  });

  it("adds the SEO path's refinements on that path only", () => {
    expect(parse("http://x.localhost/search/used-cars", used)).toEqual({ refinementList: { car_type: ["used"] } });
    expect(parse("http://x.localhost/search/used-cars?query=ute&page=3", used)).toEqual({ query: "ute", page: 3, refinementList: { car_type: ["used"] } });
    expect(parse("http://x.localhost/search?query=ute", used)).toEqual({ query: "ute" });
  });

  it("lets the query string win over the path for the same attribute", () => {
    expect(parse("http://x.localhost/search/used-cars?refinementList[car_type][0]=demo", used)).toEqual({ refinementList: { car_type: ["demo"] } });
  });

  it("compares paths the way the renderer does", () => {
    expect(normaliseLocationPath("/Search/Used-Cars/")).toBe("/search/used-cars");
    expect(normaliseLocationPath("/s/harbourline.localhost/search/used-cars")).toBe("/search/used-cars");
    expect(normaliseLocationPath("/search/land%20rover")).toBe("/search/land rover");
  });
});

describe("search URL: writing", () => {
  it("writes the base path and the state as readable parameters", () => {
    expect(create({ query: "hilux", page: 2, refinementList: { make: ["Toyota"] }, range: { price: "5000:20000" }, sortBy: "vehicles_price_desc" })).toBe(
      "http://harbourline.localhost:3000/search?query=hilux&page=2&sortBy=vehicles_price_desc&refinementList[make][0]=Toyota&range[price]=5000:20000",
    );
  });

  it("encodes values that need it", () => {
    expect(create({ refinementList: { make: ["Mercedes-Benz", "Land Rover"] }, query: "a&b" })).toBe(
      "http://harbourline.localhost:3000/search?query=a%26b&refinementList[make][0]=Mercedes-Benz&refinementList[make][1]=Land%20Rover",
    );
  });

  it("clears to the default search page", () => {
    expect(create({}, used, "http://harbourline.localhost:3000/search/used-cars")).toBe("http://harbourline.localhost:3000/search");
  });

  it("keeps the SEO path while the state is exactly its refinements", () => {
    expect(create({ refinementList: { car_type: ["used"] } }, used)).toBe("http://harbourline.localhost:3000/search/used-cars");
    expect(isSeoState({ refinementList: { car_type: ["used"] }, page: 2 }, used)).toBe(false);
    expect(create({ refinementList: { car_type: ["used"], make: ["Kia"] } }, used)).toBe(
      "http://harbourline.localhost:3000/search?refinementList[car_type][0]=used&refinementList[make][0]=Kia",
    );
  });

  it("writes /used-car for the used variant", () => {
    const usedCar: SeoState = { path: "/used-car/toyota", basePath: "/used-car", refinementList: { make: ["Toyota"] } };
    expect(create({ refinementList: { make: ["Toyota"] }, query: "gr" }, usedCar)).toBe("http://harbourline.localhost:3000/used-car?query=gr&refinementList[make][0]=Toyota");
  });

  it("reads back what it writes", () => {
    const states: IndexUiState[] = [
      { query: "ranger xlt", page: 4, sortBy: "vehicles_created_at_desc", refinementList: { make: ["Ford"], body: ["ute", "cabChassis"] }, range: { km: ":50000" } },
      { refinementList: { car_type: ["used"] } },
      {},
    ];
    for (const state of states) expect(parse(create(state, used), used)).toEqual(state);
  });
});

describe("search routing", () => {
  it("maps one index's state to the top level of the URL, without configure", () => {
    const { stateMapping } = searchRouting("vehicles", base, sorts);
    expect(stateMapping.stateToRoute({ vehicles: { query: "a", configure: { hitsPerPage: 21 } } })).toEqual({ query: "a" });
    expect(stateMapping.routeToState({ query: "a" })).toEqual({ vehicles: { query: "a" } });
    expect(stateMapping.routeToState(undefined)).toEqual({ vehicles: {} });
  });
});

describe("search URL: query string", () => {
  it("writes what InstantSearch's qs mapping writes, with readable brackets and range colon", () => {
    const route: IndexUiState = {
      query: "land cruiser & co",
      page: 3,
      sortBy: "vehicles_price_desc",
      refinementList: { make: ["Toyota", "Mercedes-Benz"], body: ["suv"] },
      range: { price: "5000:", km: ":20000" },
    };
    const written = routeQuery(route);
    expect(written).toBe(
      "?query=land%20cruiser%20%26%20co&page=3&sortBy=vehicles_price_desc&refinementList[make][0]=Toyota&refinementList[make][1]=Mercedes-Benz&refinementList[body][0]=suv&range[price]=5000:&range[km]=:20000",
    );
    expect(sanitiseRoute(qs.parse(written.slice(1)), sorts)).toEqual(route);
    expect(routeQuery({})).toBe("");
  });

  it("never writes an empty range, and writes a range as it reads back (issue 29)", () => {
    expect(routeQuery({ range: { price: ":" } })).toBe("");
    expect(routeQuery({ range: { price: "", km: "1000:" } })).toBe("?range[km]=1000:");
    expect(routeQuery({ range: { price: "50000:20000", km: "1234:56789" } })).toBe("?range[price]=20000:50000&range[km]=1000:57000");
  });
});

describe("search URL: ranges read by the sliders' rules (issue 29)", () => {
  it("swaps inverted ends, rounds price and km to 1000 and keeps the ends a step apart, on every read alike", () => {
    expect(parse("http://x.localhost/search?range[price]=50000:20000")).toEqual({ range: { price: "20000:50000" } });
    expect(parse("http://x.localhost/search?range[km]=1234:56789")).toEqual({ range: { km: "1000:57000" } });
    expect(parse("http://x.localhost/search?range[price]=44000:44000&range[year]=2019:2019")).toEqual({ range: { price: "44000:45000", year: "2019:2020" } });
    expect(parse("http://x.localhost/search?range%5Bprice%5D=%3A30000")).toEqual({ range: { price: ":30000" } });
  });

  it("drops ranges that say nothing", () => {
    expect(parse("http://x.localhost/search?range[price]=:&range[km]=0:&range[year]=a:b&range[x][y]=1:2")).toEqual({});
  });

  it("reads back what it writes", () => {
    for (const search of ["?range[price]=50000:20000", "?range[km]=1234:56789", "?range[price]=-5:999999.5", "?query=kia&range[price]=:30000&range[year]=2020:2020"]) {
      const first = parse(`http://x.localhost/search${search}`);
      const url = create(first);
      expect(parse(url), search).toEqual(first);
      expect(create(parse(url))).toBe(url);
    }
  });
});

describe("search URL: a distance (issue 34, domain/near.ts)", () => {
  const blacktown = { place: "Blacktown, NSW", lat: -33.77, lng: 150.905, km: 50 };

  it("writes near, at and within after the filters, and reads them back with no look-up", () => {
    const url = create({ refinementList: { body: ["ute"] }, near: blacktown });
    expect(url).toBe("http://harbourline.localhost:3000/search?refinementList[body][0]=ute&near=Blacktown,%20NSW&at=-33.77,150.905&within=50");
    expect(parse(url)).toEqual({ refinementList: { body: ["ute"] }, near: blacktown });
    // A distance is never the SEO path's state alone.
    expect(create({ refinementList: { car_type: ["used"] }, near: blacktown }, used)).toBe("http://harbourline.localhost:3000/search?refinementList[car_type][0]=used&near=Blacktown,%20NSW&at=-33.77,150.905&within=50");
    const nz = { place: "Penrose, Auckland", lat: -36.913, lng: 174.811, km: 1000 };
    expect(parse(create({ near: nz }))).toEqual({ near: nz });
  });

  it("ignores a hostile or broken distance, never failing the page: the rest of the search stays", () => {
    const at = (q: string) => parse(`http://x.localhost/search?query=ute&${q}`);
    for (const bad of [
      "near=Blacktown&at=-33.77,150.905", // no radius
      "near=Blacktown&at=-33.77,150.905&within=0",
      "near=Blacktown&at=-33.77,150.905&within=1001",
      "near=Blacktown&at=-33.77,150.905&within=1e3",
      "near=Blacktown&at=-33.77,150.905&within=-5",
      "near=Blacktown&at=-95,150.905&within=50",
      "near=Blacktown&at=-33.77,181&within=50",
      "near=Blacktown&at=NaN,NaN&within=50",
      "near=Blacktown&at=-33.77&within=50",
      "near=<script>alert(1)</script>&at=-33.77,150.905&within=50",
      `near=${"A".repeat(61)}&at=-33.77,150.905&within=50`,
      "near=&at=-33.77,150.905&within=50",
      "near[a]=x&at=-33.77,150.905&within=50",
      "near=Blacktown&at[0]=1&within=50",
      "near=Blacktown&at=-33.77,150.905&within[x]=50",
    ])
      expect(at(bad), bad).toEqual({ query: "ute" });
    expect(sanitiseRoute({ near: "Hobart, TAS", at: " -42.873 , 147.321 ", within: "5" }, sorts)).toEqual({ near: { place: "Hobart, TAS", lat: -42.873, lng: 147.321, km: 5 } });
  });
});
