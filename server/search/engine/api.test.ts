/** The Algolia-facing behaviour on a small hand-made index: params forms, response shape, text rules, highlighting, base filter, errors. */
import { describe, expect, it } from "vitest";
import { SearchIndex, SearchRequestError, type SearchResponse } from "./index";
import { generateRecords, vehicleSettings } from "../../../tests/fixtures/synthetic-search";

const settings = {
  searchableAttributes: ["title", "make", "model", "colour"],
  attributesForFaceting: ["make", "model", "colour", "dealer", "reserved", "year"],
  numericAttributes: ["price", "year", "rank", "dealer"],
  customRanking: ["desc(rank)"],
  replicas: { cars_price_asc: [{ attribute: "price", direction: "asc" as const }] },
  typo: { minWordSizefor1Typo: 4, minWordSizefor2Typos: 8 },
};

const car = (objectID: string, title: string, make: string, model: string, colour: string, price: number, year: number, rank: number, dealer: number, reserved = false) => ({
  objectID, title, make, model, colour, price, year, rank, dealer, reserved, stock: `S${objectID}`,
});

const records = [
  car("1", "2021 Toyota Corolla Ascent", "Toyota", "Corolla", "White", 25000, 2021, 50, 1),
  car("2", "2019 Toyota Camry SL", "Toyota", "Camry", "Black", 22000, 2019, 90, 1),
  car("3", "2022 Mazda CX-5 Touring", "Mazda", "CX-5", "Soul Red", 38000, 2022, 70, 2, true),
  car("4", "2020 Citroën C5 Aircross", "Citroën", "C5 Aircross", "Gris Platinium", 31000, 2020, 10, 2),
  car("5", "2012 Mitsubishi Triton GLX", "Mitsubishi", "Triton", "White", 12000, 2012, 30, 3),
  car("6", "2021 Toyota Corolla Hybrid", "Toyota", "Corolla", "Red", 0, 2021, 60, 3),
  car("7", "2018 Ford Ranger XLT", "Ford", "Ranger", "Blue", 41000, 2018, 80, 1),
];

const index = new SearchIndex(settings);
index.replaceAll(records);
const search = (params: Record<string, unknown> | string, indexName = "cars", baseFilter?: string) => index.search(params, { indexName, baseFilter });
const ids = (r: SearchResponse) => r.hits.map((h) => h.objectID);
const error = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(SearchRequestError);
    expect((e as SearchRequestError).status).toBe(400);
    return (e as Error).message;
  }
  throw new Error("expected a SearchRequestError");
};

describe("request forms", () => {
  it("reads params as a URL-encoded string (InstantSearch with a v4 client) the same as an object", () => {
    const object = { query: "toyota", hitsPerPage: 2, page: 1, facets: ["make", "colour"], facetFilters: [["colour:White", "colour:Red"]], numericFilters: ["price>=1"], analytics: false, clickAnalytics: true, tagFilters: "", userToken: "u1", ruleContexts: ["x"] };
    const encoded = Object.entries(object)
      .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === "string" ? v : JSON.stringify(v))}`)
      .join("&");
    const a = search(encoded);
    const b = search(object);
    expect({ ...a, processingTimeMS: 0 }).toEqual({ ...b, processingTimeMS: 0, params: a.params });
    expect(a.params).toBe(encoded);
    expect(a.nbHits).toBe(1); // Toyota, white or red, priced: only #1
    expect(b.params).toContain("facetFilters=%5B%5B%22colour%3AWhite%22%2C%22colour%3ARed%22%5D%5D");
  });

  it("reads v5 requests (params flattened into the request) and v4 requests (params key)", () => {
    const { results } = index.multipleQueries([
      { indexName: "cars", query: "mazda", hitsPerPage: 1 } as never,
      { indexName: "cars", params: "query=mazda&hitsPerPage=1" },
      { indexName: "cars", params: { query: "mazda", hitsPerPage: 1 } },
    ]);
    expect(results.map((r) => ids(r as SearchResponse))).toEqual([["3"], ["3"], ["3"]]);
  });

  it("accepts comma-separated lists and '*' in string params", () => {
    const r = search("query=&facets=make,colour&attributesToRetrieve=title,price&hitsPerPage=1");
    expect(Object.keys(r.facets!)).toEqual(["make", "colour"]);
    expect(Object.keys(r.hits[0]).sort()).toEqual(["_highlightResult", "objectID", "price", "title"]);
    expect(Object.keys(search("facets=*").facets!).sort()).toEqual(["colour", "dealer", "make", "model", "reserved", "year"]);
  });
});

describe("response", () => {
  it("has Algolia's fields", () => {
    const r = search({ query: "", hitsPerPage: 3, facets: ["make", "price", "year"] });
    expect(r).toMatchObject({ nbHits: 7, page: 0, nbPages: 3, hitsPerPage: 3, exhaustiveFacetsCount: true, exhaustiveNbHits: true, exhaustive: { nbHits: true, facetsCount: true, typo: true }, query: "", index: "cars" });
    expect(typeof r.processingTimeMS).toBe("number");
    expect(r.facets!.make).toEqual({ Toyota: 3, Citroën: 1, Ford: 1, Mazda: 1, Mitsubishi: 1 });
    expect(Object.keys(r.facets!.make)).toEqual(["Toyota", "Citroën", "Ford", "Mazda", "Mitsubishi"]); // count desc, then name
    expect(r.facets_stats).toEqual({ price: { min: 0, max: 41000, avg: 169000 / 7, sum: 169000 }, year: { min: 2012, max: 2022, avg: 14133 / 7, sum: 14133 } });
  });

  it("lists a numeric-only attribute asked for in facets by name, so InstantSearch's range widgets read its stats", async () => {
    const r = search({ query: "", hitsPerPage: 0, facets: ["price"] });
    expect(r.facets).toEqual({ price: {} });
    expect(r.facets_stats?.price).toMatchObject({ min: 0, max: 41000 });
    // What the helper behind react-instantsearch makes of it: the stats of the range facet.
    const { default: algoliasearchHelper } = await import("algoliasearch-helper");
    const state = new algoliasearchHelper.SearchParameters({ index: "cars", disjunctiveFacets: ["price"] });
    const results = new algoliasearchHelper.SearchResults(state, [r, r] as never);
    expect(results.getFacetStats("price")).toMatchObject({ min: 0, max: 41000 });
  });

  it("orders an empty query by customRanking, a replica by its sort then relevance", () => {
    expect(ids(search({ hitsPerPage: 10 }))).toEqual(["2", "7", "3", "6", "1", "5", "4"]);
    expect(ids(search({ hitsPerPage: 10 }, "cars_price_asc"))).toEqual(["6", "5", "2", "1", "4", "3", "7"]);
    expect(ids(search({ query: "toyota", hitsPerPage: 10 }, "cars_price_asc"))).toEqual(["6", "2", "1"]);
  });

  it("computes facets with hitsPerPage 0, and pages by offset/length", () => {
    const r = search({ hitsPerPage: 0, facets: ["colour"] });
    expect(r.hits).toEqual([]);
    expect(r.nbPages).toBe(0);
    expect(r.facets!.colour.White).toBe(2);
    const o = search({ offset: 2, length: 3 });
    expect(ids(o)).toEqual(["3", "6", "1"]);
    expect(o).toMatchObject({ offset: 2, length: 3 });
    expect(search({ page: 50 }).hits).toEqual([]);
  });

  it("limits and sorts facet values", () => {
    expect(search({ facets: ["make"], maxValuesPerFacet: 2 }).facets!.make).toEqual({ Toyota: 3, Citroën: 1 });
    expect(Object.keys(search({ facets: ["make"], sortFacetValuesBy: "alpha" }).facets!.make)).toEqual(["Citroën", "Ford", "Mazda", "Mitsubishi", "Toyota"]);
  });

  it("retrieves the asked attributes, always with objectID", () => {
    expect(search({ query: "ford", attributesToRetrieve: ["price"], attributesToHighlight: [] }).hits).toEqual([{ objectID: "7", price: 41000 }]);
    const hit = search({ query: "ford", attributesToRetrieve: ["*", "-stock", "-title"], attributesToHighlight: [] }).hits[0];
    expect(hit).not.toHaveProperty("stock");
    expect(hit).toHaveProperty("colour", "Blue");
  });

  it("answers search-for-facet-values requests", () => {
    const [r] = index.multipleQueries([{ indexName: "cars", type: "facet", facet: "make", facetQuery: "m", query: "" } as never]).results;
    expect(r).toMatchObject({ facetHits: [{ value: "Mazda", highlighted: "<em>M</em>azda", count: 1 }, { value: "Mitsubishi", highlighted: "<em>M</em>itsubishi", count: 1 }], exhaustiveFacetsCount: true });
  });
});

describe("text matching", () => {
  const q = (query: string) => ids(search({ query, hitsPerPage: 20 }));
  it("needs every word; the last word also matches as a prefix", () => {
    expect(q("toyota corolla")).toEqual(["6", "1"]);
    expect(q("toyota cor")).toEqual(["6", "1"]);
    expect(q("cor toyota")).toEqual([]); // only the last word is a prefix
    expect(q("CITROEN")).toEqual(["4"]); // case and diacritics folded
    expect(q("citroën c5")).toEqual(["4"]);
  });

  it("tolerates 1 typo from 4 letters and 2 from 8, none in numbers", () => {
    expect(q("toyta")).toEqual(["2", "6", "1"]); // one deletion
    expect(q("tyoota")).toEqual(["2", "6", "1"]); // one transposition
    expect(q("fird")).toEqual(["7"]); // 4 letters: one substitution
    expect(q("frd")).toEqual([]); // 3 letters: exact or prefix only
    expect(q("mitsubsihi")).toEqual(["5"]); // one transposition
    expect(q("mitsbsihi")).toEqual(["5"]); // 9 letters, 2 typos
    expect(q("mitsbshi tritn")).toEqual(["5"]);
    expect(q("2012")).toEqual(["5"]);
    expect(q("2013")).toEqual([]);
  });

  it("ranks fewer typos first, then earlier attributes, then exact over prefix, then customRanking", () => {
    const small = new SearchIndex(settings);
    small.replaceAll([
      car("a", "2016 Kia Soul Sport", "Kia", "Soul", "Blue", 9000, 2016, 5, 1),
      car("b", "2023 Kia Sportage GT", "Kia", "Sportage", "Grey", 45000, 2023, 95, 1),
      car("c", "2022 Mazda CX-5", "Mazda", "CX-5", "Soul Red", 38000, 2022, 70, 1),
      car("d", "2013 Toyata Knockoff", "Toyata", "Knockoff", "White", 1000, 2013, 99, 1),
      car("e", "2019 Toyota Camry", "Toyota", "Camry", "Black", 22000, 2019, 10, 1),
      car("f", "2020 Toyota Yaris", "Toyota", "Yaris", "White", 21000, 2020, 20, 1),
    ]);
    const order = (query: string) => ids(small.search({ query }, { indexName: "cars" }));
    expect(order("toyota")).toEqual(["f", "e", "d"]); // "toyata" is a typo: last despite its rank
    expect(order("soul")).toEqual(["a", "c"]); // a title match before a colour match
    expect(order("sport")).toEqual(["a", "b"]); // exact "sport" before the prefix of "sportage"
    expect(order("white")).toEqual(["d", "f"]); // all else equal: customRanking
  });

  it("treats the visitor's last word as a prefix only when typed in full or as a start", () => {
    expect(q("c")).toEqual(["2", "3", "6", "1", "4"]); // every token starting with c; customRanking breaks ties
  });
});

describe("highlighting", () => {
  it("marks exact, prefix and typo matches with the given tags", () => {
    // "corola" (not last) matches Corolla with a typo: the whole word is marked; "toyot" (last) is a
    // prefix of Toyota: only the typed part is marked.
    const hit = search({ query: "corola toyot", hitsPerPage: 1, highlightPreTag: "__ais-highlight__", highlightPostTag: "__/ais-highlight__" }).hits[0];
    expect(hit._highlightResult).toEqual({
      title: { value: "2021 __ais-highlight__Toyot__/ais-highlight__a __ais-highlight__Corolla__/ais-highlight__ Hybrid", matchLevel: "full", matchedWords: ["corola", "toyot"], fullyHighlighted: false },
      make: { value: "__ais-highlight__Toyot__/ais-highlight__a", matchLevel: "partial", matchedWords: ["toyot"], fullyHighlighted: false },
      model: { value: "__ais-highlight__Corolla__/ais-highlight__", matchLevel: "partial", matchedWords: ["corola"], fullyHighlighted: true },
      colour: { value: "Red", matchLevel: "none", matchedWords: [] },
    });
    expect((search({ query: "ford ranger", hitsPerPage: 1 }).hits[0]._highlightResult as Record<string, unknown>).title).toEqual({
      value: "2018 <em>Ford</em> <em>Ranger</em> XLT",
      matchLevel: "full",
      matchedWords: ["ford", "ranger"],
      fullyHighlighted: false,
    });
    expect((search({ query: "ford ranger", hitsPerPage: 1 }).hits[0]._highlightResult as Record<string, unknown>).make).toMatchObject({ fullyHighlighted: true, matchLevel: "partial" });
  });

  it("keeps the original text (diacritics, punctuation) around the marks", () => {
    const hit = search({ query: "citroen aircross", hitsPerPage: 1 }).hits[0];
    expect((hit._highlightResult as Record<string, { value: string }>).title.value).toBe("2020 <em>Citroën</em> C5 <em>Aircross</em>");
    expect((hit._highlightResult as Record<string, { value: string }>).make).toEqual({ value: "<em>Citroën</em>", matchLevel: "partial", matchedWords: ["citroen"], fullyHighlighted: true });
  });

  it("gives matchLevel none without a query, and no _highlightResult when none is asked for", () => {
    const hit = search({ hitsPerPage: 1 }).hits[0];
    expect((hit._highlightResult as Record<string, unknown>).make).toEqual({ value: "Toyota", matchLevel: "none", matchedWords: [] });
    expect(search({ hitsPerPage: 1, attributesToHighlight: [] }).hits[0]).not.toHaveProperty("_highlightResult");
    expect(Object.keys(search({ hitsPerPage: 1, attributesToHighlight: ["model"] }).hits[0]._highlightResult as object)).toEqual(["model"]);
  });
});

describe("base filter", () => {
  const base = "dealer:1 AND price > 0";
  it("restricts every query, and facet counts are counted within it", () => {
    const r = search({ facets: ["dealer", "make"] }, "cars", base);
    expect(ids(r).sort()).toEqual(["1", "2", "7"]);
    expect(r.facets).toEqual({ dealer: { "1": 3 }, make: { Toyota: 2, Ford: 1 } });
  });

  it("cannot be widened by facetFilters, numericFilters or filters", () => {
    const attempts: Record<string, unknown>[] = [
      { facetFilters: ["dealer:2"] },
      { facetFilters: [["dealer:1", "dealer:2", "dealer:3"]] },
      { facetFilters: ["-dealer:1"] },
      { numericFilters: [["dealer=2", "dealer=3"]] },
      { numericFilters: ["price>=-1"] },
      { filters: "dealer:2 OR dealer:3 OR dealer:1" },
      { filters: "NOT dealer:1" },
      { filters: "price = 0" },
      { filters: "(dealer:1 OR NOT dealer:1) AND price >= 0" },
    ];
    for (const a of attempts) {
      const r = search({ ...a, facets: ["dealer"], hitsPerPage: 50 }, "cars", base);
      for (const hit of r.hits) expect(["1", "2", "7"], JSON.stringify(a)).toContain(hit.objectID);
      expect(Object.keys(r.facets!.dealer ?? {}).filter((d) => d !== "1"), JSON.stringify(a)).toEqual([]);
    }
  });

  it("can be given as a parsed filter", () => {
    const r = index.search({}, { indexName: "cars", baseFilter: { type: "facet", attribute: "make", value: "ford" } });
    expect(ids(r)).toEqual(["7"]);
  });

  it("is the server's: an invalid one is a server error, not a 400", () => {
    expect(() => search({}, "cars", "dealer:1 AND")).toThrow("Invalid base filter");
    expect(() => search({}, "cars", "dealer:1 AND")).not.toThrow(SearchRequestError);
  });
});

describe("errors", () => {
  it("says what is wrong", () => {
    expect(error(() => search({ hitsPerPage: 1001 }))).toBe("hitsPerPage must be an integer between 0 and 1000; got 1001");
    expect(error(() => search("hitsPerPage=ten"))).toBe('hitsPerPage must be an integer between 0 and 1000; got "ten"');
    expect(error(() => search({ page: -1 }))).toBe("page must be an integer ≥ 0; got -1");
    expect(error(() => search({ query: 5 }))).toBe("query must be a string; got 5");
    expect(error(() => search({ query: "x".repeat(513) }))).toBe("query must be at most 512 characters; got 513");
    expect(error(() => search({ facets: [1] }))).toBe("facets must be an array of strings");
    expect(error(() => search("facetFilters=%5B%22make%3A")).toString()).toBe('facetFilters is not valid JSON: ["make:');
    expect(error(() => search({ facetFilters: ["stock:S1"] }))).toBe('Attribute "stock" is not in attributesForFaceting in facetFilters[0]');
    expect(error(() => search({ filters: "make:Toyota OR AND make:Ford" }))).toBe('Unexpected token "AND" at position 15 in filters (expected an attribute)');
    expect(error(() => search({ tagFilters: ["promo"] }))).toBe("tagFilters is not supported by this index; use facetFilters");
    expect(error(() => search({ sortFacetValuesBy: "size" }))).toBe('sortFacetValuesBy must be "count" or "alpha"; got "size"');
    expect(error(() => index.multipleQueries([{ indexName: "cars", type: "bogus" }]))).toBe('requests[0].type must be "default" or "facet"');
    expect(error(() => index.multipleQueries([{ params: {} } as never]))).toBe("requests[0].indexName must be a string");
    expect(error(() => index.multipleQueries({} as never))).toBe('"requests" must be an array');
    expect(error(() => index.multipleQueries([{ indexName: "cars", type: "facet", facet: "price" } as never]))).toBe('Attribute "price" is not in attributesForFaceting');
  });

  it("rejects bad settings and records up front", () => {
    expect(() => new SearchIndex({ ...settings, customRanking: ["desc(stock)"] })).toThrow('customRanking: "stock" must be one of numericAttributes');
    expect(() => new SearchIndex({ ...settings, customRanking: ["rank"] })).toThrow("is not asc(attribute) or desc(attribute)");
    expect(() => index.upsert([{ objectID: "" }])).toThrow("records[0] needs a non-empty string objectID");
  });
});

describe("at scale", () => {
  it("keeps a replaced record's old values out of every structure", () => {
    const vehicles = generateRecords(500, 1);
    const v = new SearchIndex(vehicleSettings());
    v.replaceAll(vehicles);
    const target = vehicles[10];
    const changed = { ...target, make: "Zyxcar", title: "2020 Zyxcar Quux", price: 123 };
    v.upsert([changed]);
    const r = v.search({ query: "zyxcar", facets: ["make"], filters: "price = 123" }, { indexName: "vehicles" });
    expect(ids(r)).toEqual([target.objectID]);
    expect(r.facets!.make).toEqual({ Zyxcar: 1 });
    expect(v.search({ filters: `make:"${target.make}" AND price = ${target.price}` }, { indexName: "vehicles" }).hits.map((h) => h.objectID)).not.toContain(target.objectID);
  });
});

describe("hostile queries (issue 12 item 6)", () => {
  const big = new SearchIndex(vehicleSettings());
  big.replaceAll(generateRecords(5000, 7));
  const timed = (fn: () => unknown) => {
    const start = performance.now();
    fn();
    return performance.now() - start;
  };

  it("refuses a 10,000-character query at once, as Algolia does past 512", () => {
    let message = "";
    const ms = timed(() => (message = error(() => big.search({ query: "a".repeat(10_000) }, { indexName: "vehicles" }))!));
    expect(message).toBe("query must be at most 512 characters; got 10000");
    expect(ms).toBeLessThan(5000);
    expect(error(() => search({ query: "x".repeat(513) }))).toBe("query must be at most 512 characters; got 513");
    expect(search({ query: "x".repeat(512) }).nbHits).toBe(0);
    // 300 one-letter words are 599 characters: refused as quickly.
    let words = "";
    expect(timed(() => (words = error(() => big.search({ query: Array(300).fill("a").join(" ") }, { indexName: "vehicles" }))!))).toBeLessThan(5000);
    expect(words).toBe("query must be at most 512 characters; got 599");
  });

  it("answers a query of 256 one-letter words, and one of 64 long typo-prone words, within seconds", () => {
    const letters = Array.from({ length: 256 }, (_, i) => String.fromCharCode(97 + (i % 26))).join(" ");
    expect(letters.length).toBeLessThanOrEqual(512);
    let hits = -1;
    expect(timed(() => (hits = big.search({ query: letters, facets: ["*"] }, { indexName: "vehicles" }).nbHits))).toBeLessThan(5000);
    expect(hits).toBe(0);
    const words = Array.from({ length: 64 }, (_, i) => `toyotacorolla${i % 10}`.slice(0, 7)).join(" ");
    expect(timed(() => big.search({ query: words, facets: ["*"], attributesToHighlight: ["*"] }, { indexName: "vehicles" }))).toBeLessThan(5000);
  });

  it("matches only the first 64 words of a query", () => {
    // 64 words that match car 3, then one that matches nothing: the 65th is not looked at.
    const query = `${Array(64).fill("cx").join(" ")} zzzzzz`;
    expect(ids(search({ query }))).toEqual(["3"]);
    expect(ids(search({ query: "cx zzzzzz" }))).toEqual([]);
  });
});

describe("SearchRequestError across bundles", () => {
  it("is recognised by name, as another chunk's copy of the class throws it (a refused query answered 500)", () => {
    class OtherCopy extends Error {
      readonly status = 400;
      constructor(message: string) {
        super(message);
        this.name = "SearchRequestError";
      }
    }
    expect(new OtherCopy("x") instanceof SearchRequestError).toBe(true);
    expect(new Error("x") instanceof SearchRequestError).toBe(false);
    expect(new SearchRequestError("x")).toBeInstanceOf(SearchRequestError);
  });
});

describe("geo search (aroundLatLng, aroundRadius, aroundPrecision)", () => {
  const at = (objectID: string, title: string, rank: number, point?: { lat: number; lng: number } | { lat: number; lng: number }[]) => ({
    ...car(objectID, title, title.split(" ")[1], title.split(" ")[2], "White", 20000, 2020, rank, 1),
    ...(point ? { _geoloc: point } : {}),
  });
  const geo = new SearchIndex(settings);
  geo.replaceAll([
    at("syd", "2020 Toyota Corolla Sydney", 10, { lat: -33.8688, lng: 151.2093 }),
    at("par", "2020 Toyota Camry Parramatta", 90, { lat: -33.815, lng: 151.0011 }),
    at("new", "2020 Toyota Corolla Newcastle", 50, [{ lat: -32.9283, lng: 151.7817 }]),
    at("mel", "2020 Toyota Yaris Melbourne", 99, { lat: -37.8136, lng: 144.9631 }),
    at("none", "2020 Toyota Corolla Nowhere", 100),
    at("bad", "2020 Toyota Corolla Offmap", 100, { lat: 123, lng: 0 }),
  ]);
  const near = (params: Record<string, unknown>) => geo.search(params, { indexName: "cars" });

  it("ranks nearer first and leaves out records without a point", () => {
    // From Sydney's CBD: Parramatta is 20 km, Newcastle 117 km, Melbourne 713 km.
    expect(ids(near({ aroundLatLng: "-33.8688, 151.2093" }))).toEqual(["syd", "par", "new", "mel"]);
    expect(near({ aroundLatLng: "-33.8688,151.2093", aroundRadius: "all" }).nbHits).toBe(4);
  });

  it("keeps only records within aroundRadius metres, counting facets over them", () => {
    const r = near({ aroundLatLng: "-33.8688, 151.2093", aroundRadius: 150000, facets: ["model"] });
    expect(ids(r)).toEqual(["syd", "par", "new"]);
    expect(r.facets).toEqual({ model: { Corolla: 2, Camry: 1 } });
    expect(ids(near({ aroundLatLng: "-33.8688, 151.2093", aroundRadius: "25000" }))).toEqual(["syd", "par"]);
  });

  it("groups distances in steps of aroundPrecision, the rest of the ranking ordering within a step", () => {
    // Within one 200 km step Sydney, Parramatta and Newcastle tie on distance: custom ranking (rank desc) orders them.
    expect(ids(near({ aroundLatLng: "-33.8688, 151.2093", aroundPrecision: 200000 }))).toEqual(["par", "new", "syd", "mel"]);
  });

  it("ranks by typos before distance and by distance before the rest of relevance, as Algolia does", () => {
    // From Melbourne: Parramatta 703 km, Sydney 713 km, Newcastle 823 km; every title matches "toyota" exactly.
    expect(ids(near({ query: "toyota", aroundLatLng: "-37.8136, 144.9631" }))).toEqual(["mel", "par", "syd", "new"]);
    // A Corolle in Melbourne is one typo from "corolla": the exact Corollas rank first, however far.
    const typo = new SearchIndex(settings);
    typo.replaceAll([at("syd", "2020 Toyota Corolla Sydney", 10, { lat: -33.8688, lng: 151.2093 }), at("mel", "2020 Toyota Corolle Melbourne", 99, { lat: -37.8136, lng: 144.9631 })]);
    expect(ids(typo.search({ query: "corolla", aroundLatLng: "-37.8136, 144.9631" }, { indexName: "cars" }))).toEqual(["syd", "mel"]);
    expect(ids(typo.search({ query: "corolla" }, { indexName: "cars" }))).toEqual(["syd", "mel"]);
  });

  it("sorts a replica by its attribute first, distance breaking ties", () => {
    expect(ids(geo.search({ aroundLatLng: "-37.8, 144.9" }, { indexName: "cars_price_asc" }))).toEqual(["mel", "par", "syd", "new"]);
  });

  it("refuses malformed geo parameters with a 400 that says what is wrong", () => {
    expect(error(() => near({ aroundLatLng: "Sydney" }))).toBe('aroundLatLng must be "latitude, longitude" (latitude -90 to 90, longitude -180 to 180); got "Sydney"');
    expect(error(() => near({ aroundLatLng: "91, 10" }))).toContain("aroundLatLng must be");
    expect(error(() => near({ aroundLatLng: "-33.8, 151.2", aroundRadius: 0 }))).toBe('aroundRadius must be "all" or an integer between 1 and 20037509 (metres); got 0');
    expect(error(() => near({ aroundRadius: 1000 }))).toBe("aroundRadius needs aroundLatLng");
    expect(error(() => near({ aroundLatLng: "-33.8, 151.2", aroundPrecision: 0 }))).toContain("aroundPrecision must be an integer between 1 and");
  });
});

describe("distinct (attributeForDistinct)", () => {
  // One car listed by two dealerships of a group carries one stock number: a shopper sees it once.
  const grouped = new SearchIndex({ ...settings, attributeForDistinct: "stock" });
  grouped.replaceAll([...records, { ...records[0], objectID: "1b", dealer: 2, rank: 40 }, { ...records[2], objectID: "3b", dealer: 1, rank: 75 }]);
  const find = (params: Record<string, unknown>) => grouped.search(params, { indexName: "cars" });

  it("keeps the best ranked hit of each value, counting hits and facets after grouping", () => {
    const all = find({ facets: ["dealer"] });
    expect(all.nbHits).toBe(9);
    const one = find({ distinct: true, facets: ["dealer"] });
    expect(one.nbHits).toBe(7);
    // Of #3 (rank 70) and its copy #3b (rank 75) the copy ranks higher; of #1 (50) and #1b (40), #1.
    expect(ids(one)).toEqual(["2", "7", "3b", "6", "1", "5", "4"]);
    expect(one.facets).toEqual({ dealer: { "1": 4, "2": 1, "3": 2 } });
    expect(find({ distinct: 2 }).nbHits).toBe(9);
    expect(find({ distinct: "false" }).nbHits).toBe(9);
  });

  it("is off unless asked for, and ignored by an index without attributeForDistinct", () => {
    expect(find({}).nbHits).toBe(9);
    expect(search({ distinct: 1 }).nbHits).toBe(7);
  });

  it("refuses a distinct it cannot read", () => {
    expect(error(() => find({ distinct: 5 }))).toBe("distinct must be true, false or an integer between 0 and 4; got 5");
    expect(error(() => find({ distinct: "yes" }))).toBe('distinct must be true, false or an integer between 0 and 4; got "yes"');
  });
});

describe("allowTyposOnNumericTokens", () => {
  it("is off by default here: 2019 does not find the 2018 or 2012 cars, unless a request turns it on", () => {
    expect(ids(search({ query: "2019" }))).toEqual(["2"]);
    // One typo from 4 characters: 2018 and 2012 are one substitution from 2019; 2020, 2021 and 2022 are two.
    expect(ids(search({ query: "2019", allowTyposOnNumericTokens: true }))).toEqual(["2", "7", "5"]);
    expect(search({ query: "2019", allowTyposOnNumericTokens: "true" }).nbHits).toBe(3);
    const numericTypos = new SearchIndex({ ...settings, allowTyposOnNumericTokens: true });
    numericTypos.replaceAll(records);
    expect(numericTypos.search({ query: "2019" }, { indexName: "cars" }).nbHits).toBe(3);
    expect(numericTypos.search({ query: "2019", allowTyposOnNumericTokens: false }, { indexName: "cars" }).nbHits).toBe(1);
  });

  it("never gives typos to words of letters and digits, nor lets a number match one", () => {
    // "cx5" has no typo tolerance either way; "2o19" (a letter o) is not a number.
    expect(search({ query: "cx6", allowTyposOnNumericTokens: true }).nbHits).toBe(0);
    expect(search({ query: "2o19", allowTyposOnNumericTokens: true }).nbHits).toBe(0);
  });

  it("refuses a value that is not a boolean", () => {
    expect(error(() => search({ allowTyposOnNumericTokens: "sometimes" }))).toBe("allowTyposOnNumericTokens must be true or false");
  });
});

describe("synonyms", () => {
  const withSynonyms = new SearchIndex({
    ...settings,
    synonyms: [
      { type: "synonym", synonyms: ["ute", "pickup"] },
      { type: "oneWaySynonym", input: "Toyo", synonyms: ["toyota"] },
    ],
  });
  withSynonyms.replaceAll([...records, car("8", "2017 Isuzu D-Max Ute", "Isuzu", "D-Max", "White", 30000, 2017, 20, 1)]);
  const find = (params: Record<string, unknown>) => withSynonyms.search(params, { indexName: "cars" });

  it("finds each word of a synonym record by the others, exactly, and highlights the word found", () => {
    const r = find({ query: "pickup" });
    expect(ids(r)).toEqual(["8"]);
    expect((r.hits[0]._highlightResult as Record<string, { value: string }>).title.value).toBe("2017 Isuzu D-Max <em>Ute</em>");
    expect(ids(find({ query: "ute" }))).toEqual(["8"]);
  });

  it("finds a one-way synonym's words from its input only", () => {
    expect(find({ query: "toyo corolla" }).nbHits).toBe(2);
    // "toyo" is also a prefix of Toyota as the last word: a word before it must match by synonym alone.
    expect(ids(find({ query: "toyo ascent" }))).toEqual(["1"]);
    expect(find({ query: "toyota", synonyms: false }).nbHits).toBe(3);
    expect(find({ query: "toyo camry", synonyms: false }).nbHits).toBe(0);
  });

  it("refuses synonyms of several words, and a synonyms parameter that is not a boolean", () => {
    expect(() => new SearchIndex({ ...settings, synonyms: [{ type: "synonym", synonyms: ["dual cab", "double cab"] }] })).toThrow(
      'synonyms: "dual cab" is not one word (multi-word synonyms are not supported)',
    );
    expect(error(() => find({ query: "ute", synonyms: "maybe" }))).toBe("synonyms must be true or false");
  });
});
