import { describe, expect, it } from "vitest";
import { parseSearchPath, pathNeedsFacets, searchPathFound, searchPathSegments, searchPathTitle, seoPathFor, slugify, type SearchPathOptions } from "./search-paths";

const facets = {
  make: ["Toyota", "Land Rover", "Mercedes-Benz", "Mazda"],
  model: ["Corolla", "HiLux", "Range Rover Sport", "CX-5", "C-Class", "Defender"],
  make_model: ["Toyota > Corolla", "Toyota > HiLux", "Land Rover > Range Rover Sport", "Land Rover > Defender", "Mazda > CX-5", "Mercedes-Benz > C-Class"],
  body: ["suv", "hatch", "ute", "cabChassis", "Pop Top"],
};
const opts: SearchPathOptions = { joinNewAndDemo: false, carTypes: ["new", "demo", "used"] };
const refinements = (path: string, o: Partial<SearchPathOptions> = {}) => parseSearchPath(path, facets, { ...opts, ...o })?.refinementList;

describe("slugify", () => {
  it("lower-cases and hyphenates", () => {
    expect(slugify("Land Rover")).toBe("land-rover");
    expect(slugify("Mercedes-Benz")).toBe("mercedes-benz");
    expect(slugify("CX-5")).toBe("cx-5");
    expect(slugify("  Škoda  ")).toBe("skoda");
  });
});

describe("parseSearchPath: car type paths", () => {
  it("reads the spec's car type paths", () => {
    expect(refinements("/search")).toEqual({});
    expect(refinements("/search/new-cars")).toEqual({ car_type: ["new"] });
    expect(refinements("/search/used-cars")).toEqual({ car_type: ["used"] });
    expect(refinements("/search/demo-cars")).toEqual({ car_type: ["demo"] });
    expect(refinements("/search/new-and-demo-cars")).toEqual({ car_type: ["new", "demo"] });
    expect(refinements("/search/new-used-and-demo-cars")).toEqual({ car_type: ["new", "used", "demo"] });
    expect(refinements("/search/used")).toEqual({ car_type: ["used"] });
  });

  it("selects new and demo for new where the site joins them", () => {
    expect(refinements("/search/new-cars", { joinNewAndDemo: true })).toEqual({ car_type: ["new", "demo"] });
    expect(refinements("/search/new", { joinNewAndDemo: true })).toEqual({ car_type: ["new", "demo"] });
  });

  it("reads {body}-cars as a body type", () => {
    expect(refinements("/search/suv-cars")).toEqual({ body: ["suv"] });
    expect(refinements("/search/cab-chassis-cars")).toEqual({ body: ["cabChassis"] });
  });
});

describe("parseSearchPath: make, model and body slugs", () => {
  it("matches make and model slugs case-insensitively against facet values", () => {
    expect(refinements("/search/toyota")).toEqual({ make: ["Toyota"] });
    expect(refinements("/search/Land-Rover")).toEqual({ make: ["Land Rover"] });
    expect(refinements("/search/mercedes-benz/c-class")).toEqual({ make: ["Mercedes-Benz"], model: ["C-Class"] });
    expect(refinements("/search/toyota/hilux")).toEqual({ make: ["Toyota"], model: ["HiLux"] });
    expect(refinements("/search/land-rover/range-rover-sport")).toEqual({ make: ["Land Rover"], model: ["Range Rover Sport"] });
  });

  it("only takes a model of the make before it", () => {
    const state = parseSearchPath("/search/toyota/defender", facets, opts);
    expect(state?.refinementList).toEqual({ make: ["Toyota"] });
    expect(state?.unmatched).toEqual(["defender"]);
  });

  it("reads body slugs, camelCase and spaced values included", () => {
    expect(refinements("/search/suv")).toEqual({ body: ["suv"] });
    expect(refinements("/search/cab-chassis")).toEqual({ body: ["cabChassis"] });
    expect(refinements("/search/pop-top")).toEqual({ body: ["Pop Top"] });
  });

  it("normalises the spec's other body slugs to the site's body values", () => {
    expect(refinements("/search/hatchback")).toEqual({ body: ["hatch"] });
    expect(refinements("/search/hatchback-cars")).toEqual({ body: ["hatch"] });
    expect(refinements("/search/used-cars/hatchback")).toEqual({ car_type: ["used"], body: ["hatch"] });
    expect(refinements("/search/cabchassis")).toEqual({ body: ["cabChassis"] });
  });

  it("reads truck as a light truck (truck stock) by default and as a ute where the site says so", () => {
    const withTrucks = { ...facets, item_type: ["car", "truck"] };
    expect(parseSearchPath("/search/light-truck", withTrucks, opts)?.refinementList).toEqual({ item_type: ["truck"] });
    expect(parseSearchPath("/search/lighttruck", withTrucks, opts)?.refinementList).toEqual({ item_type: ["truck"] });
    expect(parseSearchPath("/search/truck", withTrucks, opts)?.refinementList).toEqual({ item_type: ["truck"] });
    expect(parseSearchPath("/search/truck", withTrucks, { ...opts, truckSlug: "ute" })?.refinementList).toEqual({ body: ["ute"] });
    // A site with no truck stock: the slug matches nothing rather than showing everything as trucks.
    expect(parseSearchPath("/search/light-truck", { ...facets, item_type: ["car"] }, opts)?.unmatched).toEqual(["light-truck"]);
  });

  it("titles a light-truck search", () => {
    expect(searchPathTitle({ item_type: ["truck"] }, "Vehicles")).toBe("Light Truck Vehicles for Sale");
    expect(searchPathTitle({ car_type: ["used"], body: ["hatch"] }, "Cars", () => "Hatch")).toBe("Used Hatch Cars for Sale");
  });

  it("combines a car type with a make and model", () => {
    expect(refinements("/search/used-cars/mazda/cx-5")).toEqual({ car_type: ["used"], make: ["Mazda"], model: ["CX-5"] });
  });

  it("leaves out segments that match nothing", () => {
    const state = parseSearchPath("/search/holden", facets, opts);
    expect(state).toEqual({ path: "/search/holden", basePath: "/search", refinementList: {}, unmatched: ["holden"] });
  });

  it("a path with a segment that names nothing is not a page (a 404, not all stock under its own address)", () => {
    const found = (path: string, f = facets) => searchPathFound(parseSearchPath(path, f, opts));
    for (const path of ["/search/nonsense-xyz", "/search/a/b/c", "/search/ford/xyz", "/search/toyota/toyota", "/search/used-cars/new-cars", "/used-car/nonsense"]) {
      expect(found(path), path).toBe(false);
    }
    // A body type the site does not sell (Redgate's /search/ute): its bodies are the facet values.
    expect(found("/search/ute", { ...facets, body: ["hatch", "suv"] })).toBe(false);
    for (const path of ["/search", "/search/used-cars", "/search/toyota/corolla", "/search/used-cars/mazda/cx-5", "/search/suv", "/used-car"]) {
      expect(found(path, { ...facets, body: ["hatch", "suv"] }), path).toBe(true);
    }
    // Not a search path: not this rule's.
    expect(searchPathFound(parseSearchPath("/cars/abc", facets, opts))).toBe(true);
  });
});

describe("parseSearchPath: the used variant", () => {
  it("reads /used-car/… like /search/… with used implied", () => {
    expect(parseSearchPath("/used-car", facets, opts)).toEqual({ path: "/used-car", basePath: "/used-car", refinementList: { car_type: ["used"] }, unmatched: [] });
    expect(refinements("/used-car/toyota/corolla")).toEqual({ car_type: ["used"], make: ["Toyota"], model: ["Corolla"] });
    expect(refinements("/used-car/suv")).toEqual({ car_type: ["used"], body: ["suv"] });
  });

  it("adds no car type on a used-only site, where every car is used", () => {
    expect(refinements("/used-car/toyota", { carTypes: ["used"] })).toEqual({ make: ["Toyota"] });
  });
});

describe("search path helpers", () => {
  it("recognises only search paths", () => {
    expect(parseSearchPath("/cars/abc", facets, opts)).toBeNull();
    expect(searchPathSegments("/search/")).toEqual({ basePath: "/search", segments: [] });
    expect(searchPathSegments("/used-car/Toyota/")).toEqual({ basePath: "/used-car", segments: ["toyota"] });
  });

  it("asks for facet values only when a segment is not a car type", () => {
    expect(pathNeedsFacets("/search")).toBe(false);
    expect(pathNeedsFacets("/search/used-cars")).toBe(false);
    expect(pathNeedsFacets("/search/toyota")).toBe(true);
    expect(pathNeedsFacets("/used-car/suv")).toBe(true);
  });
});

describe("seoPathFor: the path that says a set of refinements", () => {
  it("writes paths that read back as the same refinements", () => {
    const cases: Record<string, string[]>[] = [
      {},
      { car_type: ["used"] },
      { car_type: ["new", "demo"] },
      { car_type: ["used", "new", "demo"] },
      { make: ["Land Rover"] },
      { make: ["Mercedes-Benz"], model: ["C-Class"] },
      { car_type: ["demo"], make: ["Mazda"], model: ["CX-5"], body: ["suv"] },
      { body: ["cabChassis"] },
      { car_type: ["used"], body: ["Pop Top"] },
    ];
    for (const list of cases) {
      const path = seoPathFor(list, opts);
      expect(path, JSON.stringify(list)).not.toBeNull();
      const back = refinements(path!);
      expect(Object.fromEntries(Object.entries(back!).map(([k, v]) => [k, [...v].sort()]))).toEqual(Object.fromEntries(Object.entries(list).map(([k, v]) => [k, [...v].sort()])));
    }
    expect(seoPathFor({ make: ["Mercedes-Benz"], model: ["C-Class"] }, opts)).toBe("/search/mercedes-benz/c-class");
    expect(seoPathFor({ car_type: ["used"], body: ["suv"] }, opts)).toBe("/search/used-cars/suv-cars");
  });

  it("says new-cars for new and demo where the site joins them, and nothing for new alone there", () => {
    const joined = { ...opts, joinNewAndDemo: true };
    expect(seoPathFor({ car_type: ["new", "demo"] }, joined)).toBe("/search/new-cars");
    expect(refinements("/search/new-cars", joined)).toEqual({ car_type: ["new", "demo"] });
    expect(seoPathFor({ car_type: ["new"] }, joined)).toBeNull();
  });

  it("has no path for two makes, a model without its make, or other filters", () => {
    expect(seoPathFor({ make: ["Toyota", "Mazda"] }, opts)).toBeNull();
    expect(seoPathFor({ model: ["Corolla"] }, opts)).toBeNull();
    expect(seoPathFor({ make: ["Toyota"], colour: ["Red"] }, opts)).toBeNull();
    expect(seoPathFor({ car_type: ["used", "demo"] }, opts)).toBeNull();
  });
});

describe("searchPathTitle", () => {
  it("names what an SEO path shows", () => {
    expect(searchPathTitle({ car_type: ["used"], make: ["Toyota"], model: ["Corolla"] }, "Cars")).toBe("Used Toyota Corolla Cars for Sale");
    expect(searchPathTitle({ car_type: ["new", "demo"], body: ["suv"] }, "Cars", (b) => b.toUpperCase())).toBe("New & Demo SUV Cars for Sale");
    expect(searchPathTitle({ make: ["Jayco"] }, "Caravans")).toBe("Jayco Caravans for Sale");
    // All three car types is all stock: nothing to say about the type.
    expect(searchPathTitle({ car_type: ["new", "used", "demo"] }, "Cars")).toBeNull();
    expect(searchPathTitle({}, "Cars")).toBeNull();
  });
});
