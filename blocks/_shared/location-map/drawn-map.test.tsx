import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DrawnMap } from "./drawn-map";
import { drawnPoints, MAP_UNAVAILABLE, type MapPlace } from "./location-map";

const place = (id: string, lat: number, long: number, href?: string): MapPlace => ({ id, name: `Place ${id}`, lat, long, address: `${id} Street`, href, directions: `https://maps.example.com/${id}` });

describe("drawn map positions", () => {
  it("puts one place, or places in one spot, in the middle", () => {
    expect(drawnPoints([{ lat: -27.5, long: 153 }])).toEqual([{ x: 50, y: 50 }]);
    expect(drawnPoints([{ lat: -27.5, long: 153 }, { lat: -27.5, long: 153 }])).toEqual([{ x: 50, y: 50 }, { x: 50, y: 50 }]);
  });

  it("keeps west left and north up, inside the margins, with one scale for both axes", () => {
    // Brisbane, the Gold Coast (south-east) and Toowoomba (west).
    const [bne, gc, twb] = drawnPoints([{ lat: -27.47, long: 153.03 }, { lat: -28.0, long: 153.43 }, { lat: -27.56, long: 151.95 }]);
    expect(twb.x).toBe(12);
    expect(gc.x).toBe(88);
    expect(gc.y).toBeGreaterThan(bne.y);
    for (const p of [bne, gc, twb]) {
      expect(p.x).toBeGreaterThanOrEqual(12);
      expect(p.x).toBeLessThanOrEqual(88);
      expect(p.y).toBeGreaterThanOrEqual(18);
      expect(p.y).toBeLessThanOrEqual(82);
    }
  });
});

describe("drawn map", () => {
  it("shows a single place with its name and Get Directions, linked to its directions, and the notice", () => {
    const html = renderToStaticMarkup(<DrawnMap places={[place("a", -27.5, 153)]} label="Map of Place a" directionsText="Get Directions" />);
    expect(html).toContain('role="region" aria-label="Map of Place a" data-testid="drawn-map"');
    expect(html).toMatch(/<li class="[^"]*" style="left:50%;top:50%"><a href="https:\/\/maps.example.com\/a"[^>]*target="_blank" rel="noopener noreferrer">/);
    expect(html).toContain("Place a<span");
    expect(html).toContain("> Get Directions</span>");
    expect(html).toContain(`data-testid="map-unavailable">${MAP_UNAVAILABLE.replace(/'/g, "&#x27;")}</p>`);
    expect(html).not.toContain("<img");
  });

  it("links several places to their pages, names them while few, and draws the searched place", () => {
    const few = renderToStaticMarkup(<DrawnMap places={[place("a", -27.5, 153, "/locations/a"), place("b", -28, 153.4)]} searched={{ lat: -27.6, long: 152.9, label: "4000" }} label="Map" directionsText="Get Directions" />);
    expect(few).toContain('href="/locations/a"');
    expect(few).toContain('href="https://maps.example.com/b"');
    expect(few).not.toContain(">Get Directions<");
    expect(few).toContain(">4000</span>");
    const many = renderToStaticMarkup(<DrawnMap places={Array.from({ length: 7 }, (_, i) => place(String(i), -27 - i / 10, 153 + i / 10, `/locations/${i}`))} label="Map" directionsText="Get Directions" />);
    expect(many.match(/class="fc-visually-hidden">Place \d/g)).toHaveLength(7);
  });
});
