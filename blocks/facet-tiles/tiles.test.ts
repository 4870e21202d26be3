import { describe, expect, it } from "vitest";
import { parsePicturePath, PICTURE_PREFIX } from "../../domain/media";
import type { BlockProps } from "../../renderer/types";
import { readTiles, tilesRequest } from "./tiles";

const props = (p: Partial<BlockProps<"facet-tiles">>): BlockProps<"facet-tiles"> => ({ heading: "Browse", attribute: "body", limit: 8, showCounts: true, ...p });

const facets = { body: { suv: 37, hatch: 15, ute: 7, popTop: 2, naked: 4 }, make: { Toyota: 9, "Land Rover": 9, Kia: 2 } };

describe("facet tiles", () => {
  it("asks for one facet, of one car type when the block names one", () => {
    expect(tilesRequest(props({ attribute: "body", carType: "used" })).params).toMatchObject({ hitsPerPage: 0, facets: ["body"], facetFilters: [["car_type:used"]] });
    expect(tilesRequest(props({ attribute: "make" })).params.facetFilters).toEqual([]);
  });

  it("lists the values with most stock first, up to the limit, with SEO links and labels", () => {
    const tiles = readTiles(props({ attribute: "body", limit: 3 }), facets, false);
    expect(tiles.map((t) => [t.label, t.count, t.href])).toEqual([
      ["SUV", 37, "/search/suv-cars"],
      ["Hatch", 15, "/search/hatch-cars"],
      ["Ute", 7, "/search/ute-cars"],
    ]);
    const makes = readTiles(props({ attribute: "make", carType: "used" }), facets, false);
    expect(makes.map((t) => [t.label, t.href])).toEqual([
      ["Land Rover", "/search/used-cars/land-rover"],
      ["Toyota", "/search/used-cars/toyota"],
      ["Kia", "/search/used-cars/kia"],
    ]);
    expect(makes.every((t) => t.image === null)).toBe(true);
  });

  it("links with the query string where no SEO path says it", () => {
    const [tile] = readTiles(props({ attribute: "fuel" }), { fuel: { Diesel: 3 } }, false);
    expect(tile.href).toBe("/search?refinementList[fuel][0]=Diesel");
    const [joined] = readTiles(props({ attribute: "body", carType: "new" }), { body: { suv: 3 } }, true);
    expect(joined.href).toBe("/search?refinementList[car_type][0]=new&refinementList[body][0]=suv");
  });

  it("draws each body type with a picture the renderer makes, of the right kind of vehicle", () => {
    const tiles = readTiles(props({ attribute: "body" }), facets, false);
    for (const t of tiles) {
      const src = decodeURIComponent(/url=([^&]+)/.exec(t.image!)![1]);
      expect(parsePicturePath(src.slice(PICTURE_PREFIX.length + 1).split("/")), src).not.toBeNull();
    }
    expect(tiles.find((t) => t.value === "popTop")?.image).toContain("%2Fpop-top%2F");
    expect(tiles.find((t) => t.value === "naked")?.image).toContain("%2Fmotorcycle%2F");
  });
});
