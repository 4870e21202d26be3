/**
 * What a map of locations needs, shared by the server blocks that show one (the dealer locator,
 * later a location's page) and the client map (location-map.client.tsx): the places with their
 * coordinates, the site's map settings with their defaults (tenant `map`, spec §9 "Map zoom and
 * centre come from config").
 */
import { addressLine, directionsUrl } from "../../../domain/locations";
import { escapeHtml } from "../../../domain/escape-html";
import type { Location, TenantDocument } from "../../../schemas/generated/tenant";

/** OpenStreetMap's tiles and attribution, as its tile usage policy asks. */
export const DEFAULT_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
export const DEFAULT_ATTRIBUTION = "© OpenStreetMap contributors";
export const DEFAULT_ATTRIBUTION_URL = "https://www.openstreetmap.org/copyright";
export const DEFAULT_MAX_ZOOM = 19;
/** The closest a map fitted to its places zooms in (one place alone would otherwise fill it at street level). */
export const FIT_MAX_ZOOM = 14;
/** Shown instead of the map when its tiles cannot load (offline, blocked, the tile server down). */
export const MAP_UNAVAILABLE = "The map can't be shown right now. Every location below has its address and a Get Directions link.";
/** How long a map waits for its first tile before it gives up. */
export const TILE_TIMEOUT_MS = 10_000;

export interface MapSettings {
  tileUrl: string;
  attribution: string;
  attributionUrl: string;
  maxZoom: number;
  zoom?: number;
  centre?: { lat: number; long: number };
}

/** One marker: a location with its coordinates and what its popup says. */
export interface MapPlace {
  id: string;
  name: string;
  lat: number;
  long: number;
  /** One line: "142 Shore Street West, Cleveland QLD 4163". */
  address: string;
  /** Its page (/locations/{slug}), when the site has location pages. */
  href?: string;
  directions: string;
}

/** The markers for locations that have coordinates; `pageOf` gives a location's page, if the site has one. */
export function mapPlaces(locations: readonly Location[], pageOf: (location: Location) => string | undefined): MapPlace[] {
  return locations.flatMap((l) =>
    typeof l.address.lat === "number" && typeof l.address.long === "number"
      ? [{ id: l.slug, name: l.name, lat: l.address.lat, long: l.address.long, address: addressLine(l.address), href: pageOf(l), directions: directionsUrl(l) }]
      : [],
  );
}

/** The site's map settings, defaults filled in (a document saved before `map` existed has none). */
export function mapSettings(map: TenantDocument["map"] | undefined): MapSettings {
  return {
    tileUrl: map?.tileUrl ?? DEFAULT_TILE_URL,
    attribution: map?.attribution ?? DEFAULT_ATTRIBUTION,
    attributionUrl: map?.attributionUrl ?? DEFAULT_ATTRIBUTION_URL,
    maxZoom: map?.maxZoom ?? DEFAULT_MAX_ZOOM,
    ...(map?.zoom !== undefined ? { zoom: map.zoom } : {}),
    ...(map?.centre ? { centre: { lat: map.centre.lat, long: map.centre.long } } : {}),
  };
}

export type MapView =
  | { center: [number, number]; zoom: number }
  | { bounds: [[number, number], [number, number]]; boundsOptions: { padding: [number, number]; maxZoom: number } };

/** The zoom of a map with a configured centre but no zoom (a city and its suburbs). */
export const DEFAULT_CENTRED_ZOOM = 10;

/**
 * Where the map opens (spec §9: zoom and centre from config): before a search, at the site's centre
 * and zoom when it sets them (its zoom around the places' middle when it sets only a zoom); after a
 * search, fitted to the searched point and the places found, so none is off the map. One place
 * alone is shown at FIT_MAX_ZOOM.
 */
export function initialView(places: readonly Pick<MapPlace, "lat" | "long">[], settings: Pick<MapSettings, "zoom" | "centre">, searched?: { lat: number; long: number } | null): MapView {
  if (!searched && settings.centre) return { center: [settings.centre.lat, settings.centre.long], zoom: settings.zoom ?? DEFAULT_CENTRED_ZOOM };
  const points = [...places, ...(searched ? [searched] : [])];
  const south = Math.min(...points.map((p) => p.lat));
  const north = Math.max(...points.map((p) => p.lat));
  const west = Math.min(...points.map((p) => p.long));
  const east = Math.max(...points.map((p) => p.long));
  const middle: [number, number] = [(south + north) / 2, (west + east) / 2];
  if (points.length === 1) return { center: middle, zoom: settings.zoom ?? FIT_MAX_ZOOM };
  if (!searched && settings.zoom !== undefined) return { center: middle, zoom: settings.zoom };
  return { bounds: [[south, west], [north, east]], boundsOptions: { padding: [32, 32], maxZoom: FIT_MAX_ZOOM } };
}

/** The attribution as HTML for the map's corner: the text and link escaped (the document's values are not trusted as markup). */
export function attributionHtml(settings: Pick<MapSettings, "attribution" | "attributionUrl">): string {
  return `<a href="${escapeHtml(settings.attributionUrl)}" rel="noopener">${escapeHtml(settings.attribution)}</a>`;
}

/** Where a place sits on the drawn map, in percent of its width and height. */
export interface DrawnPoint {
  x: number;
  y: number;
}

/**
 * The drawn map's positions (shown when no tile can load): the points projected equirectangularly
 * (longitude scaled by the cosine of the middle latitude, so distances look right at our
 * latitudes), fitted into the frame with a margin — 12–88% across, 18–82% down — keeping their
 * proportions; one point, or points all in one spot, at the middle.
 */
export function drawnPoints(points: readonly { lat: number; long: number }[], aspect = 2): DrawnPoint[] {
  if (!points.length) return [];
  const midLat = (Math.min(...points.map((p) => p.lat)) + Math.max(...points.map((p) => p.lat))) / 2;
  const k = Math.cos((midLat * Math.PI) / 180);
  const xs = points.map((p) => p.long * k);
  const ys = points.map((p) => -p.lat);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const width = 76; // percent of the frame's width usable
  const height = 64; // percent of its height
  // One scale for both axes, in frame-width units; `aspect` is the frame's width / height.
  const spanX = x1 - x0;
  const spanY = y1 - y0;
  const scale = Math.min(spanX > 0 ? width / spanX : Infinity, spanY > 0 ? (height / aspect) / spanY : Infinity);
  const round = (n: number) => Math.round(n * 10) / 10;
  if (!Number.isFinite(scale)) return points.map(() => ({ x: 50, y: 50 }));
  return points.map((_, i) => ({
    x: round(50 + (xs[i] - (x0 + x1) / 2) * scale),
    y: round(50 + (ys[i] - (y0 + y1) / 2) * scale * aspect),
  }));
}
