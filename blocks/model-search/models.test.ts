import { describe, expect, it } from "vitest";
import type { BlockProps, TenantDocument } from "../../renderer/types";
import { searchHost } from "../../domain/search-host";
import { testTenant } from "../../tests/fixtures/fixture-tenant";
import {
  detailRequests,
  findModels,
  fromLabel,
  fromPrice,
  listRequest,
  modelHref,
  modelsLabel,
  modelSearchSettings,
  readModels,
  readTiles,
  splitMakeModel,
  stockLabel,
  type ModelRequest,
} from "./models";
import {
  clampPage,
  MODELS_PER_PAGE,
  pageCount,
  pageHref,
  pageNumbers,
  pageOf,
  readUrlState,
  writeUrlState,
} from "./pages";

const settingsFor = (p: Partial<BlockProps<"model-search">> = {}, tenant: TenantDocument = testTenant(), query: Record<string, string | string[]> = {}) =>
  modelSearchSettings("models", { sort: "count", ...p }, { tenant, path: "/models", searchHost: searchHost(tenant.identity), query });

describe("model search: settings", () => {
  it("reads the block's heading, sort and car type, New covering demo where the site joins them", () => {
    const s = settingsFor({ heading: "  Browse by model ", carType: "used", sort: "name" });
    expect(s).toMatchObject({ heading: "Browse by model", carTypes: ["used"], sort: "name", path: "/models", host: "harbourside-motors.localhost", algolia: null });
    expect(settingsFor({ heading: "  " }).heading).toBeNull();
    expect(settingsFor().carTypes).toEqual([]);
    const joined = settingsFor({ carType: "new" }, testTenant((t) => (t.search.joinNewAndDemo = true)));
    expect(joined.carTypes).toEqual(["new", "demo"]);
  });
});

describe("model search: /models?body= (leads spec §2 routes)", () => {
  it("limits the models to the body asked, spec slugs normalised, and keeps it in every link", () => {
    const suv = settingsFor({}, testTenant(), { body: "suv" });
    expect(suv.scope).toEqual({ slug: "suv", label: "SUV", refinements: { body: ["suv"] } });
    expect(listRequest(suv, "").params.facetFilters).toEqual([["body:suv"]]);
    expect(detailRequests(suv, [{ value: "Toyota > RAV4" }])[0].params.facetFilters).toEqual([["body:suv"], ["make_model:Toyota > RAV4"]]);
    expect(modelHref(suv, "Toyota", "RAV4")).toBe("/search/toyota/rav4/suv-cars");
    expect(pageHref(suv, "", 1)).toBe("/models?body=suv&page=2");
    const hatch = settingsFor({ carType: "used" }, testTenant(), { body: "Hatchback" });
    expect(hatch.scope).toEqual({ slug: "hatchback", label: "Hatch", refinements: { body: ["hatch"] } });
    expect(listRequest(hatch, "").params.facetFilters).toEqual([["car_type:used"], ["body:hatch"]]);
  });

  it("reads truck per the site's setting, and light trucks only where it sells trucks", () => {
    const trucks = testTenant((t) => (t.identity.stockKinds = ["car", "truck"]));
    expect(settingsFor({}, trucks, { body: "light-truck" }).scope).toEqual({ slug: "light-truck", label: "Light Truck", refinements: { item_type: ["truck"] } });
    expect(settingsFor({}, testTenant(), { body: "light-truck" }).scope).toBeNull();
    const utes = testTenant((t) => (t.search.truckSlug = "ute"));
    expect(settingsFor({}, utes, { body: "truck" }).scope?.refinements).toEqual({ body: ["ute"] });
  });

  it("ignores a body it does not know or a hostile value", () => {
    for (const body of ["spaceship", "", "suv\u0000", "<script>", "x".repeat(100), "../admin"]) expect(settingsFor({}, testTenant(), { body }).scope).toBeNull();
    expect(settingsFor({}, testTenant(), { body: ["suv", "ute"] }).scope).toBeNull();
    expect(listRequest(settingsFor({}, testTenant(), { body: "nope" }), "").params.facetFilters).toEqual([]);
  });
});

describe("model search: requests", () => {
  it("runs the text against the vehicles index and counts models from the make_model facet, up to 1000", () => {
    expect(listRequest(settingsFor(), "  toyota   suv ")).toEqual({
      indexName: "vehicles",
      params: { query: "toyota suv", hitsPerPage: 0, facets: ["make_model"], maxValuesPerFacet: 1000, facetFilters: [] },
    });
    expect(listRequest(settingsFor({ carType: "demo" }), "").params.facetFilters).toEqual([["car_type:demo"]]);
    expect(listRequest(settingsFor(), "x".repeat(300)).params.query).toHaveLength(200);
  });

  it("asks two things per shown model, without the text: its stock (body facet, one hit's picture) and its priced stock (price > 0 stats)", () => {
    const requests = detailRequests(settingsFor({ carType: "used" }), [{ value: "Toyota > Corolla" }, { value: "Mazda > CX-5" }]);
    expect(requests).toHaveLength(4);
    expect(requests[0].params).toEqual({
      query: "",
      hitsPerPage: 1,
      facets: ["body"],
      maxValuesPerFacet: 30,
      facetFilters: [["car_type:used"], ["make_model:Toyota > Corolla"]],
      attributesToRetrieve: ["primary_image_url"],
      attributesToHighlight: [],
    });
    expect(requests[1].params).toEqual({
      query: "",
      hitsPerPage: 0,
      facets: ["price"],
      maxValuesPerFacet: 1,
      facetFilters: [["car_type:used"], ["make_model:Toyota > Corolla"]],
      numericFilters: ["price>0"],
    });
    expect(requests[3].params.facetFilters).toEqual([["car_type:used"], ["make_model:Mazda > CX-5"]]);
    // A full page is 42 queries: within the 50 one multi-query may carry (the engine's MAX_QUERIES, Algolia's limit).
    const page = Array.from({ length: MODELS_PER_PAGE }, (_, i) => ({ value: `Make > M${i}` }));
    expect(detailRequests(settingsFor(), page).length).toBeLessThanOrEqual(50);
    // A value starting with "-" is not read as a negation.
    expect(detailRequests(settingsFor(), [{ value: "-X > Y" }])[0].params.facetFilters).toEqual([["make_model:\\-X > Y"]]);
  });
});

describe("model search: reading the model list", () => {
  const facets = { make_model: { "Toyota > Corolla": 4, "Mazda > CX-5": 9, "Land Rover > Defender": 4, "Kia > EV6": 0, "odd value": 3, "BMW > X5": 2, "BMW > 3 Series": 2 } };

  it("splits make and model and skips values without both", () => {
    expect(splitMakeModel("Land Rover > Range Rover Sport")).toEqual({ make: "Land Rover", model: "Range Rover Sport" });
    expect(splitMakeModel("Toyota")).toBeNull();
    expect(splitMakeModel(" > Corolla")).toBeNull();
  });

  it("orders by matches (ties by name) or by make then model name", () => {
    expect(readModels({ sort: "count" }, { facets }).map((e) => [e.value, e.matches])).toEqual([
      ["Mazda > CX-5", 9],
      ["Land Rover > Defender", 4],
      ["Toyota > Corolla", 4],
      ["BMW > 3 Series", 2],
      ["BMW > X5", 2],
    ]);
    expect(readModels({ sort: "name" }, { facets }).map((e) => `${e.make} ${e.model}`)).toEqual(["BMW 3 Series", "BMW X5", "Land Rover Defender", "Mazda CX-5", "Toyota Corolla"]);
    expect(readModels({ sort: "count" }, undefined)).toEqual([]);
  });

  it("pages 21 models at a time and keeps the asked page within the pages there are", () => {
    expect(MODELS_PER_PAGE).toBe(21);
    expect([0, 1, 21, 22, 42, 43].map(pageCount)).toEqual([0, 1, 1, 2, 2, 3]);
    expect(clampPage(5, 3)).toBe(2);
    expect(clampPage(-1, 3)).toBe(0);
    expect(clampPage(2, 0)).toBe(0);
    expect(clampPage(Number.NaN, 3)).toBe(0);
    const all = Array.from({ length: 50 }, (_, i) => i);
    expect(pageOf(all, 0)).toHaveLength(21);
    expect(pageOf(all, 2)).toEqual([42, 43, 44, 45, 46, 47, 48, 49]);
  });

  it("lists up to five page numbers around the current one", () => {
    expect(pageNumbers(0, 1)).toEqual([0]);
    expect(pageNumbers(0, 3)).toEqual([0, 1, 2]);
    expect(pageNumbers(0, 10)).toEqual([0, 1, 2, 3, 4]);
    expect(pageNumbers(5, 10)).toEqual([3, 4, 5, 6, 7]);
    expect(pageNumbers(9, 10)).toEqual([5, 6, 7, 8, 9]);
    expect(pageNumbers(0, 0)).toEqual([]);
  });
});

describe("model search: tiles", () => {
  const entries = readModels({ sort: "count" }, { facets: { make_model: { "Toyota > Corolla": 3, "Land Rover > Range Rover Sport": 1 } } });

  it("reads count, body types, the top car's picture at width 384 q75, the From price and the SEO link", () => {
    const tiles = readTiles(settingsFor(), entries, [
      { nbHits: 5, hits: [{ primary_image_url: "/media/vehicles/suv/c0c0c0/front.jpg" }], facets: { body: { hatch: 3, sedan: 1, cabChassis: 1 } } },
      { nbHits: 4, facets: { price: { "28990": 1 } }, facets_stats: { price: { min: 24990, max: 31990 } } },
      { nbHits: 1, hits: [{ primary_image_url: null }], facets: { body: { suv: 1 } } },
      { nbHits: 0, facets: {}, facets_stats: {} },
    ]);
    expect(tiles[0]).toEqual({
      value: "Toyota > Corolla",
      make: "Toyota",
      model: "Corolla",
      count: 5,
      bodies: ["Hatch", "Cab Chassis", "Sedan"],
      from: 24990,
      image: "/_next/image?url=%2Fmedia%2Fvehicles%2Fsuv%2Fc0c0c0%2Ffront.jpg&w=384&q=75",
      href: "/search/toyota/corolla",
    });
    expect(tiles[1]).toMatchObject({ count: 1, bodies: ["SUV"], from: null, image: null, href: "/search/land-rover/range-rover-sport" });
  });

  it("says From the lowest price above 0, and nothing when no car is priced", () => {
    expect(fromPrice({ nbHits: 2, facets_stats: { price: { min: 19990, max: 20990 } } })).toBe(19990);
    expect(fromPrice({ nbHits: 2, facets_stats: { price: { min: 0, max: 20990 } } })).toBeNull();
    expect(fromPrice({ nbHits: 0 })).toBeNull();
    expect(fromPrice(undefined)).toBeNull();
    const s = settingsFor();
    expect(fromLabel(s, 24990)).toBe("From $24,990");
    expect(fromLabel(s, null)).toBeNull();
    const nz = settingsFor({}, testTenant((t) => Object.assign(t.identity, { locale: "en-NZ", currency: "NZD" })));
    expect(fromLabel(nz, 1234567)).toBe("From $1,234,567");
  });

  it("links to the model's search page with the block's car type", () => {
    expect(modelHref(settingsFor(), "Mercedes-Benz", "C-Class")).toBe("/search/mercedes-benz/c-class");
    expect(modelHref(settingsFor({ carType: "used" }), "Toyota", "Corolla")).toBe("/search/used-cars/toyota/corolla");
    const joined = testTenant((t) => (t.search.joinNewAndDemo = true));
    expect(modelHref(settingsFor({ carType: "new" }, joined), "Mazda", "CX-5")).toBe("/search/new-cars/mazda/cx-5");
    expect(modelHref(settingsFor({ carType: "demo" }, joined), "Mazda", "CX-5")).toBe("/search/demo-cars/mazda/cx-5");
  });

  it("words counts with the site's noun", () => {
    expect(stockLabel(settingsFor(), 3)).toBe("3 Cars in stock");
    expect(stockLabel(settingsFor(), 1)).toBe("1 Car in stock");
    const caravans = settingsFor(
      {},
      testTenant((t) => {
        t.identity.vehicleNoun = { singular: "Caravan", plural: "Caravans" };
        t.identity.stockKinds = ["caravan"];
      }),
    );
    expect(stockLabel(caravans, 1)).toBe("1 Caravans in stock");
    // A block of one car type says which: a model range beside it counts all of the model's stock.
    expect(stockLabel(settingsFor({ carType: "new" }), 9)).toBe("9 New Cars in stock");
    expect(stockLabel(settingsFor({ carType: "used" }), 1)).toBe("1 Used Car in stock");
    expect(modelsLabel(settingsFor(), 1)).toBe("1 model");
    expect(modelsLabel(settingsFor(), 1234)).toBe("1,234 models");
  });
});

describe("model search: one search", () => {
  const makeModels = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`Make${String(i).padStart(2, "0")} > M`, 100 - i]));

  it("lists, then asks details only for the models of the (clamped) page", async () => {
    const sent: ModelRequest[][] = [];
    const search = async (requests: ModelRequest[]) => {
      sent.push(requests);
      if (requests[0].params.facets[0] === "make_model") return { results: [{ facets: { make_model: makeModels(45) } }] };
      return { results: requests.map((r, i) => (i % 2 ? { nbHits: 1, facets_stats: { price: { min: 1000 + i, max: 9999 } } } : { nbHits: 7, hits: [], facets: { body: { suv: 7 } } })) };
    };
    const answer = await findModels(search, settingsFor(), { query: " suv ", page: 9 });
    expect(answer).toMatchObject({ query: "suv", page: 2, nbPages: 3, total: 45 });
    expect(answer.tiles.map((t) => t.make)).toEqual(["Make42", "Make43", "Make44"]);
    expect(answer.tiles[0]).toMatchObject({ count: 7, from: 1001 });
    expect(sent[0][0].params.query).toBe("suv");
    expect(sent[1]).toHaveLength(6);
    expect(sent[1].every((r) => r.params.query === "")).toBe(true);
  });

  it("asks nothing more when nothing matches", async () => {
    const sent: ModelRequest[][] = [];
    const answer = await findModels(
      async (r) => {
        sent.push(r);
        return { results: [{ facets: {} }] };
      },
      settingsFor(),
      { query: "zzz", page: 0 },
    );
    expect(answer).toEqual({ query: "zzz", page: 0, nbPages: 0, total: 0, tiles: [] });
    expect(sent).toHaveLength(1);
  });
});

describe("model search: URL state", () => {
  it("reads query and a 1-based page from the query string", () => {
    expect(readUrlState("?query=toyota+suv&page=3")).toEqual({ query: "toyota suv", page: 2 });
    expect(readUrlState("?page=1")).toEqual({ query: "", page: 0 });
    expect(readUrlState("?page=abc&query=")).toEqual({ query: "", page: 0 });
    expect(readUrlState("")).toEqual({ query: "", page: 0 });
  });

  it("writes query and page only when set, keeping other parameters", () => {
    expect(writeUrlState("", { query: "toyota", page: 1 })).toBe("?query=toyota&page=2");
    expect(writeUrlState("?query=old&page=4", { query: "", page: 0 })).toBe("");
    expect(writeUrlState("?utm_source=mail&page=2", { query: "land rover", page: 0 })).toBe("?utm_source=mail&query=land+rover");
    expect(pageHref(settingsFor(), "kia", 2)).toBe("/models?query=kia&page=3");
    expect(pageHref(settingsFor(), "", 0)).toBe("/models");
  });
});
