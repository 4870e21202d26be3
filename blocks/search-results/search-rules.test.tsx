import { describe, expect, it, vi } from "vitest";
import { hasEntry, listKey, parseList, toggleEntry } from "../_shared/favourites";
import { carouselEdges, carouselStep } from "./carousel";
import { rangeLabel, valueLabel } from "../_shared/search/display";
import { splitMakes } from "./filters";
import qs from "qs";
import { boundsAround, rangeBounds, rangeRefinement } from "../_shared/search/range";
import { routeQuery, sanitiseRoute } from "../_shared/search/routing";
import { historyKey, historyLabel, readHistory, recordSearch } from "./history";
import { withResultCache } from "../_shared/search/result-cache";
import { filterSettings } from "./settings";
import { testTenant } from "../../tests/fixtures/fixture-tenant";

const aud = { locale: "en-AU" as const, currency: "AUD" as const };

// The debounces (spec §9) are driven with fake timers in debounce.test.tsx.

describe("price and km sliders (spec §5)", () => {
  it("take bounds from the facet stats in thousands, 100,000 by default, with whole-thousand steps", () => {
    expect(rangeBounds("price", { min: 4500, max: 87250 })).toEqual({ min: 4000, max: 88000, step: 1000 });
    expect(rangeBounds("price", { min: 0, max: 0 })).toEqual({ min: 0, max: 100000, step: 1000 });
    expect(rangeBounds("price", { min: 10000, max: 910000 })).toEqual({ min: 10000, max: 910000, step: 9000 });
  });

  it("round to 1000 and keep the minimum a whole 1000 under the maximum", () => {
    const b = { min: 0, max: 100000, step: 1000 };
    expect(rangeRefinement("price", [5400, 19600], b)).toBe("5000:20000");
    expect(rangeRefinement("price", [30000, 30000], b)).toBe("30000:31000");
    expect(rangeRefinement("price", [50000, 20000], b)).toBe("20000:50000");
    expect(rangeRefinement("km", [-500, 250000], b)).toBeUndefined();
  });

  it("leave an end open at its bound, and refine nothing at the full range", () => {
    const b = { min: 0, max: 100000, step: 1000 };
    expect(rangeRefinement("price", [0, 50000], b)).toBe(":50000");
    expect(rangeRefinement("price", [20000, 100000], b)).toBe("20000:");
    expect(rangeRefinement("price", [0, 100000], b)).toBeUndefined();
  });

  it("write every position as a URL that reads back as the same filter (issue 29)", () => {
    const statsOf: Record<string, { min: number; max: number }[]> = {
      price: [{ min: 4500, max: 87250 }, { min: 0, max: 0 }, { min: 10000, max: 910000 }],
      km: [{ min: 12, max: 248_731 }, { min: 0, max: 0 }],
      year: [{ min: 2008, max: 2026 }, { min: 0, max: 0 }],
    };
    for (const [attribute, statsList] of Object.entries(statsOf)) {
      for (const stats of statsList) {
        const b = rangeBounds(attribute, stats);
        const stride = Math.max(b.step, Math.round((b.max - b.min) / 15 / b.step) * b.step);
        for (let lo = b.min; lo <= b.max; lo += stride) {
          for (const hi of [lo, lo + b.step, b.max, lo - b.step, lo + 3.3 * b.step]) {
            const value = rangeRefinement(attribute, [lo, hi], b);
            if (!value) continue;
            expect(value).not.toBe(":");
            const read = sanitiseRoute(qs.parse(routeQuery({ range: { [attribute]: value } }).slice(1)), []);
            expect(read.range?.[attribute], `${attribute} ${lo}–${hi} in ${JSON.stringify(b)}`).toBe(value);
          }
        }
      }
    }
  });

  it("take in a refinement beyond the stock's bounds, so the thumbs show it (issue 29: '$44,000 – $44,000')", () => {
    const b = rangeBounds("price", { min: 13000, max: 114000 });
    expect(boundsAround("price", b, [150000, undefined])).toEqual({ min: 13000, max: 151000, step: 1000 });
    expect(boundsAround("price", b, [1000, 200000])).toEqual({ min: 0, max: 201000, step: 1000 });
    expect(boundsAround("price", b, [13000, 114000])).toEqual({ min: 12000, max: 115000, step: 1000 });
    expect(boundsAround("price", b, [undefined, 5000])).toEqual({ min: 4000, max: 114000, step: 1000 });
    expect(boundsAround("price", b, [20000, 50000])).toBe(b);
    expect(boundsAround("price", b, [undefined, undefined])).toBe(b);
    expect(boundsAround("year", rangeBounds("year", { min: 2008, max: 2026 }), [2027, undefined])).toEqual({ min: 2008, max: 2028, step: 1 });
    // A refined end inside the widened bounds stays when the other thumb moves.
    const wide = boundsAround("price", rangeBounds("price", { min: 30000, max: 30000 }), [20000, 50000]);
    expect(rangeRefinement("price", [25000, 50000], wide)).toBe("25000:50000");
    expect(rangeRefinement("price", [20000, 50000], wide)).toBe("20000:50000");
  });

  it("move years by whole years", () => {
    const b = rangeBounds("year", { min: 2008, max: 2026 });
    expect(b).toEqual({ min: 2008, max: 2026, step: 1 });
    expect(rangeRefinement("year", [2015.4, 2015], b)).toBe("2015:2016");
  });

  it("read as money, kilometres or years", () => {
    expect(rangeLabel("price", "5000:20000", aud)).toBe("$5,000 – $20,000");
    expect(rangeLabel("km", ":50000", aud)).toBe("up to 50,000 km");
    expect(rangeLabel("year", "2018:", aud)).toBe("from 2018");
  });
});

describe("facet value labels", () => {
  it("names car types and body types for people", () => {
    expect(valueLabel("car_type", "new")).toBe("New");
    expect(valueLabel("body", "suv")).toBe("SUV");
    expect(valueLabel("body", "cabChassis")).toBe("Cab Chassis");
    expect(valueLabel("body", "hatch")).toBe("Hatch");
    expect(valueLabel("make", "Mercedes-Benz")).toBe("Mercedes-Benz");
  });
});

describe("make list", () => {
  it("shows the most common first, the rest alphabetically", () => {
    const item = (label: string, count: number) => ({ label, value: label, count, isRefined: false, highlighted: label });
    const items = [item("Toyota", 9), item("Mazda", 5), item("BMW", 3), item("Audi", 2), { ...item("Škoda", 1), isRefined: true }];
    const folded = splitMakes(items, 2, false);
    expect(folded.popular.map((i) => i.label)).toEqual(["Toyota", "Mazda"]);
    expect(folded.rest.map((i) => i.label)).toEqual(["BMW", "Audi", "Škoda"]);
    expect(folded.restShown.map((i) => i.label)).toEqual(["Škoda"]);
    expect(splitMakes(items, 2, true).restShown.map((i) => i.label)).toEqual(["Audi", "BMW", "Škoda"]);
  });
});

describe("filter settings", () => {
  it("turns the site's filters into widgets with the spec's limits", () => {
    const tenant = testTenant((t) => {
      t.search.filters = [
        { attribute: "body", label: "Body type" },
        { attribute: "make", label: "Make" },
        { attribute: "model", label: "Model", limit: 250 },
        { attribute: "car_type", label: "Car type" },
        { attribute: "price_range", label: "Price" },
        { attribute: "price", label: "Price again" },
        { attribute: "weekly_price_range", label: "Weekly price" },
        { attribute: "location_name", label: "Location" },
      ];
      t.search.joinNewAndDemo = true;
    });
    expect(filterSettings(tenant.search)).toEqual([
      { kind: "list", attribute: "body", label: "Body type", limit: 30 },
      { kind: "make", attribute: "make", label: "Make", limit: 100, shown: 7, headings: false },
      { kind: "model", attribute: "model", label: "Model", limit: 30 },
      {
        kind: "car-type",
        attribute: "car_type",
        label: "Car type",
        options: [
          { id: "all", label: "All", values: [] },
          { id: "new", label: "New", values: ["new", "demo"] },
          { id: "new-demo", label: "New / Demo", values: ["new", "demo"] },
          { id: "used", label: "Used", values: ["used"] },
          { id: "demo", label: "Demo", values: ["demo"] },
        ],
      },
      { kind: "range", attribute: "price", label: "Price" },
      { kind: "list", attribute: "weekly_price_range", label: "Weekly price", limit: 30 },
      { kind: "list", attribute: "location_name", label: "Location", limit: 30 },
    ]);
  });

  it("has no car type slider when the site offers one option", () => {
    const tenant = testTenant((t) => (t.search.carTypeOptions = ["used"]));
    expect(filterSettings(tenant.search).some((f) => f.kind === "car-type")).toBe(false);
  });
});

describe("search history", () => {
  it("keeps searches with filters, newest first, at most 5, and reads them as text", () => {
    let h = readHistory(null);
    h = recordSearch(h, "/search?query=ute", { query: "ute" });
    expect(h).toEqual([]);
    for (let i = 0; i < 7; i++) h = recordSearch(h, `/search?page=${i}`, { refinementList: { make: [`Make${i}`] } });
    expect(h.map((e) => e.path)).toEqual(["/search?page=6", "/search?page=5", "/search?page=4", "/search?page=3", "/search?page=2"]);
    const entry = recordSearch([], "/search/used-cars", { refinementList: { car_type: ["used"], make: ["Kia", "Mazda"] }, range: { price: "5000:20000" } })[0];
    expect(historyLabel(entry, aud)).toBe("Used · Kia, Mazda · $5,000 – $20,000");
    // A distance is a filter, read as its chip (issue 34).
    const near = recordSearch([], "/search?near=…", { refinementList: { body: ["ute"] }, near: { place: "Southport, QLD", lat: -27.969, lng: 153.404, km: 50 } })[0];
    expect(historyLabel(near, aud)).toBe("Ute · Within 50 km of Southport, QLD");
    expect(historyKey("bluegum")).toBe("forecourt:bluegum:search-history");
  });

  it("ignores stored junk", () => {
    expect(readHistory("{oops")).toEqual([]);
    expect(readHistory(JSON.stringify([{ path: "javascript:alert(1)", filters: {} }, { path: "/search", filters: { make: ["Kia"] } }]))).toEqual([
      { path: "/search", filters: { make: ["Kia"] } },
    ]);
  });
});

describe("result cache (spec §4)", () => {
  it("answers a repeated search from memory and drops the oldest when full", async () => {
    const search = vi.fn(async (q: string) => ({ q }));
    const client = withResultCache({ search }, 2);
    await client.search("a");
    await client.search("b");
    await client.search("a");
    expect(search).toHaveBeenCalledTimes(2);
    await client.search("c"); // drops b, the least recently used
    await client.search("a");
    await client.search("b");
    expect(search.mock.calls.map((c) => c[0])).toEqual(["a", "b", "c", "b"]);
  });

  it("does not keep a failed search", async () => {
    let fail = true;
    const client = withResultCache({ search: async () => (fail ? Promise.reject(new Error("down")) : "ok") }, 5);
    await expect(client.search()).rejects.toThrow("down");
    fail = false;
    await expect(client.search()).resolves.toBe("ok");
  });
});

describe("carousel arrows", () => {
  it("are disabled at the ends", () => {
    expect(carouselEdges({ scrollLeft: 0, clientWidth: 900, scrollWidth: 3000 })).toEqual({ canPrev: false, canNext: true });
    expect(carouselEdges({ scrollLeft: 2100, clientWidth: 900, scrollWidth: 3000 })).toEqual({ canPrev: true, canNext: false });
    expect(carouselEdges({ scrollLeft: 0, clientWidth: 900, scrollWidth: 900 })).toEqual({ canPrev: false, canNext: false });
    expect(carouselStep(900, 290, 16)).toBe(306);
  });
});

describe("favourites and compare lists", () => {
  it("toggle a car in and out of a per-site list", () => {
    const entry = { id: "7", name: "2021 Kia Rio", slug: "kia-rio-7", make: "Kia", model: "Rio", primary_image_url: "/a.jpg" };
    const added = toggleEntry(parseList(null), entry);
    expect(added.outcome).toBe("added");
    expect(hasEntry(added.list, "7")).toBe(true);
    expect(toggleEntry(added.list, entry)).toEqual({ list: [], outcome: "removed" });
    expect(parseList("not json")).toEqual([]);
    expect(listKey("bluegum", "compare")).toBe("forecourt:bluegum:compare");
  });
});
