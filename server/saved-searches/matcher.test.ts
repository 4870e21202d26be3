import { describe, expect, it } from "vitest";
import { EARTH_RADIUS_KM } from "../../domain/delivery";
import type { Near } from "../../domain/near";
import type { SavedSearchState } from "../../domain/saved-search";
import type { SearchRecord } from "../../domain/search-record";
import { fixtureVehicle } from "../../tests/fixtures/vehicle";
import { toSearchRecord } from "../inventory/records";
import { SearchIndex } from "../search/engine";
import { parseFilters } from "../search/engine/filters";
import { geoDistance } from "../search/engine/values";
import { vehicleIndexSettings } from "../search/vehicle-index";
import { SearchMatcher, searchParamsOf, SETTINGS } from "./matcher";

// A deterministic generator (the same cases every run).
function rng(seed: number) {
  return () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}
// A place (Southport, QLD) and points due north of it at a distance (the engine's geoDistance measures them back).
const SOUTHPORT = { lat: -27.9671, lng: 153.4 };
const north = (km: number) => ({ lat: SOUTHPORT.lat + (km / EARTH_RADIUS_KM) * (180 / Math.PI), lng: SOUTHPORT.lng });
const near = (km = 50): Near => ({ place: "Southport, QLD", lat: SOUTHPORT.lat, lng: SOUTHPORT.lng, km });
/** Where each dealership's cars stand: 1 is 49.9 km from Southport, 2 is 50.1 km, 3 has no point (a yard without one). */
const POINTS: Record<number, { lat: number; lng: number } | null> = { 1: north(49.9), 2: north(50.1), 3: null };

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
    const point = POINTS[v.dealership_id];
    const location = { id: v.dealership_id * 10, name: `Yard ${v.dealership_id}`, address: { street: "1 Test St", city: "Test", state: "QLD" as const, postcode: "4215", ...(point ? { lat: point.lat, long: point.lng } : {}) } };
    return toSearchRecord(v, { dealership: { id: v.dealership_id, slug: `d${v.dealership_id}`, name: `Dealer ${v.dealership_id}` }, location });
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
    if (r() < 0.25) s.near = near(pick(r, [10, 50, 51, 200]));
    return s;
  });
}

const BASE = "(dealership_id:1 OR dealership_id:2) AND show_on_dealer_website:true AND listing_ts >= 0";

describe("a saved search matches a car exactly when the search engine lists it", () => {
  it("agrees with SearchIndex on 300 generated searches over 400 generated cars, near searches among them", () => {
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
    expect(all.filter((s) => s.near).length).toBeGreaterThan(50);
  });

  it("a search near a place keeps the cars of a location 49.9 km away and leaves out those 50.1 km away or with no point", () => {
    expect([geoDistance(SOUTHPORT.lat, SOUTHPORT.lng, POINTS[1]!.lat, POINTS[1]!.lng), geoDistance(SOUTHPORT.lat, SOUTHPORT.lng, POINTS[2]!.lat, POINTS[2]!.lng)]).toEqual([49_900, 50_100]);
    const cars = records(60);
    const matcher = new SearchMatcher();
    matcher.upsert({ id: "50", tenant: "alpha", state: { near: near(50) } });
    matcher.upsert({ id: "51", tenant: "alpha", state: { near: near(51) } });
    matcher.upsert({ id: "mazda-49", tenant: "alpha", state: { refinementList: { make: ["Mazda"] }, near: near(49) } });
    const only = new Map([["alpha", null]]);
    const ids = (searchId: string) => matcher.match(cars, only).filter((m) => m.searchId === searchId).map((m) => m.record.objectID).sort();
    const at = (...dealers: number[]) => cars.filter((c) => dealers.includes(c.dealership_id)).map((c) => c.objectID).sort();
    expect(at(1).length).toBeGreaterThan(0);
    expect(ids("50")).toEqual(at(1));
    expect(ids("51")).toEqual(at(1, 2));
    expect(ids("mazda-49")).toEqual([]);
    // Matching the same cars again gives the same answer (the per-location answers are kept).
    expect(ids("50")).toEqual(at(1));
  });

  it("leaves out a stored search whose near is not one the URL could carry", () => {
    const matcher = new SearchMatcher();
    expect(matcher.upsert({ id: "x", tenant: "alpha", state: { near: { place: "<b>", lat: 1, lng: 1, km: 50 } } })).toBe(false);
    expect(matcher.upsert({ id: "y", tenant: "alpha", state: { near: { ...near(), km: 5000 } } })).toBe(false);
    expect(matcher.upsert({ id: "z", tenant: "alpha", state: { near: { ...near(), lat: Number.NaN } } })).toBe(false);
    expect(matcher.size).toBe(0);
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
    expect(searchParamsOf({ near: near(50) })).toEqual({ query: "", facetFilters: [], numericFilters: [], aroundLatLng: "-27.9671,153.4", aroundRadius: 50_000 });
  });
});
