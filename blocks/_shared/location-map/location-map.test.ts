import { describe, expect, it } from "vitest";
import { validateTenant } from "../../../domain/tenant-validation";
import { fixtureTenant } from "../../../tests/fixtures/fixture-tenant";
import type { Location } from "../../../schemas/generated/tenant";
import { attributionHtml, initialView, mapPlaces, mapSettings } from "./location-map";

const address = { street: "142 Shore Street West", city: "Cleveland", state: "QLD" as const, postcode: "4163", lat: -27.5268, long: 153.2641 };

describe("map settings (tenant `map`, spec §9: zoom and centre from config)", () => {
  it("defaults to OpenStreetMap's tiles and attribution, fitted to the places", () => {
    expect(mapSettings(undefined)).toEqual({
      tileUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
      attribution: "© OpenStreetMap contributors",
      attributionUrl: "https://www.openstreetmap.org/copyright",
      maxZoom: 19,
    });
  });

  it("takes the site's tile source, zoom and centre", () => {
    const map = { tileUrl: "https://{s}.tiles.example.com/{z}/{x}/{y}@2x.png", attribution: "© Example", attributionUrl: "https://example.com/terms", maxZoom: 18, zoom: 9, centre: { lat: -27.5, long: 153.1 } };
    expect(mapSettings(map)).toEqual(map);
  });

  it("is validated: https tile templates with {z}, {x} and {y} only, zoom and centre in range", () => {
    const check = (map: unknown) => validateTenant({ ...structuredClone(fixtureTenant), map }).ok;
    expect(check({})).toBe(true);
    expect(check({ tileUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png", zoom: 12, centre: { lat: -27.47, long: 153.02 } })).toBe(true);
    expect(check({ tileUrl: "http://tile.openstreetmap.org/{z}/{x}/{y}.png" })).toBe(false);
    expect(check({ tileUrl: "https://tile.openstreetmap.org/{z}/{x}.png" })).toBe(false);
    expect(check({ tileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png"><img src=x onerror=alert(1)>' })).toBe(false);
    expect(check({ attributionUrl: "javascript:alert(1)" })).toBe(false);
    expect(check({ zoom: 0 })).toBe(false);
    expect(check({ centre: { lat: -91, long: 0 } })).toBe(false);
    expect(check({ centre: { lat: -27 } })).toBe(false);
    expect(check({ tiles: "x" })).toBe(false);
  });

  it("writes the attribution as escaped text in a link (the document's text is not markup)", () => {
    expect(attributionHtml({ attribution: "© OpenStreetMap contributors", attributionUrl: "https://www.openstreetmap.org/copyright" })).toBe(
      '<a href="https://www.openstreetmap.org/copyright" rel="noopener">© OpenStreetMap contributors</a>',
    );
    expect(attributionHtml({ attribution: "<img src=x onerror=alert(1)>", attributionUrl: 'https://x.example/"onmouseover="alert(1)' })).toBe(
      '<a href="https://x.example/&quot;onmouseover=&quot;alert(1)" rel="noopener">&lt;img src=x onerror=alert(1)&gt;</a>',
    );
  });
});

describe("where the map opens (spec §9: zoom and centre from config)", () => {
  const places = [
    { lat: -27.5268, long: 153.2641 },
    { lat: -27.9701, long: 153.4005 },
  ];
  it("fits the places (and the searched point) when the site sets no centre", () => {
    expect(initialView(places, {})).toEqual({ bounds: [[-27.9701, 153.2641], [-27.5268, 153.4005]], boundsOptions: { padding: [32, 32], maxZoom: 14 } });
    expect(initialView(places, {}, { lat: -28.2, long: 153.5 })).toMatchObject({ bounds: [[-28.2, 153.2641], [-27.5268, 153.5]] });
    expect(initialView(places.slice(0, 1), {})).toEqual({ center: [-27.5268, 153.2641], zoom: 14 });
  });
  it("opens at the site's centre and zoom before a search; a search fits what it found", () => {
    const centre = { lat: -27.47, long: 153.02 };
    expect(initialView(places, { centre, zoom: 8 })).toEqual({ center: [-27.47, 153.02], zoom: 8 });
    expect(initialView(places, { centre })).toEqual({ center: [-27.47, 153.02], zoom: 10 });
    expect(initialView(places, { centre, zoom: 8 }, { lat: -27.9, long: 153.4 })).toMatchObject({ bounds: [[-27.9701, 153.2641], [-27.5268, 153.4005]] });
    expect(initialView(places, { zoom: 11 })).toEqual({ center: [(-27.5268 + -27.9701) / 2, (153.2641 + 153.4005) / 2], zoom: 11 });
  });
});

describe("markers", () => {
  it("one per location with coordinates, with its address line, page and Get Directions", () => {
    const base = { id: 1, name: "Harbourline Toyota Cleveland Sales", slug: "cleveland-sales", dealership_id: 1, location_type: "sales" as const };
    const withCoords = { ...base, address } as Location;
    const without = { ...base, id: 2, slug: "no-coords", address: { ...address, lat: undefined, long: undefined } } as Location;
    expect(mapPlaces([withCoords, without], (l) => `/locations/${l.slug}`)).toEqual([
      {
        id: "cleveland-sales",
        name: "Harbourline Toyota Cleveland Sales",
        lat: -27.5268,
        long: 153.2641,
        address: "142 Shore Street West, Cleveland QLD 4163",
        href: "/locations/cleveland-sales",
        directions: "https://www.google.com/maps/search/?api=1&query=Harbourline+Toyota+Cleveland+Sales+142+Shore+Street+West%2C+Cleveland+QLD+4163",
      },
    ]);
  });
});
