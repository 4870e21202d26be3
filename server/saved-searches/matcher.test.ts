import { describe, expect, it } from "vitest";
import type { SavedSearchState } from "../../domain/saved-search";
import type { SearchRecord } from "../../domain/search-record";
import { fixtureVehicle } from "../../tests/fixtures/vehicle";
import { toSearchRecord } from "../inventory/records";
import { SearchIndex } from "../search/engine";
import { parseFilters } from "../search/engine/filters";
import { vehicleIndexSettings } from "../search/vehicle-index";
import { SearchMatcher, searchParamsOf, SETTINGS } from "./matcher";

// A deterministic generator (the same cases every run).
function rng(seed: number) {
  return () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}
const pick = <T>(r: () => number, xs: readonly T[]) => xs[Math.floor(r() * xs.length)];

const MAKES = [["Mazda", ["CX-5", "CX-30", "BT-50", "Mazda3"]], ["Toyota", ["Corolla", "HiLux", "RAV4"]], ["Ford", ["Ranger", "Everest"]], ["Kia", ["Sportage", "Cerato"]]] as const;
const COLOURS = ["White", "Black", "Red", "Blue", "Silver"];
const BODIES = ["SUV", "Ute", "Hatchback", "Sedan"];
const FUELS = ["Petrol - Unleaded ULP", "Diesel", "Hybrid", "Electric"];

function records(n: number, seed = 7): SearchRecord[] {
  const r = rng(seed);
  return Array.from({ length: n }, (_, i) => {
    const [make, models] = pick(r, MAKES);
    const v = fixtureVehicle({
      id: `car-${i}`,
      slug: `car-${i}`,
      stocknum: `S${i}`,
      dealership_id: pick(r, [1, 1, 2, 3]),
      make,
      model: pick(r, models),
      badge: pick(r, ["GT", "Touring", "SR5", "XLT", "Sport", "Maxx"]),
      colour: pick(r, COLOURS),
      body: pick(r, BODIES),
      fuel: pick(r, FUELS),
      car_type: pick(r, ["new", "used", "demo"] as const),
      status: pick(r, ["in_stock", "in_stock", "in_stock", "coming_soon"] as const),
      show_on_dealer_website: r() > 0.1,
      price: pick(r, [0, 9990, 19990, 24500, 31990, 38990, 45990, 61990]),
      km: Math.floor(r() * 150) * 1000,
      year: 2012 + Math.floor(r() * 13),
    });
    return toSearchRecord(v, { dealership: { id: v.dealership_id, slug: `d${v.dealership_id}`, name: `Dealer ${v.dealership_id}` } });
  });
}

function states(n: number, seed = 11): SavedSearchState[] {
  const r = rng(seed);
  return Array.from({ length: n }, () => {
    const s: SavedSearchState = {};
    const list: Record<string, string[]> = {};
    if (r() < 0.6) {
      const [make, models] = pick(r, MAKES);
      list.make = r() < 0.2 ? [make, pick(r, MAKES)[0]] : [make];
      if (r() < 0.4) list.model = [pick(r, models)];
    }
    if (r() < 0.3) list.colour = [pick(r, COLOURS)];
    if (r() < 0.3) list.body = [pick(r, ["suv", "ute", "hatch", "sedan"])];
    if (r() < 0.3) list.car_type = r() < 0.5 ? ["used"] : ["new", "demo"];
    if (r() < 0.2) list.fuel = [pick(r, ["Diesel", "Hybrid", "Petrol", "Electric"])];
    if (Object.keys(list).length) s.refinementList = list;
    const range: Record<string, string> = {};
    if (r() < 0.4) range.price = pick(r, ["10000:30000", ":40000", "20000:", "30000:50000"]);
    if (r() < 0.2) range.km = pick(r, [":50000", "10000:100000"]);
    if (r() < 0.2) range.year = pick(r, ["2019:", "2015:2020"]);
    if (Object.keys(range).length) s.range = range;
    if (r() < 0.3) s.query = pick(r, ["cx5", "hilux sr5", "toyota", "white ute", "corola", "ranger xlt", "sport"]);
    return s;
  });
}

const BASE = "(dealership_id:1 OR dealership_id:2) AND show_on_dealer_website:true AND listing_ts >= 0";

describe("a saved search matches a car exactly when the search engine lists it", () => {
  it("agrees with SearchIndex on 300 generated searches over 400 generated cars", () => {
    const cars = records(400);
    const index = new SearchIndex(vehicleIndexSettings);
    index.replaceAll(cars);
    const matcher = new SearchMatcher();
    const all = states(300);
    all.forEach((state, i) => expect(matcher.upsert({ id: `s${i}`, tenant: "alpha", state })).toBe(true));
    const found = new Map<string, Set<string>>();
    for (const m of matcher.match(cars, new Map([["alpha", parseFilters(BASE, SETTINGS)]]))) {
      if (!found.has(m.searchId)) found.set(m.searchId, new Set());
      found.get(m.searchId)!.add(m.record.objectID);
    }
    let nonEmpty = 0;
    all.forEach((state, i) => {
      const res = index.search({ ...searchParamsOf(state), hitsPerPage: 1000, attributesToRetrieve: ["objectID"] }, { indexName: "vehicles", baseFilter: BASE });
      const engine = res.hits.map((h) => h.objectID).sort();
      if (engine.length) nonEmpty++;
      expect([...(found.get(`s${i}`) ?? [])].sort(), JSON.stringify(state)).toEqual(engine);
    });
    // The cases are not all trivially empty.
    expect(nonEmpty).toBeGreaterThan(100);
  });

  it("matches nothing for a site it has no base filter for, and forgets a removed search", () => {
    const cars = records(20);
    const matcher = new SearchMatcher();
    matcher.upsert({ id: "a", tenant: "alpha", state: { refinementList: { make: ["Mazda"] } } });
    matcher.upsert({ id: "b", tenant: "beta", state: { range: { price: ":1000000" } } });
    const mazdas = cars.filter((c) => c.make === "Mazda").map((c) => c.objectID);
    expect(mazdas.length).toBeGreaterThan(0);
    const only = new Map([["alpha", null]]);
    expect(matcher.match(cars, only).map((m) => m.record.objectID).sort()).toEqual(mazdas.sort());
    matcher.remove("a");
    expect(matcher.size).toBe(1);
    expect(matcher.match(cars, only)).toEqual([]);
  });

  it("turns the URL state into the search page's request: disjunctive lists, two-sided ranges, an escaped leading minus", () => {
    expect(searchParamsOf({ query: "ute", refinementList: { make: ["Ford", "Mazda"], colour: ["-Red"] }, range: { price: "5000:20000", km: ":50000" } })).toEqual({
      query: "ute",
      facetFilters: [["make:Ford", "make:Mazda"], ["colour:\\-Red"]],
      numericFilters: ["price>=5000", "price<=20000", "km<=50000"],
    });
  });
});
